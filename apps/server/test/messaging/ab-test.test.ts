import { twoProportionZ } from '@qrqr/shared/ab-test-constants';
import { abGroupsAnswer, abTestReportAnswer, messageWithTestAnswer } from '@qrqr/shared/ab-test-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { inboxAnswer, messageListAnswer } from '@qrqr/shared/message-schemas';
import { readerChannelPath } from '@qrqr/shared/paths';
import { describe, expect, it } from 'vitest';
import { decideDueTests } from '../../src/modules/messaging/decide-test';
import { claimDue, deliverDue, deliverRest } from '../../src/modules/messaging/deliver';
import { createChannel } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { saveCoupon } from '../helpers/coupons';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import { newFollower } from '../helpers/followers';
import {
  abTest,
  abTestFile,
  addFollowers,
  channelWith,
  deliveriesOf,
  HOUR,
  openSome,
  partsOf,
  saveTestDraft,
  splitOf,
  T0,
} from './ab-helpers';
import { couponDates, newMessage, notify, saveDraft } from './helpers';

/**
 * A/B tests of messages: a message carries 2–4 variants and a test (share 10–50 % of its audience,
 * open or coupon-use rate, 1–72 h, a fallback). At send time the share is split at random into
 * equal groups, stored; each group gets its variant. When the waiting time ends the best variant
 * (a two-proportion z-test at 95 % against the runner-up, else the fallback) goes to the rest of the
 * audience once, as a due message of the delivery sweep. Times are the tests' clock.
 */
const s = abTestFile();

/** Saves a draft with a test, reserves it for `at` and sends it by the sweep at that moment. */
async function sendTest(
  channelId: number,
  at: number,
  patch: Record<string, unknown> = {},
  test: Record<string, unknown> = {},
) {
  const saved = await saveTestDraft(s.owner.client, channelId, { send_dt: at / 1000, ...patch }, test);
  await notify(s.owner.client, channelId, saved.message.message_id);
  await deliverDue(s.t.ctx, () => at);
  return saved.message.message_id;
}

const report = async (channelId: number, id: number, client: TestClient = s.owner.client) =>
  expectAnswer(await client.get(channelPath.messageAbTest(channelId, id)), abTestReportAnswer);

