import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { answersPoint, eventPoint, usesPoint, vetoPoint } from './registry';

/**
 * Every extension point between modules, in one list (the shape: registry.ts). The module that
 * owns the rows asks; the modules that hold or count them register on `ctx.registry`.
 */

/** A follower of a channel (one that left: points.unfollowed). */
export interface FollowerEvent {
  channelId: number;
  followerId: number;
}

/** A device starting to follow, told inside the follow's own transaction. */
export interface FollowInTransaction extends FollowerEvent {
  deviceHash: string;
  trx: Transaction<Database>;
}

/** A service that uses a QR code (a Wi-Fi welcome page greeting with it): warned about before a delete. */
export interface QrCodeUse {
  /** The Wi-Fi welcome page's id (`qr_wifi_service_id` of /qrcode/delete/). */
  serviceId: number;
  /** Its status then (`welcome_page_status`): reserved 1, published 2. */
  status: number;
}

/**
 * What happened to a message (messageId) or a welcome message (welcomeMessageId) of a channel at
 * Unix ms `at`, told by the module that owns it inside the transaction that made it so.
 */
export interface InboxEvent {
  channelId: number;
  messageId: number | null;
  welcomeMessageId: number | null;
  at: number;
  trx: Transaction<Database>;
}

/** A push of a message (messageId) or of a welcome message (welcomeMessageId), at Unix ms `at`. */
export interface PushEvent {
  channelId: number;
  messageId: number | null;
  welcomeMessageId: number | null;
  at: number;
}

/** An account was activated (the auth module tells; the QR manager and sharing join in). */
export interface AccountActivated {
  userId: string;
  /** The guest history key kept by the "carry my codes over" sign-up variant, if any. */
  carryOverKey: string | null;
  /** The share invitation the sign-up came from (the activation link says), unchecked. */
  invitationCode: string | null;
}

/** Cookie holding a guest's code-history key (the QR manager issues it; sign-up carries it over). */
export const GUEST_HISTORY_COOKIE = 'qr_history';

export const points = {
  /**
   * An account was activated: a handler answers the screen the new member should see first, if
   * any (sharing: the read log of the invitation the activation accepted); the first named wins.
   */
  accountActivated: answersPoint<AccountActivated, string>('auth.activated'),
  /** A member signed in with an invitation `code`: a handler may throw an AppError to refuse the sign-in. */
  signInCode: eventPoint<{ userId: string; code: string }>('auth.sign-in-code'),
  /**
   * An account is about to be deleted (the cascade takes what it owns): a handler notes what it
   * must tell others and answers what to do once the account is gone (drop cached redirects).
   */
  accountDeleting: answersPoint<{ userId: string }, () => void>('auth.deleting'),
  /** What uses this code (a Wi-Fi page)? /qrcode/delete/ warns first and deletes once the warning is confirmed. */
  qrCodeUses: answersPoint<{ qrId: string; trx?: Transaction<Database> }, QrCodeUse>('qrcodes.uses'),
  /** May these tags be deleted? A send list using one says no: E-710 names each list. Asked inside the delete's transaction, the tags locked. */
  tagDelete: vetoPoint('tags.delete'),
  /** May these coupons be deleted? A message not sent yet says no: E-715. Asked inside the delete's transaction. */
  couponDelete: vetoPoint('coupons.delete'),
  /** How many reserved messages use each of these send lists (POST …/sendlist/reserved; the messages module counts). */
  sendlistReserved: usesPoint('sendlists.reserved'),
  /** A follower leaves (its row deleted), inside the unfollow's transaction: counted where it must be exact. */
  leaving: eventPoint<FollowerEvent & { trx: Transaction<Database> }>('followers.leaving'),
  /**
   * `count` deliveries of a message (its fan-out) or of a welcome message were written; `capped`
   * followers of the message's audience the frequency cap left without one (told once, by the
   * send's second step; absent is 0).
   */
  delivered: eventPoint<InboxEvent & { count: number; capped?: number }>('messages.delivered'),
  /** A delivery was opened for the first time, from the inbox or from a push notification. */
  opened: eventPoint<InboxEvent & { via: 'inbox' | 'push' }>('messages.opened'),
  /** A follower used a delivery's coupon; `first` on the delivery's first use. */
  couponUsed: eventPoint<InboxEvent & { first: boolean }>('messages.coupon-used'),
  /**
   * A device follows a channel (a new follower row), inside the follow's transaction: what must
   * happen with the follow or not at all (the welcome message) registers here; a failing handler
   * fails the follow.
   */
  joining: eventPoint<FollowInTransaction>('followers.joining'),
  /** A follower left the channel (its row and tags are already gone). */
  unfollowed: eventPoint<FollowerEvent>('followers.unfollowed'),
  /**
   * Push services accepted (201) `count` pushes of a message's (or a welcome's) deliveries, told
   * once their outcomes are written: counted per channel, day and message.
   */
  pushAccepted: eventPoint<PushEvent & { count: number }>('push.accepted'),
  /** How many deliveries of a message (or a welcome) had a push subscription when it was sent. */
  pushReachable: eventPoint<PushEvent & { count: number }>('push.reachable'),
} as const;
