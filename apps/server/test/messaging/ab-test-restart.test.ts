import { channelPath } from '@qrqr/shared/channel-paths';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/client';
import { deliverDue } from '../../src/modules/messaging/deliver';
import type { AppContext } from '../../src/platform/core/context';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import type { Member } from '../helpers/factories';
import { addFollowers, deliveriesOf, openSome, partsOf, saveTestDraft, splitOf } from './ab-helpers';
import { notify } from './helpers';

/**
 * A/B tests across crashes and restarts: nothing of a test lives in a process. The test send is
 * made by one server; a second (a restart, its own connections to the same database) decides the
 * winner, and its winner's send fails in its claim (a crash in the fan-out: the transaction rolls
 * back); a third finishes it. The stored split never moves, and every follower ends with exactly one
 * delivery: its group's variant, or the winner.
 */
let t: TestApp;
let owner: Member;
const servers: Array<{ ctx: AppContext; close(): Promise<void> }> = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await t?.close();
});

/** Another server process on the same database. */
async function restarted() {
  const db = createDb(t.ctx.config);
  const { app, ctx } = await buildApp({ config: t.ctx.config, db });
  const server = {
    ctx,
    async close() {
      await app.close();
      await db.close();
    },
  };
  servers.push(server);
  return server;
}

const HOUR = 3_600_000;
const T0 = Math.ceil((Date.now() + 10 * 24 * HOUR) / 1000) * 1000;

it('keeps the split and sends the winner once across restarts and a failed fan-out', async () => {
  const channel = await createChannel(owner.client);
  await addFollowers(t.ctx.db, channel.channel_id, 600);
  const saved = await saveTestDraft(
    owner.client,
    channel.channel_id,
    { send_dt: T0 / 1000 },
    { share_percent: 40 },
  );
  const id = saved.message.message_id;
  await notify(owner.client, channel.channel_id, id);
  await deliverDue(t.ctx, () => T0);
  const split = await splitOf(t.ctx.db, id);
  expect(split.size).toBe(240);
  const { variants } = await partsOf(t.ctx.db, id);
  await openSome(t.ctx.db, variants[1] as number, 40, T0 + HOUR);

  // The second server decides; its winner's send fails while being written.
  const second = await restarted();
  let failures = 0;
  second.ctx.registry.register(points.delivered, async (e) => {
    if (e.messageId !== null && !variants.includes(e.messageId)) {
      failures++;
      throw new Error('the process dies in the fan-out');
    }
  });
  await deliverDue(second.ctx, () => T0 + 24 * HOUR);
  expect(failures).toBeGreaterThan(0);
  const decided = await partsOf(t.ctx.db, id);
  expect(decided.winner).toMatchObject({ variant: 1, status: 1 });
  expect((await deliveriesOf(t.ctx.db, [Number(decided.winner?.id)])).size).toBe(0);
  expect(await splitOf(t.ctx.db, id)).toEqual(split);

  // A third server, later: the winner's send goes out once; nothing of the test moved.
  const third = await restarted();
  await deliverDue(third.ctx, () => T0 + 25 * HOUR);
  await deliverDue(third.ctx, () => T0 + 26 * HOUR);
  await deliverDue(t.ctx, () => T0 + 27 * HOUR);
  expect(await splitOf(t.ctx.db, id)).toEqual(split);
  const after = await partsOf(t.ctx.db, id);
  expect(after.winner).toMatchObject({ id: decided.winner?.id, status: 2 });
  const all = await deliveriesOf(t.ctx.db, [...variants, Number(after.winner?.id)]);
  expect(all.size).toBe(600);
  for (const [follower, got] of all) {
    const group = split.get(follower);
    expect(got).toEqual([group === undefined ? Number(after.winner?.id) : variants[group]]);
  }
  const list = await owner.client.get(channelPath.messages(channel.channel_id));
  expect(list.json().total_count).toBe(1);
});
