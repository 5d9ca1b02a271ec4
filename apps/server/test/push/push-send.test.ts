import { channelPath } from '@qrqr/shared/channel-paths';
import { readerChannelPath } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDueDeliveries } from '../../src/modules/messaging/push-deliveries';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { saveCoupon } from '../helpers/coupons';
import type { Member } from '../helpers/factories';
import { newFollower } from '../helpers/followers';
import { couponDates } from '../messaging/helpers';
import { FakePushService, type TestSubscription } from '../support/fake-push-service';
import { pushEnv, reserveNow, subscribe } from './helpers';

/**
 * Pushing deliveries against the fake push service: what arrives (decrypted, VAPID
 * checked), the headers, every push state, subscription clean-up, the events, quiet hours.
 */
let t: TestApp;
let fake: FakePushService;
let owner: Member;
let channelId: number;
let code: string;
const accepted: Array<{ count: number; messageId: number | null }> = [];
const reachable: Array<{ count: number; messageId: number | null }> = [];

beforeAll(async () => {
  fake = await new FakePushService().start();
  t = await createTestApp(
    pushEnv(fake.origin, fake.caFile, { PUSH_MAX_ATTEMPTS: '3', PUSH_TIMEOUT_MS: '800' }),
  );
  owner = await registeredMember(t.app);
  const channel = await createChannel(owner.client, { channel_name: 'カフェ通知' });
  channelId = channel.channel_id;
  code = channel.channel_code;
  t.ctx.registry.register(points.pushAccepted, async (e) => {
    accepted.push(e);
  });
  t.ctx.registry.register(points.pushReachable, async (e) => {
    reachable.push({ count: e.count, messageId: e.messageId });
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

/** A follower whose device turned notifications on. */
async function subscribedFollower(): Promise<{ phone: TestClient; sub: TestSubscription }> {
  const phone = await newFollower(t.app, code);
  const sub = fake.subscription();
  const res = await subscribe(phone, sub);
  expect(res.statusCode, res.body).toBe(200);
  return { phone, sub };
}

const stateOf = async (messageId: number) =>
  t.ctx.db.kysely
    .selectFrom('message_deliveries')
    .select(['follower_id', 'push_state', 'push_attempts', 'push_due_at'])
    .where('message_id', '=', messageId)
    .orderBy('follower_id')
    .execute();

/** A counter of /metrics by its labels, e.g. `{ outcome: 'accepted' }` (0 when never counted). */
async function counted(
  counter: { get(): Promise<{ values: Array<{ labels: object; value: number }> }> },
  labels: Record<string, string>,
): Promise<number> {
  const { values } = await counter.get();
  const same = (l: object) =>
    Object.entries(labels).every(([k, v]) => (l as Record<string, unknown>)[k] === v);
  return values.filter((v) => same(v.labels)).reduce((sum, v) => sum + v.value, 0);
}

const subscriptionCount = async () =>
  Number(
    (
      await t.ctx.db.kysely
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('pushing a sent message', () => {
  it('pushes each subscribed delivery once: payload, VAPID, TTL, Urgency, Topic; accepted never again', async () => {
    const a = await subscribedFollower();
    const b = await subscribedFollower();
    const plain = await newFollower(t.app, code); // no subscription: reachable by the inbox only
    accepted.length = 0;
    reachable.length = 0;
    const { pushes, deliveries } = t.ctx.metrics;
    const acceptedBefore = await counted(pushes, { outcome: 'accepted' });
    const stepsBefore = await counted(deliveries, { outcome: 'done' });
    const id = await reserveNow(owner.client, channelId, { push_text: '新メニューのお知らせ' });
    await t.ctx.jobs.drain();
    // /metrics counts both pushes and both delivery steps (claim and rest) where they happen.
    expect((await counted(pushes, { outcome: 'accepted' })) - acceptedBefore).toBe(2);
    expect((await counted(deliveries, { outcome: 'done' })) - stepsBefore).toBe(2);
    expect(fake.errors).toEqual([]);
    for (const { sub } of [a, b]) {
      const [got, ...more] = fake.pushesTo(sub.id);
      expect(more).toEqual([]);
      expect(got?.payload).toEqual({
        title: 'カフェ通知',
        body: '新メニューのお知らせ',
        message_id: id,
        welcome_message_id: null,
        url: `http://qr.test/c/${code}?via=push#message/${code}/message-${id}`,
        tag: `message-${id}`,
      });
      expect(got).toMatchObject({ ttl: 86_400, urgency: 'normal', topic: `m${id}`, status: 201 });
      expect(got?.claims).toMatchObject({ aud: fake.origin, sub: 'mailto:push-test@qr.test' });
    }
    // One VAPID token for both recipients (cached per origin), valid ≤ 12 h.
    const [ja, jb] = [a, b].map(({ sub }) => fake.pushesTo(sub.id)[0]);
    expect(ja?.jwt).toBe(jb?.jwt);
    expect((ja?.claims.exp ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(12 * 3600);
    expect((await stateOf(id)).map((r) => r.push_state).sort()).toEqual([1, 1, 2]);
    // Told per item once its outcomes are written (one event for several pushes): the counts add up.
    for (const e of accepted) expect(e).toMatchObject({ channelId, messageId: id, welcomeMessageId: null });
    expect(accepted.reduce((sum, e) => sum + e.count, 0)).toBe(2);
    // Told per claimed batch (two lanes may split a message's rows): the counts add up.
    expect(reachable.every((r) => r.messageId === id)).toBe(true);
    expect(reachable.reduce((sum, r) => sum + r.count, 0)).toBe(2);
    // The inbox has it at once for everyone, the unsubscribed follower too.
    const box = (await plain.get(readerChannelPath.messages(code))).json();
    expect(box.items).toHaveLength(1);

    const before = fake.received.length;
    await t.ctx.jobs.drain();
    await pushDueDeliveries(t.ctx, () => Date.now() + 3_600_000);
    expect(fake.received.length).toBe(before);
  });

  it('keeps a push until the coupon ends (at most 72 h), with high urgency in its last 24 h', async () => {
    const { sub } = await subscribedFollower();
    const coupon = await saveCoupon(owner.client, channelId, { ...couponDates(-1, 0) });
    const today = await reserveNow(owner.client, channelId, {
      layout: 2,
      coupon_id: coupon.coupon_img_id,
      push_text: '本日限り',
    });
    const later = await saveCoupon(owner.client, channelId, { ...couponDates(-1, 20), item_name: '長い' });
    const month = await reserveNow(owner.client, channelId, {
      layout: 2,
      coupon_id: later.coupon_img_id,
      push_text: '今月のクーポン',
    });
    await t.ctx.jobs.drain();
    const got = fake.pushesTo(sub.id);

    const first = got.find((p) => p.topic === `m${today}`);
    const second = got.find((p) => p.topic === `m${month}`);
    expect(first?.urgency).toBe('high');
    expect(first?.ttl).toBeGreaterThan(0);
    expect(first?.ttl).toBeLessThanOrEqual(24 * 3600);
    expect(second).toMatchObject({ urgency: 'normal', ttl: 72 * 3600 });
  });

  it('deletes a subscription answered 404 or 410 at once (state gone)', async () => {
    const gone = await subscribedFollower();
    const missing = await subscribedFollower();
    fake.answer(gone.sub.id, { status: 410 });
    fake.answer(missing.sub.id, { status: 404 });
    const count = await subscriptionCount();
    const id = await reserveNow(owner.client, channelId);
    await t.ctx.jobs.drain();
    expect(await subscriptionCount()).toBe(count - 2);
    const rows = await stateOf(id);
    expect(rows.filter((r) => r.push_state === 2).length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.push_state === 1 || r.push_state === 2)).toBe(true);
  });

  it('backs off on 429 (Retry-After) and 5xx, retries, and fails after PUSH_MAX_ATTEMPTS', async () => {
    const busy = await subscribedFollower();
    const broken = await subscribedFollower();
    fake.answer(busy.sub.id, { status: 429, retryAfter: 30 }, { status: 201 });
    fake.answer(broken.sub.id, { status: 503 });
    const id = await reserveNow(owner.client, channelId);
    const start = Date.now();
    await t.ctx.jobs.drain();
    const followerOf = async (phone: TestClient) => {
      const rows = await stateOf(id);
      const mine = await t.ctx.db.kysely
        .selectFrom('followers')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('device_hash', 'in', (await deviceHashes(phone)) ?? [])
        .executeTakeFirstOrThrow();
      return rows.find((r) => Number(r.follower_id) === Number(mine.id));
    };
    const waiting = await followerOf(busy.phone);
    expect(waiting).toMatchObject({ push_state: 0, push_attempts: 1 });
    // Retry-After: 30 s from the answer.
    expect(Number(waiting?.push_due_at) - start).toBeGreaterThanOrEqual(29_000);
    // Not before its time…
    await pushDueDeliveries(t.ctx, () => start + 5000);
    expect(fake.pushesTo(busy.sub.id)).toHaveLength(1);
    // …then accepted.
    await pushDueDeliveries(t.ctx, () => start + 32_000);
    expect(fake.pushesTo(busy.sub.id).map((p) => p.status)).toEqual([429, 201]);
    expect(await followerOf(busy.phone)).toMatchObject({ push_state: 1 });
    // 503 three times (PUSH_MAX_ATTEMPTS=3, backoff 30 s, 60 s): failed.
    await pushDueDeliveries(t.ctx, () => start + 200_000);
    expect(fake.pushesTo(broken.sub.id).map((p) => p.status)).toEqual([503, 503, 503]);
    expect(await followerOf(broken.phone)).toMatchObject({ push_state: 3, push_attempts: 3 });
    fake.answer(broken.sub.id, { status: 201 });
  });

  it('follows no redirect: a 3xx is a failed push, asked once', async () => {
    const moved = await subscribedFollower();
    fake.answer(moved.sub.id, { status: 301 });
    const id = await reserveNow(owner.client, channelId);
    await t.ctx.jobs.drain();
    await pushDueDeliveries(t.ctx, () => Date.now() + 3_600_000);
    expect(fake.pushesTo(moved.sub.id).map((p) => p.status)).toEqual([301]);
    expect((await stateOf(id)).filter((r) => r.push_state === 3)).toHaveLength(1);
  });

  it('reads a few KB of an answer at most: a 201 with a 512 MB body is accepted, the rest left unread', async () => {
    const chatty = await subscribedFollower();
    fake.answer(chatty.sub.id, { status: 201, bodyBytes: 512 * 1024 * 1024 });
    const cut = fake.cutBodies.length;
    const id = await reserveNow(owner.client, channelId);
    await t.ctx.jobs.drain();
    expect(fake.pushesTo(chatty.sub.id).map((p) => p.status)).toEqual([201]);
    expect((await stateOf(id)).filter((r) => r.push_state === 0)).toEqual([]);
    // Hung up on: what was written before is what the connection buffers hold, not a read.
    await expect.poll(() => fake.cutBodies.length).toBe(cut + 1);
    expect(fake.cutBodies[cut]).toBeLessThan(16 * 1024 * 1024);
  });

  it('times out a slow push service and tries again later', async () => {
    const slow = await subscribedFollower();
    fake.answer(slow.sub.id, { status: 201, delayMs: 3000 }, { status: 201 });
    const id = await reserveNow(owner.client, channelId);
    const start = Date.now();
    await t.ctx.jobs.drain();
    expect(Date.now() - start).toBeLessThan(2500);
    const pending = (await stateOf(id)).filter((r) => r.push_state === 0);
    expect(pending).toHaveLength(1);
    expect(pending[0]?.push_attempts).toBe(1);
    await new Promise((r) => setTimeout(r, 2600)); // the slow answer lands meanwhile
    await pushDueDeliveries(t.ctx, () => Date.now() + 31_000);
    expect((await stateOf(id)).filter((r) => r.push_state === 0)).toEqual([]);
  });

  it('waits for the end of the quiet hours; the inbox has the message at once', async () => {
    const quiet = await createChannel(owner.client, { channel_name: '夜は静かに' });
    // Quiet from a minute ago (Japan time) for two hours.
    const minute = (Math.floor(Date.now() / 60_000) + 9 * 60) % 1440;
    const hhmm = (m: number) =>
      `${String(Math.floor(((m + 1440) % 1440) / 60)).padStart(2, '0')}:${String((m + 1440) % 60).padStart(2, '0')}`;
    const res = await owner.client.put(channelPath.one(quiet.channel_id), {
      quiet_hours: 1,
      quiet_start: hhmm(minute - 1),
      quiet_end: hhmm(minute + 120),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channel).toMatchObject({ quiet_hours: 1, quiet_end: hhmm(minute + 120) });
    const phone = await newFollower(t.app, quiet.channel_code);
    const sub = fake.subscription();
    await subscribe(phone, sub);
    const id = await reserveNow(owner.client, quiet.channel_id);
    await t.ctx.jobs.drain();
    expect(fake.pushesTo(sub.id)).toEqual([]);
    expect((await phone.get(readerChannelPath.messages(quiet.channel_code))).json().items).toHaveLength(1);
    const [row] = await stateOf(id);
    const end = Math.floor(Date.now() / 60_000) * 60_000 + 120 * 60_000;
    expect(Math.abs(Number(row?.push_due_at) - end)).toBeLessThanOrEqual(60_000);
    await pushDueDeliveries(t.ctx, () => Number(row?.push_due_at) + 1000);
    expect(fake.pushesTo(sub.id)).toHaveLength(1);
  });
});

async function deviceHashes(phone: TestClient): Promise<string[] | undefined> {
  const id = phone.cookies.get('qr_device');
  if (!id) return undefined;
  const { sha256 } = await import('../../src/platform/core/crypto');
  return [sha256(id)];
}
