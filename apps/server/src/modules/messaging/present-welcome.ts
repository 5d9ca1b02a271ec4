import type { MessageCouponDto } from '@qrqr/shared/message-schemas';
import type { WelcomeStatus } from '@qrqr/shared/welcome-message-constants';
import type { WelcomeMessageDto } from '@qrqr/shared/welcome-message-schemas';
import { msToSeconds } from './api-times';
import { presentContent } from './content';
import type { WelcomeRow } from './welcome-repository';

/** Whether a follow now receives it: on, and before its end (to the second). */
export const isActive = (row: WelcomeRow, now: number = Date.now()) =>
  row.status === 1 && (row.send_end_at === null || Number(row.send_end_at) > now);

/** A welcome message as the operator's calls answer it (welcomeMessageSchema of @qrqr/shared). */
export function presentWelcome(
  row: WelcomeRow,
  extras: { coupon: MessageCouponDto | null; couponMissing: boolean; delivered: number },
): WelcomeMessageDto {
  return {
    message_id: Number(row.id),
    status: row.status as WelcomeStatus,
    send_end_dt: msToSeconds(row.send_end_at),
    active: isActive(row),
    ...presentContent(row, extras),
    delivered_count: extras.delivered,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
