import type { Locale } from '@qrqr/shared/limits';
import type { FollowerEvent } from '../core/extension-points';
import type { Mail } from './mailer';

/**
 * Every kind of one-off background job and its payload, in one list: `jobs.register` and
 * `jobs.enqueue` take only these kinds with these payloads (a payload is stored as JSON, so plain
 * data only). Recurring work (`jobs.every`) is named where it is registered and carries only its
 * period.
 */
export interface JobPayloads {
  /** One mail to send (mail-job.ts). */
  mail: Mail;
  /** A sign-up's lookup and mail, after the answer that is the same for every address. */
  'auth.sign-up': SignUpRequest;
  /** A password reset's lookup and mail, after the answer. */
  'auth.password-reset': PasswordResetRequest;
  /** A new address's link or a notice to its holder, after the answer. */
  'auth.email-change': EmailChangeRequest;
  /** "A follower left", told to the registered modules after the unfollow's answer. */
  'followers.unfollowed-event': FollowerEvent;
}

export type JobKind = keyof JobPayloads;

export interface SignUpRequest {
  email: string;
  locale: Locale;
  carryOverKey: string | null;
  /** The share invitation the sign-up came from, if any. */
  invitationCode?: string | undefined;
}

export interface PasswordResetRequest {
  email: string;
  locale: Locale;
}

export interface EmailChangeRequest {
  userId: string;
  newEmail: string;
  locale: Locale;
}
