import { channelAnalyticsAnswer } from '@qrqr/shared/channel-analytics-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { readerChannelPath } from '@qrqr/shared/paths';
import { welcomeMessageAnswer } from '@qrqr/shared/welcome-message-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { saveCoupon } from '../helpers/coupons';
import { expectAnswer, expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { newFollower, sameOrigin, unfollow } from '../helpers/followers';
import { couponDates, saveDraft } from '../messaging/helpers';

let t: TestApp;
let owner: Member;
let stranger: Member;
let channelId: number;
let code: string;

const DAY = 86_400;
const today = () => tokyoDate();
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  stranger = await registeredMember(t.app);
  const channel = await createChannel(owner.client);
  channelId = channel.channel_id;
  code = channel.channel_code;
});
afterAll(() => t?.close());

async function send(patch: Record<string, unknown> = {}) {
  const m = await saveDraft(owner.client, channelId, patch);
  const res = await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id });
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.jobs.drain();
  return m.message_id;
}

const post = (client: TestClient, url: string) => client.post(url, {}, { headers: sameOrigin });
const report = async (query = '') =>
  expectAnswer(await owner.client.get(`${channelPath.analytics(channelId)}${query}`), channelAnalyticsAnswer);
const todayOf = async () => (await report('?range=0')).days[0];
const messageOf = async (id: number, kind = 'message') =>
  (await report('?range=0')).messages.find((m) => m.id === id && m.kind === kind);

