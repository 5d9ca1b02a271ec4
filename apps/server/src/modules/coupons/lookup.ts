import type { MessageCouponDto } from '@qrqr/shared/message-schemas';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
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

/**
 * Freezes the library coupon into a copy (with its picture) inside `trx`, reading it once: the
 * copy's id and last day, or undefined when it is not the channel's.
 */
export function freezeCoupon(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  couponId: number,
  trx: Transaction<Database>,
): Promise<{ id: number; dateTo: string } | undefined> {
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

/** What a message or welcome message row says of its coupon. */
type CarriedCoupon = { coupon_id: number | null; coupon_copy_id: number | null };

/**
 * The coupon each of these rows (messages, welcome messages) shows the operator: its frozen copy
 * once it has one, else the library coupon it names; `couponMissing` when the one it names is gone.
 * Two reads, side by side.
 */
export async function carriedCoupons(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  rows: readonly CarriedCoupon[],
): Promise<(row: CarriedCoupon) => { coupon: MessageCouponDto | null; couponMissing: boolean }> {
  const [copies, live] = await Promise.all([
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
  return (row) => {
    let coupon: MessageCouponDto | null = null;
    if (row.coupon_copy_id !== null) {
      const copy = copies.get(Number(row.coupon_copy_id));
      coupon = copy ? presentCouponCopy(copy) : null;
    } else if (row.coupon_id !== null) coupon = live.get(Number(row.coupon_id)) ?? null;
    return { coupon, couponMissing: row.coupon_id !== null && coupon === null };
  };
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
