import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/app';
import { openSome, partsOf, splitOf } from './ab-helpers';
import { expectExactlyOnce, reachCap } from './ab-seed';
import { databaseUrl, killedServers, onPostgres, until } from './killed-server';
import { seedChannelWithFollowers, seedTestMessage } from './seed';

/**
 * An A/B test's send across kills (SIGKILL) of the real server: in the test send (its groups'
 * deliveries held open), between the test send and the winner's send (the server that sent the test
 * killed; the next one killed in its decision; the next decides and is killed in the winner's
 * claim), and in the winner's fan-out.
 * After each restart the stored split is the same, and at the end every follower has exactly one
 * delivery, its group's variant or the winner, none only when over the channel's frequency cap.
 */
const FOLLOWERS = 3000;

describe.runIf(!onPostgres || databaseUrl)(`an A/B test's send across kill -9 (${testDb})`, () => {
  const servers = killedServers('ab-kill');
  afterAll(() => servers.cleanup());

  const statusOf = async (id: number) =>
    Number(
      (
        await servers
          .db()
          .kysely.selectFrom('messages')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
    );
  const rowsOf = async (ids: readonly number[]) =>
    Number(
      (
        await servers
          .db()
          .kysely.selectFrom('message_deliveries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('message_id', 'in', [...ids])
          .executeTakeFirstOrThrow()
      ).n,
    );
  const testRow = (id: number) =>
    servers
      .db()
      .kysely.selectFrom('message_tests')
      .selectAll()
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();

  it('every follower ends with exactly one variant or the winner, or none when capped', async () => {
    const { channelId, messageId, capped } = await servers.migrated(async (db) => {
      const { channelId } = await seedChannelWithFollowers(db, FOLLOWERS);
      // A cap of 1 that every 7th follower has reached: they get nothing, in a group or not.
      const capped = await reachCap(db, channelId, 1, 7);
      const messageId = await seedTestMessage(db, channelId, {
        sendAt: Date.now(),
        sharePercent: 30,
        variants: 3,
      });
      return { channelId, messageId, capped };
    });
    const { variants } = await partsOf(servers.db(), messageId);
    const isTest = (id: number) => variants.includes(id);

    // 1. Killed in the test send: its claim (the split) committed, its groups' deliveries held.
    await servers.killWhileHeld('rest', 3_000, (id) => id === messageId);
    const split = await splitOf(servers.db(), messageId);
    expect(split.size).toBe(900);
    expect(Number((await testRow(messageId)).group_size)).toBe(300);
    expect(await statusOf(messageId)).toBe(1);
    expect(await rowsOf(variants)).toBe(0);

    // 2. Restarted: the test goes out to the same split; the server is killed before its winner.
    const tester = await servers.start();
    await until(async () => (await statusOf(messageId)) === 2);
    expect(await statusOf(messageId)).toBe(2);
    await servers.kill(tester);
    expect(await splitOf(servers.db(), messageId)).toEqual(split);
    expect(await rowsOf(variants)).toBe([...split.keys()].filter((f) => !capped.has(f)).length);
    expect((await testRow(messageId)).decided_at).toBeNull();
    // Variant B is opened by a third of its group: the clear winner. Then the waiting time ends.
    await openSome(servers.db(), variants[1] as number, 80, Date.now());
    await servers
      .db()
      .kysely.updateTable('message_tests')
      .set({ decide_at: Date.now() - 1000 })
      .where('message_id', '=', messageId)
      .execute();

    // 3. The next server is killed in its decision: nothing of it is left.
    await servers.killWhileHeld('decide', 60_000, (id) => id === messageId);
    expect((await testRow(messageId)).decided_at).toBeNull();
    expect((await partsOf(servers.db(), messageId)).winner).toBeUndefined();

    // 4. The next decides and is killed in its winner's claim: decided, the send reserved.
    await servers.killWhileHeld('claim', 3_000, (id) => !isTest(id));
    const decided = await partsOf(servers.db(), messageId);
    expect(decided.winner).toMatchObject({ variant: 1, status: 1 });
    const winnerId = Number(decided.winner?.id);
    expect(await rowsOf([winnerId])).toBe(0);
    expect((await testRow(messageId)).decided_by).toBe('significant');

    // 5. The next is killed in the winner's fan-out (its rest held).
    await servers.killWhileHeld('rest', 3_000, (id) => id === winnerId);
    expect(await statusOf(winnerId)).toBe(1);
    expect(await rowsOf([winnerId])).toBe(0);

    // 6. The last one finishes it: nothing of the test moved, and each follower has one.
    await servers.start();
    await until(async () => (await statusOf(winnerId)) === 2);
    const done = await expectExactlyOnce(servers.db(), channelId, messageId, capped);
    expect(done.split).toEqual(split);
    expect(done.winnerId).toBe(winnerId);
    expect((await partsOf(servers.db(), messageId)).winner?.id).toBe(decided.winner?.id);
  }, 240_000);
});
