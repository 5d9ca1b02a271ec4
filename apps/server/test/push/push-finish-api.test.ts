import { channelPath } from '@qrqr/shared/channel-paths';
import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import { pushFinishAnswer } from '@qrqr/shared/push-finish-schemas';
import { describe, expect, it, vi } from 'vitest';
import { PUSH_STATES } from '../../src/modules/messaging/claimed-push';
import { deliverDue } from '../../src/modules/messaging/deliver';
import { pushDueDeliveries } from '../../src/modules/messaging/push-deliveries';
import { PUSH_RATE_WINDOW, recordPushRate } from '../../src/modules/messaging/push-rate';
import { seedFollowers, seedTags } from '../helpers/audience';
import { createChannel } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError } from '../helpers/expect';
import { saveTestDraft } from '../messaging/ab-helpers';
import { notify, saveDraft } from '../messaging/helpers';
import { seedReservedMessages, seedSubscriptions } from '../messaging/seed';
import { pushAppPerFile } from './helpers';

/**
 * GET …/message/pushfinish: the editor's projected finish of a send's pushes — the audience's
 * subscribed devices (the test share's with an A/B test) at the measured rate, from the send time,
 * after the quiet hours and behind the pushes still waiting then; the default rate until a push
 * sweep has been measured.
 */
// Push batches of 10 (5 × 2 at once per origin): a sweep of 40 runs batches on both lanes at once.
const s = pushAppPerFile({ PUSH_CONCURRENCY_PER_ORIGIN: '2' });

const HOUR = 3_600_000;

/** A channel of the owner with `followers` followers, the first `subscribed` of them subscribed; tagged ones first. */
async function channelWith(followers: number, subscribed: number, tagged = 0) {
  const channel = await createChannel(s.owner.client);
  const id = channel.channel_id;
  const [tag] = (await seedTags(s.t.ctx.db, id, ['常連'])) as [number];
  const ids = await seedFollowers(
    s.t.ctx.db,
    id,
    Array.from({ length: followers }, (_, i) => (i < tagged ? [tag] : [])),
  );
  const devices =
    subscribed === 0
      ? []
      : await s.t.ctx.db.kysely
          .selectFrom('followers')
          .select('device_hash')
          .where('id', 'in', ids.slice(0, subscribed))
          .execute();
  await seedSubscriptions(
    s.t.ctx.db,
    s.fake.origin,
    devices.map((d) => ({ deviceHash: d.device_hash, sub: s.fake.subscription() })),
  );
  return { id, tag, followerIds: ids };
}

const finishOf = async (channelId: number, query: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await s.owner.client.get(`${channelPath.messagePushFinish(channelId)}?${params}`);
  expect(res.headers['cache-control']).toBe('no-store');
  return expectAnswer(res, pushFinishAnswer);
};

/** A message's status and the pushes its reservation expects (null: not counted). */
const reservationOf = (messageId: number) =>
  s.t.ctx.db.kysely
    .selectFrom('messages')
    .select(['status', 'expected_pushes'])
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();

