import type { Transaction } from 'kysely';
import { markDeliveryOpened, useDeliveryCoupon } from '../../db/delivery-rows';
import { imagesInUse, pushTexts } from '../../db/message-rows';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { findWelcomeInboxRow, type WelcomeInboxRow, welcomeInboxRows } from './repository';

/**
 * What the messages module asks of welcome messages for the follower's inbox, in which the welcome
 * message a device received sits among its messages.
 */

export type { WelcomeInboxRow };

/** Every welcome message these followers received, newest first. */
export function welcomeInbox(
  ctx: Pick<AppContext, 'db'>,
  followerIds: readonly number[],
): Promise<WelcomeInboxRow[]> {
  return welcomeInboxRows(ctx.db, followerIds);
}

/** The welcome message `id` as this follower received it (locked inside `trx` on PostgreSQL), or undefined. */
export function welcomeInboxEntry(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  followerId: number,
  trx?: Transaction<Database>,
): Promise<WelcomeInboxRow | undefined> {
  return findWelcomeInboxRow(ctx.db, id, followerId, trx);
}

/** Marks it opened; true the first time. */
export function openWelcomeEntry(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  followerId: number,
  trx: Transaction<Database>,
): Promise<boolean> {
  return markDeliveryOpened(ctx.db, 'welcome_deliveries', id, followerId, Date.now(), trx);
}

/** Uses its coupon once more (`once`: only if never used). True when this call used it. */
export function useWelcomeCoupon(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  followerId: number,
  once: boolean,
  trx: Transaction<Database>,
): Promise<boolean> {
  return useDeliveryCoupon(ctx.db, 'welcome_deliveries', id, followerId, once, Date.now(), trx);
}

/** Which of these picture URLs a welcome message shows (the messages module's picture housekeeping). */
export function welcomeImagesUsed(
  ctx: Pick<AppContext, 'db'>,
  urls: readonly string[],
  trx: Transaction<Database>,
): Promise<Set<string>> {
  return imagesInUse(ctx.db, 'welcome_messages', urls, trx);
}

/** The notification texts of some of a channel's welcome messages (channel analytics). */
export function welcomeTitles(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  return pushTexts(ctx.db, 'welcome_messages', channelId, ids);
}
