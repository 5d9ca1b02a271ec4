import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { dropCopies } from '../coupons/lookup';
import { lockRows, updateRowIn } from './item-rows';
import { messageViews } from './message-views';
import { releaseVariantCoupons } from './reserve-variants';

/**
 * POST …/message/cancel: reserved messages become drafts again (there is no cancelled status), all
 * or none: an id not of this channel is E-404, one no longer reserved (sent meanwhile) E-735. Their
 * frozen coupons go; reserving again freezes the library coupon as it is then.
 */
export async function cancelMessages(
  ctx: AppContext,
  input: { channel: ChannelRow; ids: number[] },
): Promise<MessageDto[]> {
  const channelId = input.channel.id;
  const rows = await ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await lockRows(ctx.db, 'messages', channelId, input.ids, trx);
    if (found.length !== input.ids.length) throw new AppError('E-404');
    // One being sent (claimed, deliver.ts) is no longer reserved to cancel.
    if (found.some((m) => m.status !== MESSAGE_STATUSES.reserved || m.rest_pending === 1))
      throw new AppError('E-735');
    const now = Date.now();
    const drafts = [];
    for (const m of found) {
      const draft = await updateRowIn(
        ctx.db,
        'messages',
        channelId,
        Number(m.id),
        [MESSAGE_STATUSES.reserved],
        {
          status: MESSAGE_STATUSES.draft,
          coupon_copy_id: null,
          sendlist_filter: null,
          reserved_at: null,
          updated_at: now,
        },
        trx,
      );
      if (!draft) throw new AppError('E-735');
      drafts.push(draft);
    }
    const copies = found.map((m) => m.coupon_copy_id).filter((v): v is number => v !== null);
    await dropCopies(ctx, channelId, copies.map(Number), trx);
    await releaseVariantCoupons(ctx, { channelId, messageIds: input.ids }, trx);
    return drafts;
  });
  return messageViews(ctx, channelId, rows);
}
