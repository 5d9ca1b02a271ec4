import { AB_TEST } from '@qrqr/shared/ab-test-constants';
import { abTestListAnswer, abTestReportAnswer, messageWithTestAnswer } from '@qrqr/shared/ab-test-schemas';
import { ANALYTICS_RANGES } from '@qrqr/shared/analytics-constants';
import { channelAnalyticsAnswer } from '@qrqr/shared/channel-analytics-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { messageListAnswer } from '@qrqr/shared/message-schemas';
import { describe, expect, it } from 'vitest';
import { decideDueTests } from '../../src/modules/messaging/decide-test';
import { deliverDue } from '../../src/modules/messaging/deliver';
import { createChannel } from '../helpers/channels';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import { abTestFile, addFollowers, channelWith, HOUR, saveTestDraft, T0 } from './ab-helpers';
import { notify, saveDraft } from './helpers';
import { seedTestMessage } from './seed';

/**
 * GET …/message/abtest: the channel's sent A/B tests that ran in the range of channel analytics
 * (analytics shows each one's report), newest first; drafts and other channels' tests are not
 * listed. GET …/message: each message's test state.
 */
const s = abTestFile();
const DAY = 24 * HOUR;

/** The Asia/Tokyo day of a moment, as the range's days are written. */
const dayOf = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date(at));

/** GET …/message/abtest of a custom range (from and to, Asia/Tokyo days), or of a range tab. */
async function testsOf(
  channelId: number,
  range: { from: string; to: string } | number,
  client = s.owner.client,
) {
  const query = typeof range === 'number' ? `range=${range}` : `range=3&from=${range.from}&to=${range.to}`;
  return expectAnswer(
    await client.get(`${channelPath.messageAbTests(channelId)}?${query}`),
    abTestListAnswer,
  );
}

