import type { MessageDto } from '@qrqr/shared/message-schemas';
import type { AppContext } from '../../platform/core/context';
import { carriedCoupons } from '../coupons/lookup';
import { sendlistsOfChannel } from '../sendlists/lookup';
import type { MessageRow } from './message-repository';
import { presentMessage } from './present-message';

/**
 * Message rows with what their answers show besides the row: the send list's name (live) and the
 * coupon (the frozen copy once reserved, the library coupon while a draft). Three reads a page,
 * side by side.
 */
export async function messageViews(
  ctx: AppContext,
  channelId: number,
  rows: MessageRow[],
): Promise<MessageDto[]> {
  if (rows.length === 0) return [];
  const needsLists = rows.some((r) => r.sendlist_id !== null);
  const [lists, couponOf] = await Promise.all([
    needsLists ? sendlistsOfChannel(ctx, channelId) : new Map(),
    carriedCoupons(ctx, channelId, rows),
  ]);
  return rows.map((row) =>
    presentMessage(row, {
      sendlistName: row.sendlist_id === null ? null : lists.get(Number(row.sendlist_id))?.name,
      ...couponOf(row),
    }),
  );
}

export async function messageView(ctx: AppContext, channelId: number, row: MessageRow): Promise<MessageDto> {
  const [view] = await messageViews(ctx, channelId, [row]);
  if (!view) throw new Error('message view missing');
  return view;
}
