import { isSentStatus } from '@qrqr/shared/message-constants';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import type { AppContext } from '../../platform/core/context';
import { carriedCoupons } from '../coupons/lookup';
import { sendlistsOfChannel } from '../sendlists/lookup';
import { type MessageRow, type WinnerSendFigures, winnerSendsOf } from './message-repository';
import { presentMessage } from './present-message';

/** A message row, perhaps read with its A/B test's winner's send joined (the list's page). */
type ViewedRow = MessageRow & Partial<WinnerSendFigures>;

/**
 * Message rows with what their answers show besides the row: the send list's name (live), the
 * coupon (the frozen copy once reserved, the library coupon while a draft) and, for a sent message
 * with an A/B test, its winner's send (its figures count in the message's: present-message.ts),
 * read here unless the rows came with it. At most four reads a page, side by side.
 */
export async function messageViews(
  ctx: AppContext,
  channelId: number,
  rows: ViewedRow[],
): Promise<MessageDto[]> {
  if (rows.length === 0) return [];
  const needsLists = rows.some((r) => r.sendlist_id !== null);
  // Only a sent message of its own (not a variant or a winner's send) can have a winner's send out.
  const unjoined = rows
    .filter((r) => !('winner_status' in r) && r.test_of === null && isSentStatus(r.status))
    .map((r) => Number(r.id));
  const [lists, couponOf, winners] = await Promise.all([
    needsLists ? sendlistsOfChannel(ctx, channelId) : new Map(),
    carriedCoupons(ctx, channelId, rows),
    winnerSendsOf(ctx.db, unjoined),
  ]);
  return rows.map((row) =>
    presentMessage(row, {
      sendlistName: row.sendlist_id === null ? null : lists.get(Number(row.sendlist_id))?.name,
      ...couponOf(row),
      winner: 'winner_status' in row ? (row as WinnerSendFigures) : winners.get(Number(row.id)),
    }),
  );
}

export async function messageView(ctx: AppContext, channelId: number, row: MessageRow): Promise<MessageDto> {
  const [view] = await messageViews(ctx, channelId, [row]);
  if (!view) throw new Error('message view missing');
  return view;
}
