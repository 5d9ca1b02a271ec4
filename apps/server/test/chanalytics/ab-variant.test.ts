import { channelAnalyticsAnswer } from '@qrqr/shared/channel-analytics-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliverDue } from '../../src/modules/messaging/deliver';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectAnswer } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { addFollowers, openSome, partsOf, saveTestDraft } from '../messaging/ab-helpers';
import { notify, saveDraft } from '../messaging/helpers';

/**
 * Channel analytics of an A/B test: each message names the part it is, in the answer (`variant`:
 * its letter, and whether it is the winner's send) and in the CSV's message line (its letter, or
 * the winner's send of that letter, in the reader's language); a message without a test has none.
 */
let t: TestApp;
let owner: Member;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const T0 = Math.ceil((Date.now() + 10 * 24 * HOUR) / 1000) * 1000;

it("names each part's variant and the winner's send, in the answer and the CSV", async () => {
  const channel = await createChannel(owner.client);
  const channelId = channel.channel_id;
  await addFollowers(t.ctx.db, channelId, 600);
  const saved = await saveTestDraft(owner.client, channelId, { send_dt: T0 / 1000 }, { share_percent: 40 });
  const id = saved.message.message_id;
  await notify(owner.client, channelId, id);
  const plain = (await saveDraft(owner.client, channelId, { send_dt: T0 / 1000, push_text: '普通' }))
    .message_id;
  await notify(owner.client, channelId, plain);
  await deliverDue(t.ctx, () => T0);
  const { variants } = await partsOf(t.ctx.db, id);
  // B opened by 60 of 120, A by none: B is sent to the rest.
  await openSome(t.ctx.db, variants[1] as number, 60, T0 + HOUR);
  await deliverDue(t.ctx, () => T0 + 24 * HOUR);
  const winner = Number((await partsOf(t.ctx.db, id)).winner?.id);
  expect(winner).toBeGreaterThan(0);

  const from = tokyoDate(T0 - 24 * HOUR);
  const to = tokyoDate(T0 + 48 * HOUR);
  const answer = expectAnswer(
    await owner.client.get(`${channelPath.analytics(channelId)}?range=3&from=${from}&to=${to}`),
    channelAnalyticsAnswer,
  );
  const named = new Map(answer.messages.map((m) => [m.id, m.variant]));
  expect(Object.fromEntries(named)).toEqual({
    [variants[0] as number]: { letter: 'A', winner: false },
    [variants[1] as number]: { letter: 'B', winner: false },
    [winner]: { letter: 'B', winner: true },
    [plain]: null,
  });

  const csvLines = async () => {
    const res = await owner.client.get(
      channelPath.analyticsCsv(channelId, T0 / 1000 - 86_400, T0 / 1000 + 2 * 86_400),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.body.split('\r\n').filter((l) => /^[^,]+,message-\d+,/.test(l));
  };
  expect((await csvLines()).sort()).toEqual(
    [
      `メッセージ,message-${variants[0]},パターンA,パターンA`,
      `メッセージ,message-${variants[1]},パターンB,パターンB`,
      `メッセージ,message-${winner},パターンB,勝者の配信（パターンB）`,
      `メッセージ,message-${plain},普通,`,
    ].sort(),
  );
  owner.client.cookies.set('lang', 'en');
  try {
    const lines = await csvLines();
    expect(lines.find((l) => l.includes(`message-${winner},`))).toMatch(/,Winner's send \(variant B\)$/);
    expect(lines.find((l) => l.includes(`message-${variants[0]},`))).toMatch(/,Variant A$/);
    expect(lines.find((l) => l.includes(`message-${plain},`))).toMatch(/,普通,$/);
  } finally {
    owner.client.cookies.delete('lang');
  }
});
