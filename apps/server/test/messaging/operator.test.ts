import { channelPath } from '@qrqr/shared/channel-paths';
import {
  cancelMessagesAnswer,
  messageAnswer,
  messageListAnswer,
  notifyMessageAnswer,
} from '@qrqr/shared/message-schemas';
import { sendlistReservedAnswer } from '@qrqr/shared/sendlist-schemas';
import { deletedCountAnswer } from '@qrqr/shared/tag-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue, deliverRest } from '../../src/modules/messaging/deliver';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedFollowers, seedTags } from '../helpers/audience';
import { createChannel, registeredMember } from '../helpers/channels';
import { saveCoupon } from '../helpers/coupons';
import { expectAnswer, expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { couponDates, newMessage, saveDraft } from './helpers';

let t: TestApp;
let owner: Member;
let other: Member;
let channelId: number;
let otherChannelId: number;
let tags: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
  channelId = (await createChannel(owner.client)).channel_id;
  otherChannelId = (await createChannel(other.client)).channel_id;
  tags = await seedTags(t.ctx.db, channelId, ['会員', 'VIP']);
  const [a, b] = tags as [number, number];
  await seedFollowers(t.ctx.db, channelId, [[], [a], [a, b], [b]]);
});
afterAll(() => t?.close());

