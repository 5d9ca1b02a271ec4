import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { layoutHas } from '@qrqr/shared/message-constants';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { dropCopies } from '../coupons/lookup';
import { variantRows } from './ab-test-repository';
import { freezeCouponThrough } from './freeze-coupon';
import { TEST_PART } from './test-part';

/**
 * A test's variants B–D follow their message: reserving it freezes each variant's coupon (the same
 * refusals as the message's own, naming the variant), cancelling it drops those copies.
 */
export async function freezeVariantCoupons(
  ctx: AppContext,
  input: { channelId: number; messageId: number; sendAt: number },
  trx: Transaction<Database>,
): Promise<void> {
  for (const v of await variantRows(ctx.db, input.messageId, trx)) {
    if (!layoutHas(v.layout, 'coupon')) continue;
    const field = `ab_test.variants.${Number(v.variant) - 1}.coupon_id`;
    if (v.coupon_id === null)
      throw new AppError('E-732', { fields: [{ field, rule: 'errors.message_coupon_deleted' }] });
    let copy: number;
    try {
      copy = await freezeCouponThrough(
        ctx,
        input.channelId,
        Number(v.coupon_id),
        tokyoDate(input.sendAt),
        trx,
      );
    } catch (err) {
      // The refusal names the variant whose coupon it is.
      if (!(err instanceof AppError)) throw err;
      const rule = err.code === 'E-734' ? 'errors.message_coupon_period' : 'errors.message_coupon_deleted';
      throw new AppError(err.code, { fields: [{ field, rule }] });
    }
    await trx.updateTable('messages').set({ coupon_copy_id: copy }).where('id', '=', Number(v.id)).execute();
  }
}

/** Cancelling or deleting messages: their variants' frozen coupons go too. */
export async function releaseVariantCoupons(
  ctx: AppContext,
  input: { channelId: number; messageIds: readonly number[] },
  trx: Transaction<Database>,
): Promise<void> {
  if (input.messageIds.length === 0) return;
  const held = await trx
    .selectFrom('messages')
    .select('coupon_copy_id')
    .where('test_of', 'in', [...input.messageIds])
    .where('test_part', '=', TEST_PART.variant)
    .where('coupon_copy_id', 'is not', null)
    .execute();
  if (held.length === 0) return;
  await trx
    .updateTable('messages')
    .set({ coupon_copy_id: null })
    .where('test_of', 'in', [...input.messageIds])
    .where('test_part', '=', TEST_PART.variant)
    .execute();
  await dropCopies(
    ctx,
    input.channelId,
    held.map((r) => Number(r.coupon_copy_id)),
    trx,
  );
}