describe('saving a test', () => {
  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['share under 10', { share_percent: 9 }, 'ab_test.share_percent', 'validation.ab_share_range'],
    ['share over 50', { share_percent: 51 }, 'ab_test.share_percent', 'validation.ab_share_range'],
    ['share not whole', { share_percent: 12.5 }, 'ab_test.share_percent', 'validation.ab_share_range'],
    ['wait under 1 h', { wait_hours: 0 }, 'ab_test.wait_hours', 'validation.ab_wait_range'],
    ['wait over 72 h', { wait_hours: 73 }, 'ab_test.wait_hours', 'validation.ab_wait_range'],
    ['unknown metric', { metric: 'clicks' }, 'ab_test.metric', 'validation.ab_metric'],
    ['unknown fallback', { fallback: 'random' }, 'ab_test.fallback', 'validation.ab_fallback'],
    ['one variant', { variants: [] }, 'ab_test.variants', 'validation.ab_variants_count'],
    [
      'five variants',
      { variants: [1, 2, 3, 4].map((i) => newMessage({ push_text: `P${i}` })) },
      'ab_test.variants',
      'validation.ab_variants_count',
    ],
    [
      'a variant without push text',
      { variants: [newMessage({ push_text: '' })] },
      'ab_test.variants.0.push_text',
      'validation.message_push_text_required',
    ],
    ['coupon use without coupons', { metric: 'coupon' }, 'ab_test.metric', 'validation.ab_metric_coupon'],
  ];
  it.each(invalid)('refuses %s (E-400 naming the field)', async (_, test, field, rule) => {
    const channel = await channelWith(s, 0);
    const res = await s.owner.client.post(
      channelPath.messages(channel.id),
      newMessage({ ab_test: abTest(test) }),
    );
    const body = expectError(res, 'E-400');
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
  });

  it('refuses groups under 100 followers with their size, in ja and en', async () => {
    const channel = await channelWith(s, 370);
    const body = newMessage({ ab_test: abTest({ share_percent: 20 }) });
    const ja = expectError(await s.owner.client.post(channelPath.messages(channel.id), body), 'E-400');
    expect(ja.errors).toEqual([
      {
        field: 'ab_test.share_percent',
        rule: 'validation.ab_groups_small',
        values: ['37'],
        message: 'テスト配信の各グループが100人未満になります（現在 37人）',
      },
    ]);
    const en = expectError(
      await s.owner.client.post(channelPath.messages(channel.id), body, {
        headers: { 'accept-language': 'en' },
      }),
      'E-400',
      { locale: 'en' },
    );
    expect(en.errors?.[0]?.message).toBe('Each test group would have fewer than 100 followers (now 37)');
    // 50 % of 370 in two groups: 92 each, still too few; of 400: 100 each.
    expectError(
      await s.owner.client.post(
        channelPath.messages(channel.id),
        newMessage({ ab_test: abTest({ share_percent: 50 }) }),
      ),
      'E-400',
    );
    await addFollowers(s.t.ctx.db, channel.id, 30);
    expectAnswer(
      await s.owner.client.post(
        channelPath.messages(channel.id),
        newMessage({ ab_test: abTest({ share_percent: 50 }) }),
      ),
      messageWithTestAnswer,
    );
  });

  it("gives each group's size live for a send list, share and number of variants", async () => {
    const channel = await channelWith(s, 370);
    const res = await s.owner.client.get(
      `${channelPath.messageAbGroups(channel.id)}?share_percent=20&variants=2&send_list_id=`,
    );
    expect(expectAnswer(res, abGroupsAnswer)).toMatchObject({
      audience: 370,
      group_size: 37,
      groups: 2,
      rest: 296,
      group_min: 100,
    });
    const three = expectAnswer(
      await s.owner.client.get(`${channelPath.messageAbGroups(channel.id)}?share_percent=50&variants=3`),
      abGroupsAnswer,
    );
    expect(three).toMatchObject({ group_size: 61, rest: 370 - 183 });
    expectError(
      await s.owner.client.get(`${channelPath.messageAbGroups(channel.id)}?share_percent=60&variants=2`),
      'E-400',
    );
    expectError(
      await s.other.client.get(`${channelPath.messageAbGroups(channel.id)}?share_percent=20&variants=2`),
      'E-404',
    );
  });

  it('keeps the variants with the draft, unlisted, and drops them when saved without a test', async () => {
    const channel = await channelWith(s, 1000);
    const saved = await saveTestDraft(
      s.owner.client,
      channel.id,
      {},
      {
        share_percent: 50,
        variants: [newMessage({ push_text: 'パターンB' }), newMessage({ push_text: 'パターンC', layout: 1 })],
        fallback: 'none',
      },
    );
    expect(saved.ab_test).toMatchObject({
      share_percent: 50,
      metric: 'open',
      wait_hours: 24,
      fallback: 'none',
      state: 'draft',
      winner: null,
    });
    expect(saved.ab_test?.variants.map((v) => [v.variant, v.push_text])).toEqual([
      ['B', 'パターンB'],
      ['C', 'パターンC'],
    ]);
    const read = expectAnswer(
      await s.owner.client.get(channelPath.message(channel.id, saved.message.message_id)),
      messageWithTestAnswer,
    );
    expect(read.ab_test?.variants).toHaveLength(2);
    const list = expectAnswer(await s.owner.client.get(channelPath.messages(channel.id)), messageListAnswer);
    expect(list.total_count).toBe(1);
    const plain = expectAnswer(
      await s.owner.client.post(
        channelPath.messages(channel.id),
        newMessage({ message_id: saved.message.message_id }),
      ),
      messageWithTestAnswer,
    );
    expect(plain.ab_test).toBeUndefined();
    expect((await partsOf(s.t.ctx.db, saved.message.message_id)).variants).toEqual([
      saved.message.message_id,
    ]);
  });

  it("refuses a variant's coupon of another channel, naming the variant", async () => {
    const channel = await channelWith(s, 1000);
    const theirs = await createChannel(s.other.client);
    const coupon = await saveCoupon(s.other.client, theirs.channel_id, couponDates());
    const res = await s.owner.client.post(
      channelPath.messages(channel.id),
      newMessage({
        ab_test: abTest({
          variants: [newMessage({ layout: 2, push_text: 'B', coupon_id: coupon.coupon_img_id })],
        }),
      }),
    );
    const body = expectError(res, 'E-733');
    expect(body.errors?.[0]?.field).toBe('ab_test.variants.0.coupon_id');
  });
});