const couponCopies = async () =>
  Number(
    (
      await t.ctx.db.kysely
        .selectFrom('coupon_copies')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const deliveries = async (messageId: number) =>
  Number(
    (
      await t.ctx.db.kysely
        .selectFrom('message_deliveries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('message_id', '=', messageId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('sending in two steps (the subscribed followers first, then the rest)', () => {
  it('keeps a message reserved and not cancellable between its claim and the rest of its audience', async () => {
    const due = Date.now() + 3_600_000;
    const m = await saveDraft(owner.client, channelId, { send_dt: Math.floor(due / 1000) });
    expectAnswer(
      await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id }),
      notifyMessageAnswer,
    );
    expect(await claimDue(t.ctx, () => due + 1000)).toBe(1);
    // No follower of this channel has a push subscription: the claim wrote no delivery.
    expect(await deliveries(m.message_id)).toBe(0);
    const claimed = expectAnswer(
      await owner.client.get(channelPath.message(channelId, m.message_id)),
      messageAnswer,
    );
    expect(claimed.message.status).toBe(1);
    expectError(
      await owner.client.post(channelPath.messageCancel(channelId), { message_ids: [m.message_id] }),
      'E-735',
    );
    expect(await deliverRest(t.ctx)).toBe(1);
    expect(await deliveries(m.message_id)).toBe(4);
    const sent = expectAnswer(
      await owner.client.get(channelPath.message(channelId, m.message_id)),
      messageAnswer,
    );
    expect(sent.message).toMatchObject({ status: 2, delivered_count: 4 });
  });
});

describe('drafts (POST …/message, the draft rule)', () => {
  it('saves a draft and edits it while a draft', async () => {
    const m = await saveDraft(owner.client, channelId, { push_tag: [tags[0]] });
    expect(m).toMatchObject({
      status: 0,
      layout: 1,
      push_tag: [tags[0]],
      send_list_id: null,
      delivered_count: null,
    });
    const edited = await saveDraft(owner.client, channelId, { message_id: m.message_id, push_text: '変更' });
    expect(edited).toMatchObject({ message_id: m.message_id, push_text: '変更' });
    const got = expectAnswer(
      await owner.client.get(channelPath.message(channelId, m.message_id)),
      messageAnswer,
    );
    expect(got.message.push_text).toBe('変更');
  });

  it('refuses an empty push text or a field over its limit (draft conditions not met)', async () => {
    expectError(
      await owner.client.post(channelPath.messages(channelId), newMessage({ push_text: ' ' })),
      'E-400',
      {
        field: 'push_text',
        rule: 'validation.message_push_text_required',
      },
    );
    expectError(
      await owner.client.post(channelPath.messages(channelId), newMessage({ detail_title: 'あ'.repeat(33) })),
      'E-400',
      { field: 'detail_title', rule: 'validation.message_title_too_long' },
    );
  });

  it('refuses ill-formed text', async () => {
    const res = await owner.client.post(
      channelPath.messages(channelId),
      newMessage({ push_text: 'a\uD800b' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('validation.ill_formed_text');
  });

  it("refuses another channel's tags, send list and coupon", async () => {
    const [foreign] = await seedTags(t.ctx.db, otherChannelId, ['他']);
    expectError(
      await owner.client.post(channelPath.messages(channelId), newMessage({ push_tag: [foreign] })),
      'E-400',
      {
        field: 'push_tag',
        rule: 'validation.tag_ids_invalid',
      },
    );
    const coupon = await saveCoupon(other.client, otherChannelId, couponDates());
    expectError(
      await owner.client.post(
        channelPath.messages(channelId),
        newMessage({ layout: 2, coupon_id: coupon.coupon_img_id }),
      ),
      'E-733',
      { field: 'coupon_id', rule: 'errors.coupon_other_channel' },
    );
    expectError(
      await owner.client.post(channelPath.messages(channelId), newMessage({ send_list_id: 999999 })),
      'E-400',
      {
        field: 'send_list_id',
        rule: 'validation.message_sendlist_invalid',
      },
    );
  });

  it("answers 404 for another member's channel and message", async () => {
    const m = await saveDraft(owner.client, channelId);
    expectError(await other.client.get(channelPath.message(channelId, m.message_id)), 'E-404');
    expectError(await other.client.get(channelPath.message(otherChannelId, m.message_id)), 'E-404');
    expectError(await other.client.post(channelPath.messages(channelId), newMessage()), 'E-404');
    expectError(
      await other.client.post(channelPath.messageDelete(channelId), { message_ids: [m.message_id] }),
      'E-404',
    );
    expectError(
      await other.client.post(channelPath.messages(otherChannelId), newMessage({ message_id: m.message_id })),
      'E-404',
    );
  });
});

describe('reserve, send, cancel, delete', () => {
  it('reserves for later, shows it read-only, refuses edits, cancels back to draft', async () => {
    const later = Math.floor(Date.now() / 1000) + 3600;
    const m = await saveDraft(owner.client, channelId, { send_dt: later });
    const res = expectAnswer(
      await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id }),
      notifyMessageAnswer,
    );
    expect(res).toMatchObject({ message: { status: 1, send_dt: later }, recipient_count: 4 });
    expectAnswer(await owner.client.get(channelPath.messageReserved(channelId, m.message_id)), messageAnswer);
    expectError(
      await owner.client.post(channelPath.messages(channelId), newMessage({ message_id: m.message_id })),
      'E-730',
    );
    expectError(
      await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id }),
      'E-735',
    );
    await t.ctx.jobs.drain();
    expect(await deliveries(m.message_id)).toBe(0);

    const cancelled = expectAnswer(
      await owner.client.post(channelPath.messageCancel(channelId), { message_ids: [m.message_id] }),
      cancelMessagesAnswer,
    );
    expect(cancelled.messages[0]?.status).toBe(0);
    expectError(await owner.client.get(channelPath.messageReserved(channelId, m.message_id)), 'E-404');
    expectError(
      await owner.client.post(channelPath.messageCancel(channelId), { message_ids: [m.message_id] }),
      'E-735',
    );
  });

  it('sends a message with a past or empty send time at once, to its send list', async () => {
    const [a] = tags as [number];
    const list = await owner.client.post(channelPath.sendlists(channelId), {
      sendlist_name: '会員',
      box_filter_1: 0,
      tag_list_1: [a],
      box_filter_2: 3,
    });
    const sendlistId = list.json().sendlist.sendlist_id as number;
    const m = await saveDraft(owner.client, channelId, { send_list_id: sendlistId, send_dt: 1000 });
    const reserved = expectAnswer(
      await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id }),
      notifyMessageAnswer,
    );
    expect(reserved.recipient_count).toBe(2);
    const counts = expectAnswer(
      await owner.client.post(channelPath.sendlistReserved(channelId), { sendlist_ids: [sendlistId] }),
      sendlistReservedAnswer,
    );
    expect(counts.reserved[0]?.reserved_count).toBeLessThanOrEqual(1);
    await t.ctx.jobs.drain();
    expect(await deliveries(m.message_id)).toBe(2);
    const sent = expectAnswer(
      await owner.client.get(channelPath.message(channelId, m.message_id)),
      messageAnswer,
    );
    expect(sent.message).toMatchObject({ status: 2, delivered_count: 2, send_list_name: '会員' });
    // Sending again is impossible: it is no longer reserved.
    expectError(
      await owner.client.post(channelPath.messageCancel(channelId), { message_ids: [m.message_id] }),
      'E-735',
    );
    const list2 = expectAnswer(
      await owner.client.get(`${channelPath.messages(channelId)}?status=2`),
      messageListAnswer,
    );
    expect(list2.messages.map((x) => x.message_id)).toContain(m.message_id);
    expect(list2.messages.every((x) => x.status === 2)).toBe(true);
  });

  it('deleting a sent message takes its deliveries along (no delivery outlives its message)', async () => {
    const m = await saveDraft(owner.client, channelId, { push_text: '消す' });
    await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id });
    await t.ctx.jobs.drain();
    expect(await deliveries(m.message_id)).toBe(4);
    expectAnswer(
      await owner.client.post(channelPath.messageDelete(channelId), { message_ids: [m.message_id] }),
      deletedCountAnswer,
    );
    expect(await deliveries(m.message_id)).toBe(0);
  });

  it('refuses to reserve for a deleted send list (E-731)', async () => {
    const list = await owner.client.post(channelPath.sendlists(channelId), {
      sendlist_name: '消える',
      box_filter_1: 3,
      box_filter_2: 3,
    });
    const sendlistId = list.json().sendlist.sendlist_id as number;
    const m = await saveDraft(owner.client, channelId, { send_list_id: sendlistId });
    const gone = await owner.client.post(
      channelPath.sendlists(channelId),
      { sendlist_ids: [sendlistId] },
      { method: 'DELETE' },
    );
    expect(gone.statusCode, gone.body).toBe(200);
    const got = expectAnswer(
      await owner.client.get(channelPath.message(channelId, m.message_id)),
      messageAnswer,
    );
    expect(got.message.send_list_missing).toBe(true);
    expectError(
      await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id }),
      'E-731',
    );
  });

  it('a message whose send fails does not hold up the messages due after it', async () => {
    const now = Date.now();
    const [broken] = await t.ctx.db.kysely
      .insertInto('messages')
      .values({
        channel_id: channelId,
        status: 1,
        layout: 1,
        send_at: 1000,
        sendlist_id: 999_999,
        sendlist_filter: '{not json',
        push_text: '壊れた',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .execute();
    const m = await saveDraft(owner.client, channelId, { push_text: '後の' });
    await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id });
    await t.ctx.jobs.drain();
    expect(await deliveries(m.message_id)).toBe(4);
    const still = await t.ctx.db.kysely
      .selectFrom('messages')
      .select('status')
      .where('id', '=', Number(broken?.id))
      .executeTakeFirstOrThrow();
    expect(still.status).toBe(1);
    await t.ctx.db.kysely.deleteFrom('messages').where('id', '=', Number(broken?.id)).execute();
  });

  it('deletes several, all or none', async () => {
    const a = await saveDraft(owner.client, channelId);
    const b = await saveDraft(owner.client, channelId);
    expectError(
      await owner.client.post(channelPath.messageDelete(channelId), { message_ids: [a.message_id, 99999] }),
      'E-404',
    );
    const res = expectAnswer(
      await owner.client.post(channelPath.messageDelete(channelId), {
        message_ids: [a.message_id, b.message_id],
      }),
      deletedCountAnswer,
    );
    expect(res.deleted_count).toBe(2);
    expectError(await owner.client.get(channelPath.message(channelId, a.message_id)), 'E-404');
  });

  it('pages of 20, newest first, filtered by status', async () => {
    for (let i = 0; i < 21; i++) await saveDraft(owner.client, channelId, { push_text: `p${i}` });
    const first = expectAnswer(
      await owner.client.get(`${channelPath.messages(channelId)}?status=0`),
      messageListAnswer,
    );
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0]?.push_text).toBe('p20');
    const second = expectAnswer(
      await owner.client.get(`${channelPath.messages(channelId)}?status=0&page=2`),
      messageListAnswer,
    );
    expect(second.total_count).toBe(first.total_count);
    expectError(await owner.client.get(`${channelPath.messages(channelId)}?status=5`), 'E-400');
  });
});

