import type { MessageCouponDto, MessageDto } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { couponCopies, liveCoupons, presentCouponCopy } from '../coupons/lookup';
import { sendlistsOfChannel } from '../sendlists/lookup';
import { presentMessage } from './present';
import type { MessageRow } from './repository';

/**
 * Message rows with what their answers show besides the row: the send list's name (live) and the
 * coupon (the frozen copy once reserved, the library coupon while a draft). Three reads a page.
 */
export async function messageViews(
  ctx: AppContext,
  channelId: number,
  rows: MessageRow[],
): Promise<MessageDto[]> {
  if (rows.length === 0) return [];
  const needsLists = rows.some((r) => r.sendlist_id !== null);
  const [lists, copies, live] = await Promise.all([
    needsLists ? sendlistsOfChannel(ctx, channelId) : new Map(),
    couponCopies(
      ctx,
      rows
        .map((r) => r.coupon_copy_id)
        .filter((v): v is number => v !== null)
        .map(Number),
    ),
    liveCoupons(
      ctx,
      channelId,
      rows.filter((r) => r.coupon_copy_id === null && r.coupon_id !== null).map((r) => Number(r.coupon_id)),
    ),
  ]);
  return rows.map((row) => {
    let coupon: MessageCouponDto | null = null;
    if (row.coupon_copy_id !== null) {
      const copy = copies.get(Number(row.coupon_copy_id));
      coupon = copy ? presentCouponCopy(copy) : null;
    } else if (row.coupon_id !== null) coupon = live.get(Number(row.coupon_id)) ?? null;
    return presentMessage(row, {
      sendlistName: row.sendlist_id === null ? null : lists.get(Number(row.sendlist_id))?.name,
      coupon,
      couponMissing: row.coupon_id !== null && coupon === null,
    });
  });
}

export async function messageView(ctx: AppContext, channelId: number, row: MessageRow): Promise<MessageDto> {
  const [view] = await messageViews(ctx, channelId, [row]);
  if (!view) throw new Error('message view missing');
  return view;
}
