import { type InboxKind, inboxItemKey, type PushPayload } from '@qrqr/shared';
import type { ClaimedPush } from './queue';
import { couponEndsAt, deliveryTiming, type QuietHours, quietUntil, readerItemUrl } from './rules';

/** A claimed batch's items (messages or welcome messages), as their module loaded them. */
export interface ItemPushBatch {
  kind: InboxKind;
  items: ReadonlyMap<number, { channel_id: number; push_text: string; coupon_copy_id: number | null }>;
  channels: ReadonlyMap<number, QuietHours & { channel_name: string; channel_code: string }>;
  /** The frozen coupons the items carry, by id. */
  copies: ReadonlyMap<number, { date_to: string }>;
  publicUrl: string;
  now: number;
}

/**
 * How one claimed delivery of item `id` to `sub` is pushed: the channel's name over the push text,
 * opening the item in the reader, kept until its coupon ends. Settled gone (no payload) when the
 * item or its channel is gone, or `gone` says the receiver is; no device also settles it gone.
 */
export function itemPush(
  batch: ItemPushBatch,
  row: { id: number; sub: number | string; attempts: number; deviceHash: string | null; gone?: boolean },
): ClaimedPush {
  const { now } = batch;
  const item = batch.items.get(row.id);
  const channel = item ? batch.channels.get(Number(item.channel_id)) : undefined;
  const message = batch.kind === 'message';
  const base = {
    key: { id: row.id, sub: row.sub },
    attempts: row.attempts,
    channelId: Number(item?.channel_id ?? 0),
    messageId: message ? row.id : null,
    welcomeMessageId: message ? null : row.id,
  };
  if (!item || !channel || row.gone)
    return { ...base, deviceHash: null, payload: null, options: null, quietUntil: null };
  const copy = item.coupon_copy_id === null ? undefined : batch.copies.get(Number(item.coupon_copy_id));
  return {
    ...base,
    deviceHash: row.deviceHash,
    payload: payloadOf(batch, row.id, channel, item.push_text),
    options: deliveryTiming(copy ? couponEndsAt(copy.date_to) : null, now, `${message ? 'm' : 'w'}${row.id}`),
    quietUntil: quietUntil(channel, now),
  };
}

/** Each item's payload made once a batch: the sender then makes its JSON once (service.ts). */
const payloads = new WeakMap<ItemPushBatch, Map<number, PushPayload>>();

function payloadOf(
  batch: ItemPushBatch,
  id: number,
  channel: { channel_name: string; channel_code: string },
  text: string,
): PushPayload {
  let byItem = payloads.get(batch);
  if (!byItem) {
    byItem = new Map();
    payloads.set(batch, byItem);
  }
  let payload = byItem.get(id);
  if (!payload) {
    const message = batch.kind === 'message';
    const itemKey = inboxItemKey(batch.kind, id);
    payload = {
      title: channel.channel_name,
      body: text,
      message_id: message ? id : null,
      welcome_message_id: message ? null : id,
      url: readerItemUrl(batch.publicUrl, channel.channel_code, itemKey),
      tag: itemKey,
    };
    byItem.set(id, payload);
  }
  return payload;
}

/** The channels and frozen coupons a batch's items name (for their module to load). */
export function itemPushNeeds(items: ItemPushBatch['items']): { channelIds: number[]; copyIds: number[] } {
  const rows = [...items.values()];
  return {
    channelIds: rows.map((r) => Number(r.channel_id)),
    copyIds: rows.flatMap((r) => (r.coupon_copy_id === null ? [] : [Number(r.coupon_copy_id)])),
  };
}
