import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { dropCopies } from '../coupons/lookup';
import { deleteRows, lockRows } from './item-rows';

/** POST …/welcomemessage/delete: several at once, all or none; their deliveries and coupon copies go too. */
export async function deleteWelcome(
  ctx: AppContext,
  input: { channel: ChannelRow; ids: number[] },
): Promise<number> {
  const channelId = input.channel.id;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await lockRows(ctx.db, 'welcome_messages', channelId, input.ids, trx);
    if (found.length !== input.ids.length) throw new AppError('E-404');
    const deleted = await deleteRows(ctx.db, 'welcome_messages', channelId, input.ids, trx);
    const copies = found.map((w) => w.coupon_copy_id).filter((v): v is number => v !== null);
    await dropCopies(ctx, channelId, copies.map(Number), trx);
    return deleted;
  });
}