/** Push subscriptions of the devices of the channel's first `n` followers (their claim writes them). */
async function subscribeSome(channelId: number, n: number) {
  const followers = await s.t.ctx.db.kysely
    .selectFrom('followers')
    .select(['id', 'device_hash'])
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .limit(n)
    .execute();
  const now = Date.now();
  await s.t.ctx.db.kysely
    .insertInto('push_subscriptions')
    .values(
      followers.map((f) => ({
        endpoint: `https://push.invalid/${f.id}`,
        origin: 'https://push.invalid',
        device_hash: f.device_hash,
        p256dh: 'p256dh',
        auth: 'auth',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

describe('the test send', () => {
  it('splits the share into equal disjoint groups, stored, each given its variant', async () => {
    const channel = await channelWith(s, 1000);
    const phone = await newFollower(s.t.app, channel.code);
    const id = await sendTest(
      channel.id,
      T0,
      {},
      {
        share_percent: 30,
        variants: [newMessage({ push_text: 'パターンB' }), newMessage({ push_text: 'パターンC' })],
      },
    );
    const split = await splitOf(s.t.ctx.db, id);
    // 30 % of 1,001 is 300, in three groups of 100.
    expect(split.size).toBe(300);
    const sizes = [0, 1, 2].map((v) => [...split.values()].filter((g) => g === v).length);
    expect(sizes).toEqual([100, 100, 100]);
    const { variants, winner } = await partsOf(s.t.ctx.db, id);
    expect(winner).toBeUndefined();
    const got = await deliveriesOf(s.t.ctx.db, variants);
    expect(got.size).toBe(300);
    for (const [follower, group] of split) expect(got.get(follower)).toEqual([variants[group]]);

    // The follower's inbox shows its group's variant, or nothing before the winner's send.
    const followerId = Number(
      (
        await s.t.ctx.db.kysely
          .selectFrom('followers')
          .select('id')
          .where('channel_id', '=', channel.id)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const inbox = expectAnswer(await phone.get(readerChannelPath.messages(channel.code)), inboxAnswer);
    const group = split.get(followerId);
    expect(inbox.items.map((i) => i.push_text)).toEqual(
      group === undefined ? [] : [['パターンA', 'パターンB', 'パターンC'][group]],
    );

    const r = await report(channel.id, id);
    expect(r.ab_test.state).toBe('waiting');
    expect(r.ab_test.group_size).toBe(100);
    expect(r.ab_test.decide_at).toBe(T0 + 24 * HOUR);
    expect(r.variants.map((v) => [v.variant, v.group_size, v.delivered, v.capped])).toEqual([
      ['A', 100, 100, 0],
      ['B', 100, 100, 0],
      ['C', 100, 100, 0],
    ]);
    expect(r.winner_send).toBeNull();
    // The sweep again (a restart's first sweep) writes nothing more and moves no one.
    await deliverDue(s.t.ctx, () => T0 + HOUR);
    expect(await splitOf(s.t.ctx.db, id)).toEqual(split);
    expect((await deliveriesOf(s.t.ctx.db, variants)).size).toBe(300);
    // A deleted message (its own delete or its channel's) takes its split along.
    await s.t.ctx.db.kysely.deleteFrom('messages').where('id', '=', id).execute();
    expect((await splitOf(s.t.ctx.db, id)).size).toBe(0);
  });

  it("gives every delivery its message's send time, a variant's from the claim on", async () => {
    // The inbox and the frequency cap find a follower's deliveries through its channel's messages
    // by send time (migration 0036): a variant's first deliveries, written by the claim, must
    // carry the send time their message row already has, before the rest is written.
    const channel = await channelWith(s, 1000);
    const saved = await saveTestDraft(
      s.owner.client,
      channel.id,
      { send_dt: T0 / 1000 },
      { share_percent: 20, variants: [newMessage({ push_text: 'パターンB' })] },
    );
    const id = saved.message.message_id;
    // Half the list subscribes. The split is random: of 30 subscribers, none was in the groups' 200
    // about once in a thousand runs; of 500, none or all 200 of them has odds of about 10^-71.
    await subscribeSome(channel.id, 500);
    await notify(s.owner.client, channel.id, id);
    const mismatched = async () => {
      const { variants } = await partsOf(s.t.ctx.db, id);
      const rows = await s.t.ctx.db.kysely
        .selectFrom('message_deliveries as d')
        .innerJoin('messages as m', 'm.id', 'd.message_id')
        .select(['d.message_id', 'd.delivered_at', 'm.sent_at'])
        .where('d.message_id', 'in', variants)
        .execute();
      return {
        rows: rows.length,
        off: rows.filter((r) => r.sent_at === null || Number(r.sent_at) !== Number(r.delivered_at)).length,
      };
    };
    expect(await claimDue(s.t.ctx, () => T0)).toBe(1);
    const claimed = await mismatched();
    // The claim wrote the subscribed followers of both groups, none without its send time.
    expect(claimed.rows).toBeGreaterThan(0);
    expect(claimed.rows).toBeLessThan(200);
    expect(claimed.off).toBe(0);
    expect(await deliverRest(s.t.ctx)).toBe(1);
    expect(await mismatched()).toEqual({ rows: 200, off: 0 });
  });

  it('refuses the reserve when the list has shrunk under 100 a group since the save', async () => {
    const channel = await channelWith(s, 1000);
    const saved = await saveTestDraft(s.owner.client, channel.id, {}, { share_percent: 20 });
    await s.t.ctx.db.kysely
      .deleteFrom('followers')
      .where('channel_id', '=', channel.id)
      .where('id', 'in', (eb) =>
        eb.selectFrom('followers').select('id').where('channel_id', '=', channel.id).limit(100),
      )
      .execute();
    const res = await s.owner.client.post(channelPath.messageNotify(channel.id), {
      message_id: saved.message.message_id,
    });
    const body = expectError(res, 'E-400');
    expect(body.errors?.[0]).toMatchObject({ field: 'ab_test.share_percent', values: ['90'] });
  });
});

describe('the winner', () => {
  it('sends the clearly better variant once to the rest, joiners since included', async () => {
    const channel = await channelWith(s, 1000);
    const id = await sendTest(channel.id, T0);
    const { variants } = await partsOf(s.t.ctx.db, id);
    // B opened by 30 of 100, A by 10: z ≈ 3.54, clearly better at 95 %.
    await openSome(s.t.ctx.db, variants[0] as number, 10, T0 + HOUR);
    await openSome(s.t.ctx.db, variants[1] as number, 30, T0 + HOUR);
    await addFollowers(s.t.ctx.db, channel.id, 5);

    await deliverDue(s.t.ctx, () => T0 + 24 * HOUR - 1);
    expect((await partsOf(s.t.ctx.db, id)).winner).toBeUndefined();
    // Twice at once, then again: one winner's send, one delivery a follower.
    await Promise.all([deliverDue(s.t.ctx, () => T0 + 24 * HOUR), deliverDue(s.t.ctx, () => T0 + 24 * HOUR)]);
    await deliverDue(s.t.ctx, () => T0 + 25 * HOUR);
    const { winner } = await partsOf(s.t.ctx.db, id);
    expect(winner).toMatchObject({ variant: 1, push_text: 'パターンB', status: 2 });
    const all = await deliveriesOf(s.t.ctx.db, [...variants, Number(winner?.id)]);
    expect(all.size).toBe(1005);
    for (const got of all.values()) expect(got).toHaveLength(1);

    const r = await report(channel.id, id);
    expect(r.ab_test).toMatchObject({ state: 'decided', winner: 'B', decided_by: 'significant' });
    expect(r.verdict).toMatchObject({ metric: 'open', best: 'B', runner_up: 'A', significant: true });
    expect(r.verdict?.z).toBeCloseTo(3.5355, 3);
    expect(r.variants.map((v) => [v.variant, v.opened, v.open_rate])).toEqual([
      ['A', 10, 0.1],
      ['B', 30, 0.3],
    ]);
    expect(r.winner_send).toMatchObject({ delivered: 805, capped: 0, sent_at: T0 + 24 * HOUR });

    // The channel analytics CSV names each part's variant.
    const csv = await s.owner.client.get(
      channelPath.analyticsCsv(channel.id, T0 / 1000 - 86_400, T0 / 1000 + 2 * 86_400),
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const names = csv.body.split('\r\n').filter((l) => l.startsWith('メッセージ,'));
    expect(names.sort()).toEqual(
      [
        `メッセージ,message-${variants[0]},パターンA,パターンA`,
        `メッセージ,message-${variants[1]},パターンB,パターンB`,
        `メッセージ,message-${winner?.id},パターンB,勝者の配信（パターンB）`,
      ].sort(),
    );
  });

  it.each([
    ['variant_a', 'A', 'fallback_a'],
    ['best', 'B', 'fallback_best'],
  ])('with no clear winner, fallback %s sends %s', async (fallback, letter, by) => {
    const channel = await channelWith(s, 400);
    const id = await sendTest(channel.id, T0, {}, { share_percent: 50, fallback, wait_hours: 2 });
    const { variants } = await partsOf(s.t.ctx.db, id);
    // 12 against 10 of 100: z ≈ 0.45.
    await openSome(s.t.ctx.db, variants[0] as number, 10, T0 + HOUR);
    await openSome(s.t.ctx.db, variants[1] as number, 12, T0 + HOUR);
    await deliverDue(s.t.ctx, () => T0 + 2 * HOUR);
    const r = await report(channel.id, id);
    expect(r.ab_test).toMatchObject({ winner: letter, decided_by: by });
    expect(r.verdict).toMatchObject({ best: 'B', significant: false });
    expect(r.winner_send?.delivered).toBe(200);
  });

  it('with no clear winner and fallback none sends nothing and mails the operator', async () => {
    const channel = await channelWith(s, 400);
    const id = await sendTest(channel.id, T0, {}, { share_percent: 50, fallback: 'none', wait_hours: 1 });
    await deliverDue(s.t.ctx, () => T0 + HOUR);
    await deliverDue(s.t.ctx, () => T0 + 2 * HOUR);
    const r = await report(channel.id, id);
    expect(r.ab_test).toMatchObject({
      state: 'decided',
      winner: null,
      decided_by: 'none',
      winner_message_id: null,
    });
    expect(r.winner_send).toBeNull();
    expect((await partsOf(s.t.ctx.db, id)).winner).toBeUndefined();
    const mails = await s.t.ctx.db.kysely
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', 'mail')
      .where('key', '=', `abtest-no-winner:${id}`)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('judges by coupon use when every variant carries a coupon', async () => {
    const channel = await channelWith(s, 400);
    const coupon = await saveCoupon(s.owner.client, channel.id, couponDates());
    const withCoupon = { layout: 2, coupon_id: coupon.coupon_img_id };
    const id = await sendTest(channel.id, T0, withCoupon, {
      share_percent: 50,
      metric: 'coupon',
      variants: [newMessage({ push_text: 'パターンB', ...withCoupon })],
    });
    const { variants } = await partsOf(s.t.ctx.db, id);
    // A is opened more, B's coupon is used more: coupon use decides.
    await openSome(s.t.ctx.db, variants[0] as number, 60, T0 + HOUR);
    await openSome(s.t.ctx.db, variants[0] as number, 5, T0 + HOUR, 'coupon_used_at');
    await openSome(s.t.ctx.db, variants[1] as number, 25, T0 + HOUR, 'coupon_used_at');
    await deliverDue(s.t.ctx, () => T0 + 24 * HOUR);
    const r = await report(channel.id, id);
    expect(r.ab_test).toMatchObject({ winner: 'B', decided_by: 'significant' });
    expect(r.verdict).toMatchObject({ metric: 'coupon', best: 'B' });
    expect(r.variants.map((v) => v.coupon_rate)).toEqual([0.05, 0.25]);
    // The winner's send carries B's frozen coupon.
    const rows = await s.t.ctx.db.kysely
      .selectFrom('messages')
      .select(['id', 'coupon_copy_id'])
      .where('id', 'in', [variants[1] as number, Number(r.winner_send?.message_id)])
      .execute();
    expect(rows[0]?.coupon_copy_id).not.toBeNull();
    expect(rows[0]?.coupon_copy_id).toBe(rows[1]?.coupon_copy_id);
  });

  it('lets the operator pick the winner before the time, once', async () => {
    const channel = await channelWith(s, 400);
    const saved = await saveTestDraft(
      s.owner.client,
      channel.id,
      { send_dt: T0 / 1000 },
      { share_percent: 50 },
    );
    const id = saved.message.message_id;
    const pick = (variant: unknown, client: TestClient = s.owner.client, message = id) =>
      client.post(channelPath.messageAbWinner(channel.id), { message_id: message, variant });
    // Not sent yet: nothing to pick.
    expectError(await pick('A'), 'E-739');
    await notify(s.owner.client, channel.id, id);
    expectError(await pick('A'), 'E-739');
    await deliverDue(s.t.ctx, () => T0);
    expectError(await pick('E'), 'E-400');
    expectError(await pick('C'), 'E-400');
    expectError(await pick('A', s.other.client), 'E-404');
    const r = expectAnswer(await pick('A'), abTestReportAnswer);
    expect(r.ab_test).toMatchObject({ state: 'decided', winner: 'A', decided_by: 'manual' });
    expect(r.verdict).toMatchObject({ significant: false });
    expectError(await pick('B'), 'E-739');
    await deliverDue(s.t.ctx, () => Date.now());
    // The time passing decides nothing more.
    await deliverDue(s.t.ctx, () => T0 + 30 * HOUR);
    const { variants, winner } = await partsOf(s.t.ctx.db, id);
    expect(winner).toMatchObject({ variant: 0, push_text: 'パターンA' });
    const all = await deliverDue(s.t.ctx, () => T0 + 31 * HOUR).then(() =>
      deliveriesOf(s.t.ctx.db, [...variants, Number(winner?.id)]),
    );
    expect(all.size).toBe(400);
    for (const got of all.values()) expect(got).toHaveLength(1);
  });

  it('withdraws the variants and the winner with the message; the time then sends nothing', async () => {
    const channel = await channelWith(s, 400);
    const id = await sendTest(channel.id, T0, {}, { share_percent: 50, wait_hours: 1 });
    const { variants } = await partsOf(s.t.ctx.db, id);
    expect((await deliveriesOf(s.t.ctx.db, variants)).size).toBe(200);
    expectOk(await s.owner.client.post(channelPath.messageWithdraw(channel.id), { message_id: id }));
    await deliverDue(s.t.ctx, () => T0 + 2 * HOUR);
    expect((await deliveriesOf(s.t.ctx.db, variants)).size).toBe(0);
    expect((await partsOf(s.t.ctx.db, id)).winner).toBeUndefined();
    const r = await report(channel.id, id);
    expect(r.ab_test).toMatchObject({ state: 'decided', decided_by: 'withdrawn', winner: null });
  });

  it("withdraws a winner's send still waiting to go", async () => {
    const channel = await channelWith(s, 400);
    const id = await sendTest(channel.id, T0, {}, { share_percent: 50, wait_hours: 1 });
    // Decided, the winner's send reserved, and withdrawn before a sweep claims it.
    expect(await decideDueTests(s.t.ctx, () => T0 + HOUR)).toBe(1);
    const { variants, winner } = await partsOf(s.t.ctx.db, id);
    expect(winner).toMatchObject({ status: 1 });
    expectOk(await s.owner.client.post(channelPath.messageWithdraw(channel.id), { message_id: id }));
    await deliverDue(s.t.ctx, () => T0 + 2 * HOUR);
    expect((await deliveriesOf(s.t.ctx.db, [...variants, Number(winner?.id)])).size).toBe(0);
    expect((await partsOf(s.t.ctx.db, id)).winner).toMatchObject({ status: 3 });
  });

  it("answers another member's test 404", async () => {
    const channel = await channelWith(s, 400);
    const id = await sendTest(channel.id, T0, {}, { share_percent: 50 });
    expectError(await s.other.client.get(channelPath.messageAbTest(channel.id, id)), 'E-404');
    const mine = await createChannel(s.other.client);
    expectError(await s.other.client.get(channelPath.messageAbTest(mine.channel_id, id)), 'E-404');
  });
});

describe('with the frequency cap', () => {
  it('leaves capped followers out of their group and of the rest, counted; joiners get the winner', async () => {
    const channel = await channelWith(s, 400);
    expectOk(await s.owner.client.put(channelPath.one(channel.id), { frequency_cap: 1 }));
    // Everyone had one message an hour before.
    const before = await saveDraft(s.owner.client, channel.id, { send_dt: (T0 - HOUR) / 1000 });
    await notify(s.owner.client, channel.id, before.message_id);
    await deliverDue(s.t.ctx, () => T0 - HOUR);
    const id = await sendTest(channel.id, T0, {}, { share_percent: 50, wait_hours: 2 });
    const { variants } = await partsOf(s.t.ctx.db, id);
    expect((await deliveriesOf(s.t.ctx.db, variants)).size).toBe(0);
    const joiners = await addFollowers(s.t.ctx.db, channel.id, 3);
    await deliverDue(s.t.ctx, () => T0 + 2 * HOUR);
    const r = await report(channel.id, id);
    expect(r.variants.map((v) => [v.variant, v.group_size, v.delivered, v.capped])).toEqual([
      ['A', 100, 0, 100],
      ['B', 100, 0, 100],
    ]);
    // No delivery in either group: nothing tells them apart, the fallback sends A to the rest.
    expect(r.ab_test).toMatchObject({ winner: 'A', decided_by: 'fallback_a' });
    expect(r.winner_send).toMatchObject({ delivered: 3, capped: 200 });
    const got = await deliveriesOf(s.t.ctx.db, [...variants, Number(r.winner_send?.message_id)]);
    expect([...got.keys()].sort()).toEqual([...joiners].sort());
  });
});

describe('the z-test', () => {
  it('finds 30 of 100 against 10 of 100 clearly better, and 12 against 10 not', () => {
    const clear = twoProportionZ(30, 100, 10, 100);
    expect(clear.z).toBeCloseTo(3.5355, 3);
    expect(clear.p).toBeCloseTo(0.000407, 5);
    expect(clear.significant).toBe(true);
    const close = twoProportionZ(12, 100, 10, 100);
    expect(close.z).toBeCloseTo(0.452, 3);
    expect(close.p).toBeCloseTo(0.6513, 3);
    expect(close.significant).toBe(false);
    // At the edge: 1.96 is the 95 % line.
    expect(twoProportionZ(64, 200, 45, 200).significant).toBe(true);
    expect(twoProportionZ(0, 100, 0, 100)).toEqual({ z: 0, p: 1, significant: false });
    expect(twoProportionZ(5, 0, 0, 100).significant).toBe(false);
  });
});
