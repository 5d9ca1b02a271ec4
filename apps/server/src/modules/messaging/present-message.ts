import { isSentStatus } from '@qrqr/shared/message-constants';
import type { MessageCouponDto, MessageDto } from '@qrqr/shared/message-schemas';
import { msToSeconds } from './api-times';
import { presentContent } from './content';
import type { MessageRow, WinnerSendFigures } from './message-repository';

/** What a message answer shows besides its row: its send list's name and its coupon. */
export interface MessageExtras {
  /** The list's name; null for all followers; undefined when the list was deleted. */
  sendlistName: string | null | undefined;
  coupon: MessageCouponDto | null;
  couponMissing: boolean;
  /** Its A/B test's winner's send, if it has one. */
  winner?: WinnerSendFigures;
}

/**
 * A message as the operator's calls answer it (messageSchema of @qrqr/shared). The figures of a
 * message with an A/B test are its whole send: the test groups' (its row's) and, once that is out,
 * the winner's send to the rest of the audience (the winner's own row; never counted twice, as the
 * two sends leave out each other's followers).
 */
export function presentMessage(row: MessageRow, extras: MessageExtras): MessageDto {
  const sent = isSentStatus(row.status);
  const w = extras.winner;
  const winnerOut = sent && w !== undefined && w.winner_status !== null && isSentStatus(w.winner_status);
  return {
    message_id: Number(row.id),
    status: row.status as MessageDto['status'],
    send_dt: msToSeconds(row.send_at),
    send_list_id: row.sendlist_id === null ? null : Number(row.sendlist_id),
    send_list_name: extras.sendlistName ?? null,
    send_list_missing: row.sendlist_id !== null && extras.sendlistName === undefined,
    ...presentContent(row, extras),
    delivered_count: sent
      ? Number(row.delivered_count ?? 0) + (winnerOut ? Number(w.winner_delivered ?? 0) : 0)
      : null,
    capped_count: sent ? Number(row.capped_count) + (winnerOut ? Number(w.winner_capped ?? 0) : 0) : null,
    sent_at: row.sent_at === null ? null : Number(row.sent_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
