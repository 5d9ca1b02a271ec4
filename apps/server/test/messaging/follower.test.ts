import { channelPath } from '@qrqr/shared/channel-paths';
import { inboxAnswer, inboxItemAnswer } from '@qrqr/shared/message-schemas';
import { READER_INBOX_PATH, readerChannelPath } from '@qrqr/shared/paths';
import { welcomeMessageAnswer } from '@qrqr/shared/welcome-message-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedTags } from '../helpers/audience';
import { decodeCodes } from '../helpers/barcodes';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { saveCoupon } from '../helpers/coupons';
import { expectAnswer, expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { follow, newFollower, sameOrigin, unfollow, visitor } from '../helpers/followers';
import { couponDates, saveDraft } from './helpers';

let t: TestApp;
let owner: Member;
let channelId: number;
let code: string;
let secondCode: string;
let secondId: number;
let tags: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  const channel = await createChannel(owner.client);
  channelId = channel.channel_id;
  code = channel.channel_code;
  const second = await createChannel(owner.client, { channel_name: '二号店' });
  secondId = second.channel_id;
  secondCode = second.channel_code;
  tags = await seedTags(t.ctx.db, channelId, ['開封', 'クーポン利用']);
});
afterAll(() => t?.close());

async function send(channel: number, patch: Record<string, unknown> = {}) {
  const m = await saveDraft(owner.client, channel, patch);
  const res = await owner.client.post(channelPath.messageNotify(channel), { message_id: m.message_id });
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.jobs.drain();
  return m.message_id;
}

const inbox = async (client: TestClient, c = code) =>
  expectAnswer(await client.get(readerChannelPath.messages(c)), inboxAnswer);
const post = (client: TestClient, url: string) => client.post(url, {}, { headers: sameOrigin });
const tagsOf = async (channel: number) =>
  (
    await t.ctx.db.kysely
      .selectFrom('follower_tags')
      .select(['follower_id', 'tag_id'])
      .where('channel_id', '=', channel)
      .execute()
  ).map((r) => Number(r.tag_id));