describe('the list of sent tests', () => {
  it('lists the tests sent in the range newest first, waiting then decided, without drafts or other channels', async () => {
    const { id } = await channelWith(s, 1000);
    const sendDay = { from: dayOf(T0), to: dayOf(T0) };
    const list = async () => (await testsOf(id, sendDay)).tests;
    expect(await list()).toEqual([]);

    const first = await saveTestDraft(s.owner.client, id, { send_dt: T0 / 1000, push_text: 'first' }, {});
    await notify(s.owner.client, id, first.message.message_id);
    await deliverDue(s.t.ctx, () => T0);
    const draft = await saveTestDraft(s.owner.client, id, { push_text: 'draft' }, {});

    const sent = await list();
    expect(sent).toEqual([
      {
        message_id: first.message.message_id,
        push_text: 'first',
        sent_at: expect.any(Number),
        state: 'waiting',
      },
    ]);
    expect(sent.map((x) => x.message_id)).not.toContain(draft.message.message_id);

    await decideDueTests(s.t.ctx, () => T0 + 100 * HOUR);
    expect((await list())[0]?.state).toBe('decided');

    const elsewhere = await createChannel(s.other.client);
    const theirs = await testsOf(elsewhere.channel_id, sendDay, s.other.client);
    expect(theirs.tests).toEqual([]);
  });

  it('follows the range: a test is listed for the days it ran, from its send to its decision', async () => {
    const { id } = await channelWith(s, 1000);
    const saved = await saveTestDraft(s.owner.client, id, { send_dt: T0 / 1000, push_text: 'ran' }, {});
    await notify(s.owner.client, id, saved.message.message_id);
    await deliverDue(s.t.ctx, () => T0);
    const listed = async (from: number, to: number) =>
      (await testsOf(id, { from: dayOf(from), to: dayOf(to) })).tests.map((x) => x.push_text);

    // Sent in 10 days: not in the last 7 days, nor in all days since the channel was made until today.
    expect((await testsOf(id, ANALYTICS_RANGES.week)).tests).toEqual([]);
    expect((await testsOf(id, ANALYTICS_RANGES.all)).tests).toEqual([]);
    expect(await listed(T0 - 3 * DAY, T0 - DAY)).toEqual([]);
    // Waiting: every day from its send on.
    expect(await listed(T0, T0)).toEqual(['ran']);
    expect(await listed(T0 + 5 * DAY, T0 + 6 * DAY)).toEqual(['ran']);

    // Decided at T0 + 100 h: up to that day, not after.
    await decideDueTests(s.t.ctx, () => T0 + 100 * HOUR);
    expect(await listed(T0 - DAY, T0)).toEqual(['ran']);
    expect(await listed(T0 + 100 * HOUR, T0 + 100 * HOUR)).toEqual(['ran']);
    expect(await listed(T0 + 100 * HOUR + DAY, T0 + 6 * DAY)).toEqual([]);
  });

  it(`lists the newest ${AB_TEST.listMax} of the range and says more ran`, async () => {
    const { id } = await channelWith(s, 0);
    const ids: number[] = [];
    for (let i = 0; i <= AB_TEST.listMax; i++) {
      const messageId = await seedTestMessage(s.t.ctx.db, id, { sendAt: T0, sharePercent: 20, variants: 2 });
      // Sent at T0: its decision an hour on (the seed's waiting time).
      await s.t.ctx.db.kysely
        .updateTable('message_tests')
        .set({ decide_at: T0 + HOUR })
        .where('message_id', '=', messageId)
        .execute();
      ids.push(messageId);
    }
    const answer = await testsOf(id, { from: dayOf(T0), to: dayOf(T0) });
    expect(answer.tests.map((x) => x.message_id)).toEqual(ids.slice(1).reverse());
    expect(answer.truncated).toBe(true);
    const before = await testsOf(id, { from: dayOf(T0 - 2 * DAY), to: dayOf(T0 - DAY) });
    expect(before).toMatchObject({ tests: [], truncated: false });
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const { id } = await channelWith(s, 0);
    const res = await s.owner.client.get(`${channelPath.messageAbTests(id)}?range=3&from=2026-05-02`);
    const body = expectError(res, 'E-400');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'to', rule: 'validation.range_to_required' }),
      ]),
    );
  });
});

