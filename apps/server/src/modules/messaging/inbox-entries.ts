import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { type InboxKind, inboxItemKey } from '@qrqr/shared/message-constants';
import type { InboxItemDto } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { channelByCode, presentPublicChannel } from '../channels/lookup';
import { type CouponCopyRow, couponCopies, presentReaderCoupon } from '../coupons/lookup';
import type { InboxRow } from './inbox-repository';

/**
 * The follower's side: the inbox of one channel (/c/{code}) and across every channel the device
 * follows (/reader), one item, opening it (adds its push_tag) and using its coupon (once 1 /
 * unlimited -1 enforced by the update itself; adds push_coupon_use_tags). A device that does not
 * follow sees nothing of the channel: an empty inbox, and E-404 for any item.
 */

/** One inbox entry, whichever module holds it. */
export interface Entry {
  kind: InboxKind;
  id: number;
  channelId: number;
  content: InboxRow['item'];
  followerId: number;
  delivered_at: number;
  opened_at: number | null;
  coupon_use_count: number;
  coupon_used_at: number | null;
}

export const toEntry = (kind: InboxKind, r: InboxRow): Entry => ({
  kind,
  id: Number(r.item.id),
  channelId: Number(r.item.channel_id),
  content: r.item,
  followerId: r.follower_id,
  delivered_at: r.delivered_at,
  opened_at: r.opened_at,
  coupon_use_count: r.coupon_use_count,
  coupon_used_at: r.coupon_used_at,
});

function presentItem(
  e: Entry,
  channel: ChannelRow,
  copy: CouponCopyRow | undefined,
  today: string,
): InboxItemDto {
  const c = e.content;
  const publicChannel = presentPublicChannel(channel);
  return {
    item_key: inboxItemKey(e.kind, e.id),
    kind: e.kind,
    channel_code: channel.channel_code,
    channel_name: channel.channel_name,
    channel_icon_url: publicChannel.icon_url,
    layout: c.layout as InboxItemDto['layout'],
    push_text: c.push_text,
    detail_title: c.detail_title,
    detail_text: c.detail_text,
    link_url: c.link_url,
    background_image_url: c.background_image_url,
    coupon_title: c.coupon_title,
    coupon_text_summary: c.coupon_text_summary,
    coupon_text_detail: c.coupon_text_detail,
    coupon: copy ? presentReaderCoupon(copy, e, today) : null,
    delivered_at: e.delivered_at,
    opened: e.opened_at !== null,
  };
}

export async function presentItems(ctx: AppContext, entries: Entry[], channels: Map<number, ChannelRow>) {
  const copies = await couponCopies(
    ctx,
    entries
      .map((e) => e.content.coupon_copy_id)
      .filter((v): v is number => v !== null)
      .map(Number),
  );
  const today = tokyoDate();
  return entries.flatMap((e) => {
    const channel = channels.get(e.channelId);
    const copyId = e.content.coupon_copy_id;
    return channel
      ? [presentItem(e, channel, copyId === null ? undefined : copies.get(Number(copyId)), today)]
      : [];
  });
}

export async function channelOfCode(ctx: AppContext, code: string): Promise<ChannelRow> {
  const channel = await channelByCode(ctx, code);
  if (!channel) throw new AppError('E-404');
  return channel;
}