describe('the follower inbox', () => {
  it('lists sent messages newest first, unread marked; opening adds push_tag once', async () => {
    const phone = await newFollower(t.app, code);
    const first = await send(channelId, { push_text: '一通目' });
    const second = await send(channelId, { push_text: '二通目', push_tag: [tags[0]] });
    const box = await inbox(phone);
    expect(box.items.map((i) => i.push_text)).toEqual(['二通目', '一通目']);
    expect(box).toMatchObject({ total_count: 2, unread_count: 2 });
    const opened = expectAnswer(
      await post(phone, readerChannelPath.messageOpen(code, `message-${second}`)),
      inboxItemAnswer,
    );
    expect(opened.item.opened).toBe(true);
    expect(await tagsOf(channelId)).toEqual([tags[0]]);
    expect((await inbox(phone)).unread_count).toBe(1);
    // A message sent before the follow is not in the inbox of a later follower.
    const late = await newFollower(t.app, code);
    expect((await inbox(late)).items).toEqual([]);
    expectError(await late.get(readerChannelPath.message(code, `message-${first}`)), 'E-404');
  });

  it('uses a once coupon once (a double tap too), adds push_coupon_use_tags, then shows it used', async () => {
    const phone = await newFollower(t.app, code);
    const coupon = await saveCoupon(owner.client, channelId, couponDates());
    const id = await send(channelId, {
      layout: 2,
      coupon_id: coupon.coupon_img_id,
      push_coupon_use_tags: [tags[1]],
    });
    const before = (await inbox(phone)).items[0];
    expect(before?.coupon).toMatchObject({ state: 'valid', used_count: 0, coupon_code_text: '' });
    const url = readerChannelPath.messageCouponUse(code, `message-${id}`);
    const [a, b] = await Promise.all([post(phone, url), post(phone, url)]);
    for (const res of [a, b]) expect(res.statusCode, res.body).toBe(200);
    const after = expectAnswer(
      await phone.get(readerChannelPath.message(code, `message-${id}`)),
      inboxItemAnswer,
    );
    expect(after.item.coupon).toMatchObject({
      state: 'used',
      used_count: 1,
      coupon_code_text: 'KOMOREBI-2026-SPRING',
    });
    expect(await tagsOf(channelId)).toContain(tags[1]);
    // Cancelled by the operator: the follower sees the text and cannot use it.
    const other = await newFollower(t.app, code);
    const id2 = await send(channelId, { layout: 2, coupon_id: coupon.coupon_img_id });
    await owner.client.post(channelPath.couponCancel(channelId, id2), { text_description: '品切れ' });
    const item = (await inbox(other)).items.find((i) => i.item_key === `message-${id2}`);
    expect(item?.coupon).toMatchObject({ state: 'cancelled', cancel_text: '品切れ' });
    expectError(await post(other, readerChannelPath.messageCouponUse(code, `message-${id2}`)), 'E-741');
  });

  it('answers the moment of the first use of a once coupon (used_at), kept through a second tap', async () => {
    const phone = await newFollower(t.app, code);
    const coupon = await saveCoupon(owner.client, channelId, couponDates());
    const id = await send(channelId, { layout: 2, coupon_id: coupon.coupon_img_id });
    const before = (await inbox(phone)).items.find((i) => i.item_key === `message-${id}`);
    expect(before?.coupon?.used_at).toBeNull();
    const url = readerChannelPath.messageCouponUse(code, `message-${id}`);
    const from = Date.now();
    const used = expectAnswer(await post(phone, url), inboxItemAnswer).item.coupon;
    const to = Date.now();
    expect(used?.state).toBe('used');
    expect(used?.used_at).toBeGreaterThanOrEqual(from);
    expect(used?.used_at).toBeLessThanOrEqual(to);
    await new Promise((r) => setTimeout(r, 5));
    const again = expectAnswer(await post(phone, url), inboxItemAnswer).item.coupon;
    expect(again?.used_at).toBe(used?.used_at);
    const listed = (await inbox(phone)).items.find((i) => i.item_key === `message-${id}`);
    expect(listed?.coupon?.used_at).toBe(used?.used_at);
  });

  it('draws a used QR or JAN coupon code for its follower only', async () => {
    const phone = await newFollower(t.app, code);
    const stranger = await newFollower(t.app, code);
    for (const [type, text, format] of [
      [2, '4901234567894', 'EAN13'],
      [1, 'KOMOREBI-QR-7', 'QRCode'],
    ] as const) {
      const coupon = await saveCoupon(owner.client, channelId, {
        ...couponDates(),
        coupon_code_type: type,
        coupon_code_text: text,
      });
      const id = await send(channelId, { layout: 2, coupon_id: coupon.coupon_img_id });
      const picture = readerChannelPath.messageCouponCode(code, `message-${id}`);
      // Not before it is used, and never for another device.
      expectError(await phone.get(picture), 'E-404');
      await post(phone, readerChannelPath.messageCouponUse(code, `message-${id}`));
      const res = await phone.get(picture);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(await decodeCodes(res.rawPayload, format)).toEqual([text]);
      expectError(await stranger.get(picture), 'E-404');
      expectError(await (await visitor(t.app)).get(picture), 'E-404');
    }
    // A text code has no picture.
    const plain = await saveCoupon(owner.client, channelId, {
      ...couponDates(),
      coupon_code_type: 3,
      coupon_code_text: '4711',
    });
    const id = await send(channelId, { layout: 2, coupon_id: plain.coupon_img_id });
    await post(phone, readerChannelPath.messageCouponUse(code, `message-${id}`));
    expectError(await phone.get(readerChannelPath.messageCouponCode(code, `message-${id}`)), 'E-404');
  });

  it('counts every use of an unlimited coupon', async () => {
    const phone = await newFollower(t.app, code);
    const coupon = await saveCoupon(owner.client, channelId, {
      ...couponDates(),
      coupon_available_count: -1,
    });
    const id = await send(channelId, { layout: 2, coupon_id: coupon.coupon_img_id });
    const url = readerChannelPath.messageCouponUse(code, `message-${id}`);
    await post(phone, url);
    const res = expectAnswer(await post(phone, url), inboxItemAnswer);
    expect(res.item.coupon).toMatchObject({ state: 'valid', used_count: 2 });
  });

  it('an unfollowed device sees nothing of the channel', async () => {
    const phone = await newFollower(t.app, code);
    const id = await send(channelId);
    expect((await inbox(phone)).items.length).toBeGreaterThan(0);
    await unfollow(phone, code);
    expect((await inbox(phone)).items).toEqual([]);
    expectError(await phone.get(readerChannelPath.message(code, `message-${id}`)), 'E-404');
    expectError(await post(phone, readerChannelPath.messageOpen(code, `message-${id}`)), 'E-404');
  });

  it('refuses writes without the visitor CSRF proof', async () => {
    const phone = await newFollower(t.app, code);
    const id = await send(channelId);
    const res = await phone.post(
      readerChannelPath.messageOpen(code, `message-${id}`),
      {},
      { headers: { origin: 'https://evil.example' } },
    );
    expectError(res, 'E-403');
  });

  it('/api/reader/inbox lists every channel the device follows', async () => {
    const phone = visitor(t.app);
    await follow(phone, code);
    await follow(phone, secondCode);
    await send(channelId, { push_text: '本店' });
    await send(secondId, { push_text: '二号店' });
    const all = expectAnswer(await phone.get(READER_INBOX_PATH), inboxAnswer);
    expect(all.items.map((i) => [i.push_text, i.channel_code])).toEqual([
      ['二号店', secondCode],
      ['本店', code],
    ]);
  });
});