describe('the message list', () => {
  it("shows each message's test state: none, draft, waiting, then decided", async () => {
    const { id } = await channelWith(s, 1000);
    const states = async () => {
      const list = expectAnswer(await s.owner.client.get(channelPath.messages(id)), messageListAnswer);
      return new Map(list.messages.map((m) => [m.push_text, m.ab_test_state]));
    };

    await saveDraft(s.owner.client, id, { push_text: 'plain' });
    const sent = await saveTestDraft(s.owner.client, id, { send_dt: T0 / 1000, push_text: 'sent' }, {});
    await notify(s.owner.client, id, sent.message.message_id);
    const reserved = await saveTestDraft(s.owner.client, id, {
      push_text: 'reserved',
      send_dt: T0 / 1000 + 7200,
    });
    await notify(s.owner.client, id, reserved.message.message_id);
    await deliverDue(s.t.ctx, () => T0);
    await saveTestDraft(s.owner.client, id, { push_text: 'draft' }, {});
    expect(await states()).toEqual(
      new Map([
        ['draft', 'draft'],
        ['reserved', 'draft'],
        ['sent', 'waiting'],
        ['plain', null],
      ]),
    );

    await decideDueTests(s.t.ctx, () => T0 + 100 * HOUR);
    expect((await states()).get('sent')).toBe('decided');
  });

  it("counts a test's whole send: its groups, then with the winner's send the rest of the audience too, alike on every screen", async () => {
    const { id } = await channelWith(s, 1000);
    const saved = await saveTestDraft(s.owner.client, id, { send_dt: T0 / 1000, push_text: 'whole' }, {});
    const messageId = saved.message.message_id;
    await notify(s.owner.client, id, messageId);
    await deliverDue(s.t.ctx, () => T0);
    // Followers who joined since the test went out get the winner's send.
    await addFollowers(s.t.ctx.db, id, 5);

    /** The message's figures as its list row and its own screen show them, which must agree. */
    const figures = async () => {
      const list = expectAnswer(await s.owner.client.get(channelPath.messages(id)), messageListAnswer);
      const row = list.messages.find((m) => m.message_id === messageId);
      const own = expectAnswer(
        await s.owner.client.get(channelPath.message(id, messageId)),
        messageWithTestAnswer,
      );
      expect(own.message.delivered_count).toBe(row?.delivered_count);
      expect(own.message.capped_count).toBe(row?.capped_count);
      return { delivered: row?.delivered_count, capped: row?.capped_count };
    };
    const report = async () =>
      expectAnswer(await s.owner.client.get(channelPath.messageAbTest(id, messageId)), abTestReportAnswer);

    // The test's groups alone: 20 % of 1,000 in two groups of 100.
    const groups = (await report()).variants.map((v) => v.delivered);
    expect(groups).toEqual([100, 100]);
    expect(await figures()).toEqual({ delivered: 200, capped: 0 });

    await decideDueTests(s.t.ctx, () => T0 + 100 * HOUR);
    // Decided, its winner's send not out yet: still the groups alone.
    expect(await figures()).toEqual({ delivered: 200, capped: 0 });
    await deliverDue(s.t.ctx, () => T0 + 100 * HOUR);
    // With the winner's send: the 800 others and the 5 who joined since, each follower once.
    const after = await report();
    expect(after.winner_send).toMatchObject({ delivered: 805 });
    expect(after.variants.map((v) => v.delivered)).toEqual(groups);
    expect(await figures()).toEqual({ delivered: 1005, capped: 0 });

    // Channel analytics counts the same deliveries, each part on its own row (not added together).
    const answer = expectAnswer(
      await s.owner.client.get(
        `${channelPath.analytics(id)}?range=3&from=${dayOf(T0 - DAY)}&to=${dayOf(T0 + 100 * HOUR + DAY)}`,
      ),
      channelAnalyticsAnswer,
    );
    expect(answer.messages.map((m) => [m.variant, m.targeted])).toEqual(
      expect.arrayContaining([
        [{ letter: 'A', winner: false }, 100],
        [{ letter: 'B', winner: false }, 100],
        [{ letter: 'A', winner: true }, 805],
      ]),
    );
    expect(answer.messages.reduce((n, m) => n + m.targeted, 0)).toBe(1005);
    expect(answer.days.reduce((n, d) => n + d.deliveries, 0)).toBe(1005);

    // Withdrawn, it keeps the figure of what it reached.
    expectOk(await s.owner.client.post(channelPath.messageWithdraw(id), { message_id: messageId }));
    expect(await figures()).toEqual({ delivered: 1005, capped: 0 });
  });

  it("counts a winner's send withdrawn before it went out as nothing", async () => {
    const { id } = await channelWith(s, 1000);
    const saved = await saveTestDraft(s.owner.client, id, { send_dt: T0 / 1000, push_text: 'stopped' }, {});
    const messageId = saved.message.message_id;
    await notify(s.owner.client, id, messageId);
    await deliverDue(s.t.ctx, () => T0);
    await decideDueTests(s.t.ctx, () => T0 + 100 * HOUR);
    expectOk(await s.owner.client.post(channelPath.messageWithdraw(id), { message_id: messageId }));
    await deliverDue(s.t.ctx, () => T0 + 100 * HOUR);
    const list = expectAnswer(await s.owner.client.get(channelPath.messages(id)), messageListAnswer);
    expect(list.messages.find((m) => m.message_id === messageId)?.delivered_count).toBe(200);
    const own = expectAnswer(
      await s.owner.client.get(channelPath.message(id, messageId)),
      messageWithTestAnswer,
    );
    expect(own.message.delivered_count).toBe(200);
  });
});
