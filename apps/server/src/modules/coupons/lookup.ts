import type { MessageCouponDto } from '@qrqr/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { presentCouponCopy, presentLiveCoupon, presentReaderCoupon } from './present-copy';
import {
  type CouponCopyRow,
  cancelCouponCopy,
  copyCoupon,
  deleteCouponCopies,
  endedCouponCopyIds,
  findCouponCopies,
  findCouponRows,
} from './repository';

/**
 * What the messages and welcome-messages modules ask of coupons: the library coupon a draft names,
 * and the frozen copies (`coupon_copies`) reserved messages carry.
 */

/** The channel's library coupons among `ids`, by id, as a draft shows them (ids of other channels left out). */
export async function liveCoupons(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
  trx?: Transaction<Database>,
): Promise<Map<number, MessageCouponDto>> {
  const rows = await findCouponRows(ctx.db, channelId, [...new Set(ids)], trx);
  return new Map(rows.map((r) => [Number(r.id), presentLiveCoupon(r)]));
}

/** Freezes the library coupon into a copy (with its picture) inside `trx`; undefined when it is not the channel's. */
export function freezeCoupon(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  couponId: number,
  trx: Transaction<Database>,
): Promise<number | undefined> {
  return copyCoupon(ctx.db, channelId, couponId, Date.now(), trx);
}

export type { CouponCopyRow };

/** Frozen copies by id (raw rows: the reader also needs `cancelled_at`). */
export async function couponCopies(
  ctx: Pick<AppContext, 'db'>,
  ids: readonly number[],
  trx?: Transaction<Database>,
): Promise<Map<number, CouponCopyRow>> {
  const rows = await findCouponCopies(ctx.db, [...new Set(ids)], trx);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** A copy as the operator's answers show it, and as one follower sees it. */
export { presentCouponCopy, presentReaderCoupon };

/** Cancels a copy (followers can no longer use it and read `text`); false when it already was. */
export function cancelCopy(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  copyId: number,
  text: string,
  trx?: Transaction<Database>,
): Promise<boolean> {
  return cancelCouponCopy(ctx.db, channelId, copyId, text, Date.now(), trx);
}

/** Deletes copies (and their pictures) of messages that are deleted or back to draft. */
export function dropCopies(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
  trx: Transaction<Database>,
): Promise<void> {
  return deleteCouponCopies(ctx.db, channelId, ids, trx);
}

/** The copies among `ids` whose last day is over (the messages carrying them are publish finished). */
export function endedCopies(
  ctx: Pick<AppContext, 'db'>,
  ids: readonly number[],
  today: string,
): Promise<number[]> {
  return endedCouponCopyIds(ctx.db, ids, today);
}
/**
 * What other modules (Wi-Fi welcome pages) ask of the coupon library: the drawing of a coupon's
 * code, so a page's coupon shows the same QR code or JAN barcode as the library's.
 */
export { renderCouponCode } from './code-image';