describe('the projected finish of a send’s pushes', () => {
  it('uses the stated default rate until a sweep is measured; devices ÷ rate from now', async () => {
    const { id } = await channelWith(300, 120);
    const before = Date.now();
    const answer = await finishOf(id);
    expect(answer).toMatchObject({ devices: 120, measured: false, pushes_per_minute: 1200 });
    expect(answer.starts_at).toBeGreaterThanOrEqual(before);
    expect(answer.starts_at).toBeLessThanOrEqual(Date.now());
    // 120 devices at 20 a second: 6 s.
    expect((answer.finish_at ?? 0) - (answer.starts_at ?? 0)).toBe(6000);
  });

  it('counts a send list’s subscribed devices, and the A/B test share’s', async () => {
    const { id, tag } = await channelWith(400, 200, 100);
    const list = await s.owner.client.post(channelPath.sendlists(id), {
      sendlist_name: '常連さん',
      box_filter_1: 0,
      tag_list_1: [tag],
      box_filter_2: 3,
    });
    expect(list.statusCode, list.body).toBe(200);
    const listId = list.json().sendlist.sendlist_id as number;
    expect(await finishOf(id, { send_list_id: listId })).toMatchObject({ devices: 100 });
    expect(await finishOf(id, { send_list_id: '' })).toMatchObject({ devices: 200 });
    // 50 % of 400 in two groups of 100: 200 followers, half of them subscribed on average.
    expect(await finishOf(id, { share_percent: 50, variants: 2 })).toMatchObject({ devices: 100 });
    // 20 % of 400 in three groups of 26: 78 followers → 39 devices.
    expect(await finishOf(id, { share_percent: 20, variants: 3 })).toMatchObject({ devices: 39 });
  });

  it('starts a send inside the quiet hours at their end; a later send time at that time', async () => {
    const { id } = await channelWith(50, 40);
    const res = await s.owner.client.put(channelPath.one(id), {
      quiet_hours: 1,
      quiet_start: '21:00',
      quiet_end: '08:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const day = 86_400_000;
    // 23:30 in Japan, some days ahead: the pushes start at 08:00 the next day.
    const base = Math.floor(Date.now() / day) * day + 3 * day;
    const lateNight = base + (23 * 60 + 30 - 9 * 60) * 60_000;
    const inside = await finishOf(id, { send_dt: lateNight / 1000 });
    expect(inside.starts_at).toBe(base + day + (8 * 60 - 9 * 60) * 60_000);
    expect((inside.finish_at ?? 0) - (inside.starts_at ?? 0)).toBe(2000);
    // 10:00 in Japan: at once.
    const morning = base + 60 * 60_000;
    expect(await finishOf(id, { send_dt: morning / 1000 })).toMatchObject({
      starts_at: morning,
      finish_at: morning + 2000,
    });
    // A past send time sends now.
    const past = await finishOf(id, { send_dt: 1000 });
    expect(past.starts_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('leaves out the subscribed followers who reached the channel’s frequency cap at the send time', async () => {
    // 20 followers, the first 10 subscribed.
    const { id, followerIds } = await channelWith(20, 10);
    const now = Date.now();
    const [a, b, old] = (await seedReservedMessages(s.t.ctx.db, id, 3, now)) as [number, number, number];
    // Sent and pushed already: no sweep sends nor pushes them again. Each delivery carries its
    // message's send time, as every send writes it.
    for (const [message, at] of [
      [a, now - 3 * HOUR],
      [b, now - 2 * HOUR],
      [old, now - 25 * HOUR],
    ] as const)
      await s.t.ctx.db.kysely
        .updateTable('messages')
        .set({ status: 2, sent_at: at })
        .where('id', '=', message)
        .execute();
    const delivered = (messageId: number, at: number, followers: number[]) =>
      followers.map((i) => ({
        message_id: messageId,
        follower_id: followerIds[i] as number,
        delivered_at: at,
        push_state: PUSH_STATES.accepted,
      }));
    await s.t.ctx.db.kysely
      .insertInto('message_deliveries')
      .values([
        // Two in the last 24 h: the first four subscribed and one unsubscribed.
        ...delivered(a, now - 3 * HOUR, [0, 1, 2, 3, 4, 5, 15]),
        ...delivered(b, now - 2 * HOUR, [0, 1, 2, 3, 15]),
        // One of them 25 h ago, outside the window.
        ...delivered(old, now - 25 * HOUR, [5]),
      ])
      .execute();
    const setCap = async (cap: number) => {
      const res = await s.owner.client.put(channelPath.one(id), { frequency_cap: cap });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Off: every subscribed follower.
    expect(await finishOf(id)).toMatchObject({ devices: 10 });
    // 50 % of 20 in two groups of 5: 10 followers, half of them subscribed.
    expect(await finishOf(id, { share_percent: 50, variants: 2 })).toMatchObject({ devices: 5 });
    await setCap(2);
    const capped = await finishOf(id);
    expect(capped.devices).toBe(6);
    // 6 devices at 20 a second.
    expect((capped.finish_at ?? 0) - (capped.starts_at ?? 0)).toBe(300);
    // The split draws from the whole audience; its capped followers get nothing: 6 × 10 / 20.
    expect(await finishOf(id, { share_percent: 50, variants: 2 })).toMatchObject({ devices: 3 });
    await setCap(1);
    expect(await finishOf(id)).toMatchObject({ devices: 4 });
    // A send 30 h ahead: its window starts after these deliveries.
    expect(await finishOf(id, { send_dt: Math.ceil((now + 30 * HOUR) / 1000) })).toMatchObject({
      devices: 10,
    });
    await setCap(0);
    expect(await finishOf(id)).toMatchObject({ devices: 10 });
  });

  it('answers no finish when no device of the audience is subscribed', async () => {
    const { id } = await channelWith(30, 0);
    expect(await finishOf(id)).toMatchObject({ devices: 0, starts_at: null, finish_at: null });
  });

  it('puts a send behind the pushes still waiting at its send time, in whole minutes, never their count', async () => {
    const { id } = await channelWith(30, 20);
    const alone = await finishOf(id);
    expect(alone).toMatchObject({ devices: 20, waiting_minutes: 0 });
    // Another channel's send: its deliveries written, its 60 pushes not sent yet.
    const busy = await channelWith(60, 60);
    await seedReservedMessages(s.t.ctx.db, busy.id, 1, Date.now());
    expect(await deliverDue(s.t.ctx)).toBe(1);
    const before = Date.now();
    const behind = await finishOf(id);
    // At 20 a second the 60 waiting take 3 s: said as the whole minute they start within, then its
    // own 20 take 1 s.
    expect(behind).toMatchObject({ devices: 20, waiting_minutes: 1 });
    expect(behind.starts_at).toBeGreaterThanOrEqual(before + 60_000);
    expect(behind.starts_at).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((behind.finish_at ?? 0) - (behind.starts_at ?? 0)).toBe(1000);
    // However many wait, a send at a fixed time (5 s on: 100 of them pushed by then) is answered
    // alike to the millisecond: 180 then 300 waiting both take under a minute.
    const more = async () => {
      const other = await channelWith(120, 120);
      await seedReservedMessages(s.t.ctx.db, other.id, 1, Date.now());
      expect(await deliverDue(s.t.ctx)).toBe(1);
    };
    await more();
    const at = Math.ceil((Date.now() + 5000) / 1000);
    const fewer = await finishOf(id, { send_dt: at });
    await more();
    expect(await finishOf(id, { send_dt: at })).toEqual(fewer);
    expect(fewer).toMatchObject({ waiting_minutes: 1, starts_at: at * 1000 + 60_000 });
    // An hour on, none waits.
    const later = Math.ceil((Date.now() + HOUR) / 1000) * 1000;
    expect(await finishOf(id, { send_dt: later / 1000 })).toMatchObject({
      waiting_minutes: 0,
      starts_at: later,
      finish_at: later + 1000,
    });
    // Pushed: nothing waits any more.
    expect(await pushDueDeliveries(s.t.ctx)).toBe(300);
    expect(await finishOf(id)).toMatchObject({ devices: 20, waiting_minutes: 0 });
    // That sweep was measured; the next test starts with none.
    await s.t.ctx.db.kysely.deleteFrom('push_rate_samples').execute();
  });

  it('counts the pushes of a send reserved to go before it, from that send time on', async () => {
    // 6 pushes a minute (one sweep of 20 in 200 s): the line's minutes are easy to tell.
    await recordPushRate(s.t.ctx.db, { pushes: 20, elapsedMs: 200_000, at: Date.now() });
    const { id } = await channelWith(30, 12);
    // Another channel's send reserved through the editor a minute on, to 40 devices.
    const busy = await channelWith(40, 40);
    const reservedAt = Math.ceil((Date.now() + 60_000) / 1000) * 1000;
    const draft = await saveDraft(s.owner.client, busy.id, { send_dt: reservedAt / 1000 });
    await notify(s.owner.client, busy.id, draft.message_id);
    expect(await reservationOf(draft.message_id)).toMatchObject({ expected_pushes: 40 });
    // Before it, and at the same moment (which goes first is not known): nothing ahead.
    for (const at of [reservedAt - 30_000, reservedAt])
      expect(await finishOf(id, { send_dt: at / 1000 })).toMatchObject({ devices: 12, waiting_minutes: 0 });
    // A minute after it: its 40 less the 6 pushed in that minute, 34, take 6 minutes (5.7).
    const after = reservedAt + 60_000;
    expect(await finishOf(id, { send_dt: after / 1000 })).toMatchObject({
      devices: 12,
      waiting_minutes: 6,
      starts_at: after + 6 * 60_000,
      finish_at: after + 6 * 60_000 + 120_000,
    });
    // Long after it: all pushed by then.
    expect(await finishOf(id, { send_dt: (reservedAt + HOUR) / 1000 })).toMatchObject({ waiting_minutes: 0 });
    // Back to a draft, it no longer counts.
    const cancelled = await s.owner.client.post(channelPath.messageCancel(busy.id), {
      message_ids: [draft.message_id],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await finishOf(id, { send_dt: after / 1000 })).toMatchObject({ waiting_minutes: 0 });
    await s.t.ctx.db.kysely.deleteFrom('push_rate_samples').execute();
  });

  it('counts a send reserved inside its channel’s quiet hours from their end', async () => {
    await recordPushRate(s.t.ctx.db, { pushes: 20, elapsedMs: 200_000, at: Date.now() });
    const { id } = await channelWith(30, 12);
    // Another channel's send to 40 devices reserved a minute on, inside its quiet hours, which end
    // ten minutes later (minutes of the day in Japan, UTC+9).
    const busy = await channelWith(40, 40);
    const reservedAt = Math.ceil((Date.now() + 60_000) / 1000) * 1000;
    const minute = (Math.floor(reservedAt / 60_000) + 9 * 60) % 1440;
    await s.t.ctx.db.kysely
      .updateTable('channels')
      .set({ quiet_hours: 1, quiet_start: minute, quiet_end: (minute + 10) % 1440 })
      .where('id', '=', busy.id)
      .execute();
    const quietEnd = Math.floor(reservedAt / 60_000) * 60_000 + 10 * 60_000;
    const draft = await saveDraft(s.owner.client, busy.id, { send_dt: reservedAt / 1000 });
    await notify(s.owner.client, busy.id, draft.message_id);
    // After its send time but before its quiet hours end, its pushes have not joined the line.
    expect(await finishOf(id, { send_dt: (reservedAt + 60_000) / 1000 })).toMatchObject({
      devices: 12,
      waiting_minutes: 0,
    });
    // At their end they join it: a minute later 34 of them are left, 6 minutes.
    expect(await finishOf(id, { send_dt: quietEnd / 1000 })).toMatchObject({ waiting_minutes: 0 });
    expect(await finishOf(id, { send_dt: (quietEnd + 60_000) / 1000 })).toMatchObject({
      devices: 12,
      waiting_minutes: 6,
    });
    const cancelled = await s.owner.client.post(channelPath.messageCancel(busy.id), {
      message_ids: [draft.message_id],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await s.t.ctx.db.kysely.deleteFrom('push_rate_samples').execute();
  });

  /** Sets a channel's quiet hours to `minutes` long from `start` minutes after the minute of `at`. */
  async function quietFrom(channelId: number, at: number, start: number, minutes: number) {
    const minute = (Math.floor(at / 60_000) + 9 * 60 + start) % 1440;
    await s.t.ctx.db.kysely
      .updateTable('channels')
      .set({ quiet_hours: 1, quiet_start: minute, quiet_end: (minute + minutes) % 1440 })
      .where('id', '=', channelId)
      .execute();
    const quietStart = (Math.floor(at / 60_000) + start) * 60_000;
    return { quietStart, quietEnd: quietStart + minutes * 60_000 };
  }

  /** Turns the channel's quiet hours off and pushes what waits (`pushes` of them), leaving nothing measured. */
  async function pushOutside(channelId: number, pushes: number) {
    await s.t.ctx.db.kysely
      .updateTable('channels')
      .set({ quiet_hours: 0 })
      .where('id', '=', channelId)
      .execute();
    expect(await pushDueDeliveries(s.t.ctx)).toBe(pushes);
    await s.t.ctx.db.kysely.deleteFrom('push_rate_samples').execute();
  }

  it('leaves out the waiting pushes of a channel inside its quiet hours until they end', async () => {
    await recordPushRate(s.t.ctx.db, { pushes: 20, elapsedMs: 200_000, at: Date.now() });
    const { id } = await channelWith(30, 12);
    // Another channel sends now, inside its quiet hours (from this minute, ten minutes long): its
    // 60 pushes are written, due now, and the sweep holds them until the quiet end.
    const busy = await channelWith(60, 60);
    const now = Date.now();
    const { quietEnd } = await quietFrom(busy.id, now, 0, 10);
    await seedReservedMessages(s.t.ctx.db, busy.id, 1, now);
    expect(await deliverDue(s.t.ctx)).toBe(1);
    expect(await finishOf(id)).toMatchObject({ devices: 12, waiting_minutes: 0 });
    // They join the line at the quiet end: a minute later 54 are left, 9 minutes at 6 a minute.
    expect(await finishOf(id, { send_dt: (quietEnd + 60_000) / 1000 })).toMatchObject({
      devices: 12,
      waiting_minutes: 9,
    });
    await pushOutside(busy.id, 60);
  });

  it('leaves out the pushes still waiting when their channel’s quiet hours begin', async () => {
    await recordPushRate(s.t.ctx.db, { pushes: 20, elapsedMs: 200_000, at: Date.now() });
    const { id } = await channelWith(30, 12);
    // Another channel's 60 pushes wait now; its quiet hours begin in one to two minutes, when 6 to
    // 12 of them are pushed, and the rest wait ten minutes for their end.
    const busy = await channelWith(60, 60);
    const now = Date.now();
    const { quietStart, quietEnd } = await quietFrom(busy.id, now, 2, 10);
    await seedReservedMessages(s.t.ctx.db, busy.id, 1, now);
    expect(await deliverDue(s.t.ctx)).toBe(1);
    // A send inside them has none of them ahead (the line counted as one: about 45, 8 minutes).
    expect(await finishOf(id, { send_dt: (quietStart + 60_000) / 1000 })).toMatchObject({
      devices: 12,
      waiting_minutes: 0,
    });
    // After they end, the 48 to 54 left join the line again: a minute on, 42 to 48 of them.
    const after = await finishOf(id, { send_dt: (quietEnd + 60_000) / 1000 });
    expect(after.waiting_minutes).toBeGreaterThanOrEqual(7);
    expect(after.waiting_minutes).toBeLessThanOrEqual(9);
    await pushOutside(busy.id, 60);
  });

  it('starts a send whose line ahead ends inside its own quiet hours at their end, the line not paused by them', async () => {
    await recordPushRate(s.t.ctx.db, { pushes: 20, elapsedMs: 200_000, at: Date.now() });
    const { id } = await channelWith(30, 12);
    // Another channel's 60 pushes wait now: 10 minutes of pushing, through the quiet hours of the
    // sender's channel (from 5 minutes on, ten minutes long), which do not hold them up.
    const busy = await channelWith(60, 60);
    const now = Date.now();
    await seedReservedMessages(s.t.ctx.db, busy.id, 1, now);
    expect(await deliverDue(s.t.ctx)).toBe(1);
    const { quietEnd } = await quietFrom(id, now, 5, 10);
    // A send now waits 10 minutes behind them, which end inside its quiet hours: its 12 pushes
    // start at their end and take 2 minutes (read as paused by them, the 60 would end 5 minutes
    // after the quiet end and its own start then).
    const sendAt = Math.ceil(now / 1000) * 1000;
    expect(await finishOf(id, { send_dt: sendAt / 1000 })).toMatchObject({
      devices: 12,
      waiting_minutes: 10,
      starts_at: quietEnd,
      finish_at: quietEnd + 120_000,
    });
    await pushOutside(busy.id, 60);
    await s.t.ctx.db.kysely.updateTable('channels').set({ quiet_hours: 0 }).where('id', '=', id).execute();
  });

  it('stores only the A/B test share’s pushes as a reserved test’s expected pushes', async () => {
    const { id } = await channelWith(400, 200);
    const sendAt = Math.ceil((Date.now() + HOUR) / 1000);
    // 50 % of 400 in two groups of 100: 200 followers, half of them subscribed on average.
    const { message } = await saveTestDraft(s.owner.client, id, { send_dt: sendAt }, { share_percent: 50 });
    await notify(s.owner.client, id, message.message_id);
    expect(await reservationOf(message.message_id)).toMatchObject({ expected_pushes: 100 });
  });

  it('keeps a reservation whose expected pushes could not be counted under load, uncounted and logged', async () => {
    const busy = await channelWith(40, 40);
    const reservedAt = Math.ceil((Date.now() + 60_000) / 1000) * 1000;
    const draft = await saveDraft(s.owner.client, busy.id, { send_dt: reservedAt / 1000 });
    // Every count slot taken and every place in its queue: the count is refused (E-503).
    const { counts, config } = s.t.ctx;
    const held = await Promise.all(Array.from({ length: config.COUNT_CONCURRENCY }, () => counts.acquire()));
    const queued = Array.from({ length: config.COUNT_QUEUE }, () => counts.acquire());
    const warn = vi.spyOn(s.t.ctx.log, 'warn');
    try {
      await notify(s.owner.client, busy.id, draft.message_id);
    } finally {
      for (const release of held) release();
      for (const slot of queued) (await slot)();
    }
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ messageId: draft.message_id }),
      'expected pushes not counted',
    );
    warn.mockRestore();
    expect(await reservationOf(draft.message_id)).toEqual({
      status: MESSAGE_STATUSES.reserved,
      expected_pushes: null,
    });
    // Uncounted, it does not delay a later send's projection: an estimate, never a send.
    const { id } = await channelWith(10, 5);
    expect(await finishOf(id, { send_dt: (reservedAt + 60_000) / 1000 })).toMatchObject({
      waiting_minutes: 0,
    });
  });

  it('measures the rate from the push sweeps, keeping the newest few', async () => {
    const { id } = await channelWith(40, 40);
    const [messageId] = (await seedReservedMessages(s.t.ctx.db, id, 1, Date.now())) as [number];
    expect(await deliverDue(s.t.ctx)).toBe(1);
    // Slow answers keep both lanes' batches in flight together: each lane's pushes count.
    s.fake.latencyMs = 30;
    try {
      expect(await pushDueDeliveries(s.t.ctx)).toBe(40);
    } finally {
      s.fake.latencyMs = 0;
    }
    const samples = await s.t.ctx.db.kysely.selectFrom('push_rate_samples').selectAll().execute();
    expect(samples).toHaveLength(1);
    expect(samples[0]).toMatchObject({ pushes: 40 });
    expect(Number(samples[0]?.elapsed_ms)).toBeGreaterThan(0);
    expect(messageId).toBeGreaterThan(0);
    expect(await finishOf(id)).toMatchObject({ measured: true });

    // A sweep of a few pushes tells latency, not throughput: not kept.
    await recordPushRate(s.t.ctx.db, { pushes: 3, elapsedMs: 100, at: Date.now() });
    // The window: only the newest samples count (one process's sweeps one after the other, 600
    // pushes a second each).
    const base = Date.now();
    for (let i = 0; i < PUSH_RATE_WINDOW + 5; i++)
      await recordPushRate(s.t.ctx.db, { pushes: 600, elapsedMs: 1000, at: base + i * 2000 });
    const kept = await s.t.ctx.db.kysely.selectFrom('push_rate_samples').select('pushes').execute();
    expect(kept).toHaveLength(PUSH_RATE_WINDOW);
    expect(kept.every((sample) => Number(sample.pushes) === 600)).toBe(true);
    const measured = await finishOf(id);
    expect(measured).toMatchObject({ devices: 40, measured: true, pushes_per_minute: 36_000 });
    expect((measured.finish_at ?? 0) - (measured.starts_at ?? 0)).toBe(Math.ceil((40 / 600) * 1000));
  });

  it('refuses a share out of range, another channel’s list, another member and a visitor', async () => {
    const { id } = await channelWith(10, 5);
    expectError(
      await s.owner.client.get(`${channelPath.messagePushFinish(id)}?share_percent=5&variants=2`),
      'E-400',
      { field: 'share_percent', rule: 'validation.ab_share_range' },
    );
    expectError(await s.owner.client.get(`${channelPath.messagePushFinish(id)}?send_dt=abc`), 'E-400', {
      field: 'send_dt',
      rule: 'validation.message_send_dt_invalid',
    });
    const elsewhere = await channelWith(10, 5);
    const list = await s.owner.client.post(channelPath.sendlists(elsewhere.id), {
      sendlist_name: 'よそ',
      box_filter_1: 0,
      tag_list_1: [elsewhere.tag],
      box_filter_2: 3,
    });
    const foreignList = list.json().sendlist.sendlist_id as number;
    expectError(
      await s.owner.client.get(`${channelPath.messagePushFinish(id)}?send_list_id=${foreignList}`),
      'E-400',
      { field: 'send_list_id', rule: 'validation.message_sendlist_invalid' },
    );
    expectError(await s.other.client.get(channelPath.messagePushFinish(id)), 'E-404');
    const stranger = await newClient(s.t.app);
    expectError(await stranger.get(channelPath.messagePushFinish(id)), 'E-401');
  });
});