describe('welcome messages', () => {
  it('reach a new follower in the follow, once per device across unfollow and re-follow, until stopped or ended', async () => {
    const save = await owner.client.post(channelPath.welcomeMessages(channelId), {
      layout: 1,
      push_text: 'ようこそ',
      detail_title: 'はじめまして',
      send_end_dt: Math.floor(Date.now() / 1000) + 3600,
    });
    const welcome = expectAnswer(save, welcomeMessageAnswer).message;
    const on = expectAnswer(
      await owner.client.post(channelPath.welcomeNotify(channelId), { message_id: welcome.message_id }),
      welcomeMessageAnswer,
    );
    expect(on.message).toMatchObject({ status: 1, active: true });

    const phone = await newFollower(t.app, code);
    const items = (await inbox(phone)).items;
    expect(items[0]).toMatchObject({
      kind: 'welcome',
      push_text: 'ようこそ',
      item_key: `welcome-${welcome.message_id}`,
    });
    await unfollow(phone, code);
    await follow(phone, code);
    expect((await inbox(phone)).items.filter((i) => i.kind === 'welcome')).toEqual([]);
    const count = await t.ctx.db.kysely.selectFrom('welcome_deliveries').selectAll().execute();
    expect(count).toHaveLength(1);

    // A second one turned on asks first (E-737), then replaces the first.
    const second = expectAnswer(
      await owner.client.post(channelPath.welcomeMessages(channelId), { layout: 1, push_text: '二つ目' }),
      welcomeMessageAnswer,
    ).message;
    expectError(
      await owner.client.post(channelPath.welcomeNotify(channelId), { message_id: second.message_id }),
      'E-737',
    );
    const replaced = await owner.client.post(channelPath.welcomeNotify(channelId), {
      message_id: second.message_id,
      stop_other: true,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const firstNow = expectAnswer(
      await owner.client.get(channelPath.welcomeMessage(channelId, welcome.message_id)),
      welcomeMessageAnswer,
    );
    expect(firstNow.message.status).toBe(2);
    // Editing one that is on is refused; stopping it ends deliveries.
    expectError(
      await owner.client.post(channelPath.welcomeMessages(channelId), {
        message_id: second.message_id,
        layout: 1,
        push_text: 'x',
      }),
      'E-730',
    );
    await owner.client.post(channelPath.welcomeStop(channelId), { message_id: second.message_id });
    const late = await newFollower(t.app, code);
    expect((await inbox(late)).items.filter((i) => i.kind === 'welcome')).toEqual([]);
  });

  it('stops at send_end_dt, to the second, and refuses to turn on one already ended', async () => {
    const channel = await createChannel(owner.client, { channel_name: '期限' });
    const end = Math.floor(Date.now() / 1000) + 2;
    const w = expectAnswer(
      await owner.client.post(channelPath.welcomeMessages(channel.channel_id), {
        layout: 1,
        push_text: '期間限定',
        send_end_dt: end,
      }),
      welcomeMessageAnswer,
    ).message;
    await owner.client.post(channelPath.welcomeNotify(channel.channel_id), { message_id: w.message_id });
    const early = await newFollower(t.app, channel.channel_code);
    expect((await inbox(early, channel.channel_code)).items).toHaveLength(1);
    await new Promise((r) => setTimeout(r, Math.max(0, end * 1000 - Date.now()) + 50));
    const after = await newFollower(t.app, channel.channel_code);
    expect((await inbox(after, channel.channel_code)).items).toHaveLength(0);
    const past = expectAnswer(
      await owner.client.post(channelPath.welcomeMessages(channel.channel_id), {
        layout: 1,
        push_text: '過去',
        send_end_dt: end - 10,
      }),
      welcomeMessageAnswer,
    ).message;
    expectError(
      await owner.client.post(channelPath.welcomeNotify(channel.channel_id), { message_id: past.message_id }),
      'E-738',
    );
  });

  it('turns on only with a coupon valid through its last day (E-734) and still in the library (E-732), copying nothing when refused', async () => {
    const channel = await createChannel(owner.client, { channel_name: 'クーポン期限' });
    const id = channel.channel_id;
    const coupon = await saveCoupon(owner.client, id, couponDates(-10, 1));
    const copies = async () =>
      Number(
        (
          await t.ctx.db.kysely
            .selectFrom('coupon_copies')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('channel_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const welcome = async (patch: Record<string, unknown>) =>
      expectAnswer(
        await owner.client.post(channelPath.welcomeMessages(id), {
          layout: 2,
          push_text: 'クーポン',
          ...patch,
        }),
        welcomeMessageAnswer,
      ).message;
    const late = await welcome({
      coupon_id: coupon.coupon_img_id,
      send_end_dt: Math.floor(Date.now() / 1000) + 5 * 86_400,
    });
    expectError(
      await owner.client.post(channelPath.welcomeNotify(id), { message_id: late.message_id }),
      'E-734',
    );
    const none = await welcome({});
    expectError(
      await owner.client.post(channelPath.welcomeNotify(id), { message_id: none.message_id }),
      'E-732',
    );
    expect(await copies()).toBe(0);
    const inTime = await welcome({ coupon_id: coupon.coupon_img_id });
    const on = expectAnswer(
      await owner.client.post(channelPath.welcomeNotify(id), { message_id: inTime.message_id }),
      welcomeMessageAnswer,
    );
    expect(on.message).toMatchObject({ status: 1 });
    expect(await copies()).toBe(1);
  });
});

describe('inbox pages', () => {
  it('place the welcome message among the messages by time, on the channel and the device inbox', async () => {
    const channel = await createChannel(owner.client, { channel_name: 'ページ' });
    const welcome = expectAnswer(
      await owner.client.post(channelPath.welcomeMessages(channel.channel_id), {
        layout: 1,
        push_text: 'ようこそ',
        send_end_dt: Math.floor(Date.now() / 1000) + 3600,
      }),
      welcomeMessageAnswer,
    ).message;
    await owner.client.post(channelPath.welcomeNotify(channel.channel_id), {
      message_id: welcome.message_id,
    });
    const phone = await newFollower(t.app, channel.channel_code);
    await follow(phone, secondCode);
    for (let i = 0; i < 21; i++) {
      // Each send strictly later than the one before (and than the welcome).
      await new Promise((r) => setTimeout(r, 2));
      await send(channel.channel_id, { push_text: `m${i}` });
    }
    const expected = [...Array.from({ length: 21 }, (_, i) => `m${20 - i}`), 'ようこそ'];
    for (const url of [readerChannelPath.messages(channel.channel_code), READER_INBOX_PATH]) {
      const pages = await Promise.all(
        [1, 2].map(async (p) => expectAnswer(await phone.get(`${url}?page=${p}`), inboxAnswer)),
      );
      expect(pages.map((p) => p.items.length)).toEqual([20, 2]);
      expect(
        pages.flatMap((p) => p.items.map((i) => i.push_text)),
        url,
      ).toEqual(expected);
      expect(pages[1]?.items[1]?.kind).toBe('welcome');
      expect(pages[0]?.total_count).toBe(22);
    }
  });
});

describe('deleting a channel', () => {
  it('takes its messages, deliveries, coupon copies and welcome messages along', async () => {
    const channel = await createChannel(owner.client, { channel_name: '閉店' });
    const phone = await newFollower(t.app, channel.channel_code);
    const coupon = await saveCoupon(owner.client, channel.channel_id, couponDates());
    const id = await send(channel.channel_id, { layout: 2, coupon_id: coupon.coupon_img_id });
    expect((await inbox(phone, channel.channel_code)).items).toHaveLength(1);
    const deleted = await owner.client.delete(channelPath.one(channel.channel_id));
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.ctx.db.kysely
      .selectFrom('message_deliveries')
      .selectAll()
      .where('message_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    const copies = await t.ctx.db.kysely
      .selectFrom('coupon_copies')
      .selectAll()
      .where('channel_id', '=', channel.channel_id)
      .execute();
    expect(copies).toEqual([]);
  });
});
