import { inboxItemKey } from '@qrqr/shared/message-constants';
import type { ClaimedPush } from './claimed-push';
import { eventIds, ITEMS, type ItemKind } from './items';
import { couponEndsAt, deliveryTiming, type QuietHours, quietUntil, readerItemUrl } from './push-timing';

/** What a push shows of an item (item-rows.ts pushedRows). */
export interface PushedItem {
  channel_id: number;
  push_text: string;
  coupon_copy_id: number | null;
}

/** What a claimed batch's deliveries need, loaded once for the batch (push-deliveries.ts). */
export interface ItemPushBatch {
  /** The batch's items of each kind, by id. */
  items: ReadonlyMap<ItemKind, ReadonlyMap<number, PushedItem>>;
  channels: ReadonlyMap<number, QuietHours & { channel_name: string; channel_code: string }>;
  /** The frozen coupons the items carry, by id. */
  copies: ReadonlyMap<number, { date_to: string }>;
  publicUrl: string;
  now: number;
}

/**
 * How one claimed delivery of item `id` (of `kind`) to `sub` is pushed: the channel's name over the
 * push text, opening the item in the reader, kept until its coupon ends. Settled gone (no payload)
 * when the item or its channel is gone; no device (the follow ended) also settles it gone.
 */
export function itemPush(
  batch: ItemPushBatch,
  row: { kind: ItemKind; id: number; sub: number | string; attempts: number; deviceHash: string | null },
): ClaimedPush {
  const item = batch.items.get(row.kind)?.get(row.id);
  const channel = item ? batch.channels.get(Number(item.channel_id)) : undefined;
  const base = {
    key: { kind: row.kind, id: row.id, sub: row.sub },
    attempts: row.attempts,
    channelId: Number(item?.channel_id ?? 0),
    ...eventIds(row.kind, row.id),
  };
  if (!item || !channel) return { ...base, deviceHash: null, payload: null, options: null, quietUntil: null };
  return { ...base, deviceHash: row.deviceHash, ...pushOf(batch, row.kind, row.id, item, channel) };
}

type ItemPart = Pick<ClaimedPush, 'payload' | 'options' | 'quietUntil'>;

/** What every delivery of one item shares, made once a batch: the sender then makes its JSON once. */
const parts = new WeakMap<ItemPushBatch, Map<string, ItemPart>>();

function pushOf(
  batch: ItemPushBatch,
  kind: ItemKind,
  id: number,
  item: PushedItem,
  channel: QuietHours & { channel_name: string; channel_code: string },
): ItemPart {
  let byItem = parts.get(batch);
  if (!byItem) {
    byItem = new Map();
    parts.set(batch, byItem);
  }
  const itemKey = inboxItemKey(kind, id);
  let part = byItem.get(itemKey);
  if (!part) {
    const { now } = batch;
    const ids = eventIds(kind, id);
    const copy = item.coupon_copy_id === null ? undefined : batch.copies.get(Number(item.coupon_copy_id));
    part = {
      payload: {
        title: channel.channel_name,
        body: item.push_text,
        message_id: ids.messageId,
        welcome_message_id: ids.welcomeMessageId,
        url: readerItemUrl(batch.publicUrl, channel.channel_code, itemKey),
        tag: itemKey,
      },
      options: deliveryTiming(
        copy ? couponEndsAt(copy.date_to) : null,
        now,
        `${ITEMS[kind].topicPrefix}${id}`,
      ),
      quietUntil: quietUntil(channel, now),
    };
    byItem.set(itemKey, part);
  }
  return part;
}

/** The channels and frozen coupons a batch's items name (to load them). */
export function itemPushNeeds(items: ItemPushBatch['items']): { channelIds: number[]; copyIds: number[] } {
  const rows = [...items.values()].flatMap((byId) => [...byId.values()]);
  return {
    channelIds: rows.map((r) => Number(r.channel_id)),
    copyIds: rows.flatMap((r) => (r.coupon_copy_id === null ? [] : [Number(r.coupon_copy_id)])),
  };
}
