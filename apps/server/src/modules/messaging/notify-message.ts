import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { layoutHas, MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import type { NotifyMessageAnswer } from '@qrqr/shared/message-schemas';
import type { TagFilter } from '@qrqr/shared/tag-filter';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { ALL_FOLLOWERS, reachOfFilters, sendlistOf } from '../sendlists/lookup';
import { findTest, variantRows } from './ab-test-repository';
import { freezeCouponThrough } from './freeze-coupon';
import { findRow, lockRows, updateRowIn } from './item-rows';
import { DELIVERY_SWEEP } from './job-names';
import type { MessageRow } from './message-repository';
import { messageView } from './message-views';
import { pushedDevices, type TestShare } from './push-finish-now';
import { freezeVariantCoupons } from './reserve-variants';
import { checkTestGroups } from './save-ab-test';

/**
 * POST …/message/notify: reserves a draft for its `send_dt` (a past or empty one: now) after the
 * full checks: its send list still exists (E-731), a coupon layout carries a coupon still in the
 * library (E-732) and valid through the send day in Japan (E-734). The coupon is frozen (a copy,
 * coupons/lookup.ts) and the list's boxes kept, in the same transaction. A message due now is sent
 * by this process's delivery sweep at once. A message with an A/B test is checked again for its
 * groups' size (the send list may have shrunk since the save) and its variants' coupons frozen too.
 */
export async function notifyMessage(
  ctx: AppContext,
  input: { channel: ChannelRow; messageId: number },
): Promise<NotifyMessageAnswer> {
  const channelId = input.channel.id;
  const test = await checkGroupsBeforeReserve(ctx, channelId, input.messageId);
  const { row, filter } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const [message] = await lockRows(ctx.db, 'messages', channelId, [input.messageId], trx);
    if (!message) throw new AppError('E-404');
    if (message.status !== MESSAGE_STATUSES.draft) throw new AppError('E-735');
    const now = Date.now();
    // A past or empty time sends now.
    const sendAt = message.send_at === null || Number(message.send_at) < now ? now : Number(message.send_at);

    let filter = ALL_FOLLOWERS;
    if (message.sendlist_id !== null) {
      const list = await sendlistOf(ctx, channelId, Number(message.sendlist_id), trx);
      if (!list) throw new AppError('E-731');
      filter = list.filter;
    }

    let copyId: number | null = null;
    if (layoutHas(message.layout, 'coupon')) {
      if (message.coupon_id === null)
        throw new AppError('E-732', {
          fields: [{ field: 'coupon_id', rule: 'errors.message_coupon_deleted' }],
        });
      copyId = await freezeCouponThrough(ctx, channelId, Number(message.coupon_id), tokyoDate(sendAt), trx);
    }

    await freezeVariantCoupons(ctx, { channelId, messageId: input.messageId, sendAt }, trx);
    const row = await updateRowIn(
      ctx.db,
      'messages',
      channelId,
      input.messageId,
      [MESSAGE_STATUSES.draft],
      {
        status: MESSAGE_STATUSES.reserved,
        send_at: sendAt,
        sendlist_filter: message.sendlist_id === null ? null : JSON.stringify(filter),
        coupon_copy_id: copyId,
        reserved_at: now,
        updated_at: now,
      },
      trx,
    );
    if (!row) throw new AppError('E-735');
    return { row, filter };
  });
  // A reservation for later keeps its expected pushes, only an estimate: a count refused under
  // load (E-503) or failing must not turn the committed reservation into an error to retry.
  if (Number(row.send_at) <= Date.now()) void ctx.jobs.runSweep(DELIVERY_SWEEP);
  else
    await recordExpectedPushes(ctx, { channel: input.channel, row, filter, test }).catch((error: unknown) =>
      ctx.log.warn({ err: error, messageId: input.messageId }, 'expected pushes not counted'),
    );
  const [recipients] = await reachOfFilters(ctx, channelId, [filter]);
  return { message: await messageView(ctx, channelId, row), recipient_count: recipients ?? 0 };
}

/**
 * A message reserved for later keeps the pushes it expects at its send time (pushedDevices), so the
 * projected finish of a send after it counts them (push-waiting.ts). Counted after the reservation's
 * commit, as the editor's projection counts them: an estimate, so a crash in between only leaves it
 * uncounted; a message claimed meanwhile is left alone.
 */
async function recordExpectedPushes(
  ctx: AppContext,
  input: { channel: ChannelRow; row: MessageRow; filter: TagFilter; test: TestShare },
) {
  const { channel, row, filter, test } = input;
  const pushes = await pushedDevices(ctx, { channel, filter, at: Number(row.send_at), test });
  await ctx.db.kysely
    .updateTable('messages')
    .set({ expected_pushes: pushes })
    .where('id', '=', Number(row.id))
    .where('status', '=', MESSAGE_STATUSES.reserved)
    .where('sent_at', 'is', null)
    .execute();
}

/**
 * The groups of the message's test, if it has one, must still reach the minimum. Returns the
 * test's share and number of groups (null without a test), read once for the expected pushes too.
 */
async function checkGroupsBeforeReserve(
  ctx: AppContext,
  channelId: number,
  messageId: number,
): Promise<TestShare> {
  const [test, message] = await Promise.all([
    findTest(ctx.db, messageId),
    findRow(ctx.db, 'messages', channelId, messageId),
  ]);
  if (!test || !message) return null;
  const share = {
    sharePercent: test.share_percent,
    variants: (await variantRows(ctx.db, messageId)).length + 1,
  };
  await checkTestGroups(ctx, {
    channelId,
    sendlistId: message.sendlist_id === null ? null : Number(message.sendlist_id),
    ...share,
  });
  return share;
}
