import type { z } from 'zod';
import type { apiStatusSchema, errorAnswer, fieldErrorSchema } from './envelope-schemas';
/**
 * The one table of result codes. Every JSON response carries `status: {code, message}`;
 * the client shows failures as `[code]message` and translates by code, never by English text.
 */
export const SUCCESS_CODE = 'S-200';

export const ERRORS = {
  'E-400': { http: 400, key: 'errors.validation' },
  'E-401': { http: 401, key: 'errors.signin_required' },
  'E-403': { http: 403, key: 'errors.csrf' },
  'E-404': { http: 404, key: 'errors.not_found' },
  'E-405': { http: 405, key: 'errors.method' },
  'E-409': { http: 409, key: 'errors.conflict' },
  'E-413': { http: 413, key: 'errors.too_large' },
  'E-415': { http: 415, key: 'errors.media_type' },
  'E-429': { http: 429, key: 'errors.rate_limited' },
  'E-500': { http: 500, key: 'errors.system' },
  'E-503': { http: 503, key: 'errors.unavailable' },
  // Accounts
  'E-101': { http: 401, key: 'errors.signin_failed' },
  'E-102': { http: 400, key: 'errors.activation_link' },
  'E-103': { http: 400, key: 'errors.reset_link' },
  'E-104': { http: 400, key: 'errors.email_change_link' },
  'E-105': { http: 400, key: 'errors.wrong_password' },
  'E-106': { http: 403, key: 'errors.invite_mismatch' },
  'E-107': { http: 409, key: 'errors.email_taken' },
  'E-108': { http: 400, key: 'errors.same_email' },
  'E-109': { http: 429, key: 'errors.signin_locked' },
  // QR manager
  'E-201': { http: 400, key: 'errors.not_redirect_code' },
  'E-202': { http: 400, key: 'errors.not_wifi_code' },
  // Sharing
  'E-301': { http: 403, key: 'errors.share_forbidden' },
  'E-302': { http: 400, key: 'errors.invitation_link' },
  // Read-log page: analysis switches that would need a new printed code (analytics-switch.ts)
  'E-203': { http: 409, key: 'errors.analysis_needs_new_code' },
  'E-204': { http: 409, key: 'errors.analysis_method_fixed' },
  // Channel service codes (E-710, E-713 and E-715 have fixed numbers); later modules raise them.
  'E-701': { http: 403, key: 'errors.channel_service_unregistered' },
  'E-710': { http: 409, key: 'errors.tag_in_use' },
  'E-713': { http: 409, key: 'errors.sendlist_name_taken' },
  'E-715': { http: 409, key: 'errors.coupon_in_use' },
  // The channel page: new follows of one channel from one address in a day (FOLLOWS_PER_CHANNEL_PER_DAY)
  'E-720': { http: 429, key: 'errors.follow_limit' },
  // Messages and welcome messages
  'E-730': { http: 409, key: 'errors.message_not_editable' },
  'E-731': { http: 409, key: 'errors.message_sendlist_missing' },
  'E-732': { http: 409, key: 'errors.message_coupon_deleted' },
  'E-733': { http: 400, key: 'errors.coupon_other_channel' },
  'E-734': { http: 409, key: 'errors.message_coupon_period' },
  'E-735': { http: 409, key: 'errors.message_state' },
  'E-737': { http: 409, key: 'errors.welcome_other_on' },
  'E-738': { http: 409, key: 'errors.welcome_end_past' },
  'E-739': { http: 409, key: 'errors.ab_test_state' },
  // The follower's coupon
  'E-740': { http: 409, key: 'errors.coupon_used' },
  'E-741': { http: 409, key: 'errors.coupon_unavailable' },
  // Web Push
  'E-750': { http: 400, key: 'errors.push_service_unknown' },
  'E-751': { http: 409, key: 'errors.push_no_device' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

// Types only: the schemas load with zod, which the first visit does not (envelope-schemas.ts).
export type ApiStatus = z.infer<typeof apiStatusSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiEnvelope = z.infer<typeof errorAnswer>;

export function isSuccess(body: unknown): boolean {
  const b = body as { status?: { code?: string }; errors?: { code?: string } } | null;
  return b?.status?.code === SUCCESS_CODE || b?.errors?.code === 'S-001';
}
