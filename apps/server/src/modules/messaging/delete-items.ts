import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { dropCopies } from '../coupons/lookup';
import { deleteRows, lockRows } from './item-rows';
import { ITEMS, type ItemKind } from './items';
import { releaseVariantCoupons } from './reserve-variants';

/**
 * POST …/message/delete and …/welcomemessage/delete: deletes several items of one kind in any
 * status, all or none (an id not of this channel: E-404). A delivered one leaves its followers'
 * inboxes with it (deliveries cascade), and its frozen coupon goes too.
 */
export async function deleteItems(
  ctx: AppContext,
  input: { channel: ChannelRow; kind: ItemKind; ids: number[] },
): Promise<number> {
  const channelId = input.channel.id;
  const { table } = ITEMS[input.kind];
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await lockRows(ctx.db, table, channelId, input.ids, trx);
    if (found.length !== input.ids.length) throw new AppError('E-404');
    // A test's parts go with their message (foreign key), their frozen coupons here.
    if (input.kind === 'message') await releaseVariantCoupons(ctx, { channelId, messageIds: input.ids }, trx);
    const deleted = await deleteRows(ctx.db, table, channelId, input.ids, trx);
    const copies = found.map((m) => m.coupon_copy_id).filter((v): v is number => v !== null);
    await dropCopies(ctx, channelId, copies.map(Number), trx);
    return deleted;
  });
}
