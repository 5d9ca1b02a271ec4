import { type InboxKind, inboxItemKey } from '@qrqr/shared';
import type { ClaimedPush } from './claimed-push';
import { couponEndsAt, deliveryTiming, type QuietHours, quietUntil, readerItemUrl } from './push-timing';

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
  return { ...base, deviceHash: row.deviceHash, ...pushOf(batch, row.id, item, channel) };
}

type ItemPart = Pick<ClaimedPush, 'payload' | 'options' | 'quietUntil'>;

/** What every delivery of one item shares, made once a batch: the sender then makes its JSON once. */
const parts = new WeakMap<ItemPushBatch, Map<number, ItemPart>>();

function pushOf(
  batch: ItemPushBatch,
  id: number,
  item: { push_text: string; coupon_copy_id: number | null },
  channel: QuietHours & { channel_name: string; channel_code: string },
): ItemPart {
  let byItem = parts.get(batch);
  if (!byItem) {
    byItem = new Map();
    parts.set(batch, byItem);
  }
  let part = byItem.get(id);
  if (!part) {
    const { now } = batch;
    const message = batch.kind === 'message';
    const itemKey = inboxItemKey(batch.kind, id);
    const copy = item.coupon_copy_id === null ? undefined : batch.copies.get(Number(item.coupon_copy_id));
    part = {
      payload: {
        title: channel.channel_name,
        body: item.push_text,
        message_id: message ? id : null,
        welcome_message_id: message ? null : id,
        url: readerItemUrl(batch.publicUrl, channel.channel_code, itemKey),
        tag: itemKey,
      },
      options: deliveryTiming(copy ? couponEndsAt(copy.date_to) : null, now, `${message ? 'm' : 'w'}${id}`),
      quietUntil: quietUntil(channel, now),
    };
    byItem.set(id, part);
  }
  return part;
}

/** The channels and frozen coupons a batch's items name (for their module to load). */
export function itemPushNeeds(items: ItemPushBatch['items']): { channelIds: number[]; copyIds: number[] } {
  const rows = [...items.values()];
  return {
    channelIds: rows.map((r) => Number(r.channel_id)),
    copyIds: rows.flatMap((r) => (r.coupon_copy_id === null ? [] : [Number(r.coupon_copy_id)])),
  };
}