describe('coupons', () => {
  it('freezes the coupon at reserve time, vetoes deleting an unsent one (E-715), cancels it after sending', async () => {
    const coupon = await saveCoupon(owner.client, channelId, couponDates());
    const m = await saveDraft(owner.client, channelId, {
      layout: 3,
      coupon_id: coupon.coupon_img_id,
      coupon_title: '10%オフ',
    });
    expect(m.coupon).toMatchObject({ frozen: false, coupon_content: 'ブレンドコーヒー' });
    expectError(
      await owner.client.post(channelPath.couponDelete(channelId), {
        coupon_img_ids: [coupon.coupon_img_id],
      }),
      'E-715',
    );
    await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id });
    await t.ctx.jobs.drain();
    // Editing the library coupon changes nothing sent.
    await owner.client.post(channelPath.couponSave(channelId), {
      coupon_image_data: {
        ...(await import('../helpers/coupons')).newCoupon(couponDates()),
        coupon_img_id: coupon.coupon_img_id,
        coupon_content: '別の品',
      },
    });
    const sent = expectAnswer(
      await owner.client.get(channelPath.message(channelId, m.message_id)),
      messageAnswer,
    );
    expect(sent.message.coupon).toMatchObject({
      frozen: true,
      coupon_content: 'ブレンドコーヒー',
      cancelled: false,
    });
    // Sent: the library coupon may go now; the message keeps its copy.
    const del = await owner.client.post(channelPath.couponDelete(channelId), {
      coupon_img_ids: [coupon.coupon_img_id],
    });
    expect(del.statusCode, del.body).toBe(200);
    expectError(
      await owner.client.post(channelPath.couponCancel(channelId, m.message_id), {
        text_description: 'あ'.repeat(121),
      }),
      'E-400',
    );
    const cancelled = expectAnswer(
      await owner.client.post(channelPath.couponCancel(channelId, m.message_id), {
        text_description: '品切れのため',
      }),
      messageAnswer,
    );
    expect(cancelled.message.coupon).toMatchObject({
      cancelled: true,
      cancel_text: '品切れのため',
      frozen: true,
    });
  });

  it('refuses a coupon that ends before the send day (E-734) and a deleted one (E-732)', async () => {
    const coupon = await saveCoupon(owner.client, channelId, couponDates(-10, 1));
    const m = await saveDraft(owner.client, channelId, {
      layout: 2,
      coupon_id: coupon.coupon_img_id,
      send_dt: Math.floor(Date.now() / 1000) + 5 * 86_400,
    });
    const copiesBefore = await couponCopies();
    expectError(
      await owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id }),
      'E-734',
    );
    // The refusal comes after the coupon was frozen, in the same transaction: no copy stays.
    expect(await couponCopies()).toBe(copiesBefore);
    const noCoupon = await saveDraft(owner.client, channelId, { layout: 2 });
    expectError(
      await owner.client.post(channelPath.messageNotify(channelId), { message_id: noCoupon.message_id }),
      'E-732',
    );
    const text = await saveDraft(owner.client, channelId);
    expectError(await owner.client.post(channelPath.couponCancel(channelId, text.message_id), {}), 'E-735');
  });
});