describe('channel analytics: counted as things happen', () => {
  it('counts follows, unfollows and the followers at day end', async () => {
    const a = await newFollower(t.app, code);
    await newFollower(t.app, code);
    await newFollower(t.app, code);
    expect((await unfollow(a, code)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(await todayOf()).toMatchObject({ day: today(), follows: 3, unfollows: 1, followers: 2 });
  });

  it('keeps the followers at day end exact under concurrent follows and unfollows', async () => {
    const other = await createChannel(owner.client, { channel_name: '同時フォロー' });
    const phones = await Promise.all(Array.from({ length: 8 }, () => newFollower(t.app, other.channel_code)));
    await Promise.all(phones.slice(0, 3).map((p) => unfollow(p, other.channel_code)));
    const rows = await t.ctx.db.kysely
      .selectFrom('followers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', other.channel_id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(5);
    const day = expectAnswer(
      await owner.client.get(`${channelPath.analytics(other.channel_id)}?range=0`),
      channelAnalyticsAnswer,
    ).days[0];
    expect(day).toMatchObject({ follows: 8, unfollows: 3, followers: 5 });
  });

  it('counts deliveries, first opens from the inbox or a push, and coupon uses per message', async () => {
    const phones = [await newFollower(t.app, code), await newFollower(t.app, code)];
    const before = await todayOf();
    const coupon = await saveCoupon(owner.client, channelId, {
      ...couponDates(),
      coupon_available_count: -1,
    });
    const id = await send({ layout: 2, coupon_id: coupon.coupon_img_id, push_text: '集計テスト' });
    const key = `message-${id}`;
    const [p1, p2] = phones as [TestClient, TestClient];
    expect((await post(p1, readerChannelPath.messageOpen(code, key))).statusCode).toBe(200);
    // A second open of the same delivery, even from a push, is not counted again.
    expect((await post(p1, readerChannelPath.messageOpen(code, key, 'push'))).statusCode).toBe(200);
    expect((await post(p2, readerChannelPath.messageOpen(code, key, 'push'))).statusCode).toBe(200);
    // An unlimited coupon: two uses by one delivery, one delivery using it.
    for (let i = 0; i < 2; i++)
      expect((await post(p1, readerChannelPath.messageCouponUse(code, key))).statusCode).toBe(200);

    const day = await todayOf();
    const followers = day?.followers ?? 0;
    expect(day).toMatchObject({
      deliveries: (before?.deliveries ?? 0) + followers,
      opens_inbox: (before?.opens_inbox ?? 0) + 1,
      opens_push: (before?.opens_push ?? 0) + 1,
      coupon_uses: (before?.coupon_uses ?? 0) + 2,
    });
    expect(await messageOf(id)).toMatchObject({
      title: '集計テスト',
      deleted: false,
      targeted: followers,
      opens_inbox: 1,
      opens_push: 1,
      opened: 2,
      coupon_users: 1,
      coupon_uses: 2,
      open_rate: 2 / followers,
      coupon_rate: 0.5,
      push_reachable_rate: 0,
      accepted_rate: null,
    });
  });

  it('counts the push points per channel, day and message', async () => {
    const id = await send({ push_text: 'プッシュ' });
    const before = await todayOf();
    const at = Date.now();
    await t.ctx.registry.emit(points.pushReachable, {
      channelId,
      messageId: id,
      welcomeMessageId: null,
      at,
      count: 3,
    });
    for (const count of [1, 1])
      await t.ctx.registry.emit(points.pushAccepted, {
        channelId,
        messageId: id,
        welcomeMessageId: null,
        at,
        count,
      });
    expect(await todayOf()).toMatchObject({
      push_reachable: (before?.push_reachable ?? 0) + 3,
      push_accepted: (before?.push_accepted ?? 0) + 2,
    });
    expect(await messageOf(id)).toMatchObject({ push_reachable: 3, push_accepted: 2, accepted_rate: 2 / 3 });
  });

  it('counts a welcome message delivered in the follow and opened', async () => {
    const save = await owner.client.post(channelPath.welcomeMessages(channelId), {
      layout: 1,
      push_text: 'ようこそ',
      detail_title: 'はじめまして',
      send_end_dt: nowSeconds() + 3600,
    });
    const welcome = expectAnswer(save, welcomeMessageAnswer).message;
    await owner.client.post(channelPath.welcomeNotify(channelId), { message_id: welcome.message_id });
    const phone = await newFollower(t.app, code);
    await post(phone, readerChannelPath.messageOpen(code, `welcome-${welcome.message_id}`, 'push'));
    expect(await messageOf(welcome.message_id, 'welcome')).toMatchObject({
      title: 'ようこそ',
      targeted: 1,
      opens_push: 1,
      opened: 1,
    });
    await owner.client.post(channelPath.welcomeStop(channelId), { message_id: welcome.message_id });
  });
});

describe('channel analytics: ranges', () => {
  it('answers every day of a range, a day with nothing as zeros carrying the followers', async () => {
    const week = await report('?range=1');
    expect(week.days).toHaveLength(7);
    expect(week.to).toBe(today());
    const quiet = week.days[0];
    expect(quiet).toMatchObject({ follows: 0, deliveries: 0, opens_inbox: 0, coupon_uses: 0, followers: 0 });
    expect((await report('?range=2')).days).toHaveLength(30);
    const custom = await report('?range=3&from=2024-01-01&to=2024-01-03');
    expect(custom.days.map((d) => d.day)).toEqual(['2024-01-01', '2024-01-02', '2024-01-03']);
    expect(custom.messages).toEqual([]);
    expect((await report('?range=4')).to).toBe(today());
    expectError(
      await owner.client.get(`${channelPath.analytics(channelId)}?range=3&from=2024-01-03&to=2024-01-01`),
      'E-400',
    );
    expectError(await owner.client.get(`${channelPath.analytics(channelId)}?range=9`), 'E-400');
  });

  it("answers 404 for another member's channel and 401 without a session", async () => {
    expectError(await stranger.client.get(channelPath.analytics(channelId)), 'E-404');
    expectError(await stranger.client.get(channelPath.analyticsCsv(channelId, 0, DAY)), 'E-404');
    const anonymous = (await import('../helpers/followers')).visitor(t.app);
    expectError(await anonymous.get(channelPath.analytics(channelId)), 'E-401');
  });
});

describe('channel analytics: the CSV', () => {
  it('streams a UTF-8 CSV with BOM: a line a day, then a section per message, in the page language', async () => {
    const end = nowSeconds();
    const res = await owner.client.get(channelPath.analyticsCsv(channelId, end - 2 * DAY, end));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const from = tokyoDate((end - 2 * DAY) * 1000);
    expect(res.headers['content-disposition']).toContain(
      `filename="channel-${channelId}-${from}-${today()}.csv"`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^日付,日末のフォロワー数,フォロー,フォロー解除,配信数,/);
    expect(lines.slice(1, 4).map((l) => l.split(',')[0])).toEqual([
      from,
      tokyoDate((end - DAY) * 1000),
      today(),
    ]);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},0,0,0,0,0,0,0,0,0$/);
    expect(res.body).toContain('メッセージ,message-');
    expect(res.body).toContain('集計テスト');
    expect(res.body).toContain('合計,');

    // The member's language, chosen in the app (csv-language.test.ts: the browser's alone is not).
    owner.client.cookies.set('lang', 'en');
    const en = await owner.client.get(channelPath.analyticsCsv(channelId, end, end));
    owner.client.cookies.delete('lang');
    expect(en.body.split('\r\n')[0]).toMatch(
      /^\uFEFFDate,Followers at day end,Follows,Unfollows,Deliveries,/,
    );
  });

  it('follows the range rule: the end may not be before the start; at most 366 days', async () => {
    const end = nowSeconds();
    expectError(await owner.client.get(channelPath.analyticsCsv(channelId, end, end - DAY)), 'E-400', {
      field: 'end_date',
      rule: 'validation.range_order',
    });
    expectError(await owner.client.get(channelPath.analyticsCsv(channelId, end - 400 * DAY, end)), 'E-400');
    expectError(
      await owner.client.get(`/qrchannel/${channelId}/analytics/csv/get/?start_date=x&end_date=1`),
      'E-400',
    );
  });
});
