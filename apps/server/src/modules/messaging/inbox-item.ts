import { COUPON_CODE_TYPES, tokyoDate } from '@qrqr/shared/coupon-constants';
import { type InboxKind, parseInboxItemKey } from '@qrqr/shared/message-constants';
import type { InboxItemDto } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { type InboxEvent, points } from '../../platform/core/extension-points';
import { AppError } from '../../platform/http/errors';
import { couponCopies, presentReaderCoupon, renderCouponCode } from '../coupons/lookup';
import { followerOfDevice, tagFollower } from '../followers/lookup';
import { tagIds } from './content';
import { markDeliveryOpened, useDeliveryCoupon } from './delivery-rows';
import { channelOfCode, type Entry, presentItems, toEntry } from './inbox-entries';
import { findDelivered } from './inbox-repository';
import { eventIds } from './items';

/** One item of a follower's inbox: read it, open it, use its coupon, draw its coupon code. */

type ItemInput = { code: string; deviceHash: string | null; itemKey: string };

/** Which message or welcome message an inbox event is about, now (Unix ms), in `trx`. */
const inboxEvent = (
  channelId: number,
  key: { kind: InboxKind; id: number },
  trx: InboxEvent['trx'],
): InboxEvent => ({
  channelId,
  ...eventIds(key.kind, key.id),
  at: Date.now(),
  trx,
});

/** The follower and the item's address, or E-404 (no follow, no such item, an ill-formed key). */
async function locate(ctx: AppContext, input: ItemInput) {
  const key = parseInboxItemKey(input.itemKey);
  if (!key || !input.deviceHash) throw new AppError('E-404');
  const channel = await channelOfCode(ctx, input.code);
  const followerId = await followerOfDevice(ctx, channel.id, input.deviceHash);
  if (followerId === undefined) throw new AppError('E-404');
  return { key, channel, followerId };
}

async function entryOf(
  ctx: AppContext,
  key: { kind: InboxKind; id: number },
  followerId: number,
  trx?: Parameters<typeof findDelivered>[4],
): Promise<Entry | undefined> {
  const row = await findDelivered(ctx.db, key.kind, key.id, followerId, trx);
  return row && toEntry(key.kind, row);
}

async function answerOf(ctx: AppContext, entry: Entry, channel: ChannelRow): Promise<InboxItemDto> {
  const [item] = await presentItems(ctx, [entry], new Map([[channel.id, channel]]));
  if (!item) throw new AppError('E-404');
  return item;
}

/** GET …/messages/{item_key}: one item, as it is (not marked opened). */
export async function inboxItem(ctx: AppContext, input: ItemInput): Promise<InboxItemDto> {
  const { key, channel, followerId } = await locate(ctx, input);
  const entry = await entryOf(ctx, key, followerId);
  if (!entry) throw new AppError('E-404');
  return answerOf(ctx, entry, channel);
}

/**
 * POST …/messages/{item_key}/open: marks it opened; the first time adds its push_tag to the follower
 * and tells `points.opened`, from the inbox or (`via` push) from a push notification's click.
 */
export async function openInboxItem(
  ctx: AppContext,
  input: ItemInput & { via?: 'inbox' | 'push' | undefined },
): Promise<InboxItemDto> {
  const { key, channel, followerId } = await locate(ctx, input);
  const entry = await ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await entryOf(ctx, key, followerId, trx);
    if (!before) throw new AppError('E-404');
    const first = await markDeliveryOpened(ctx.db, key.kind, key.id, followerId, Date.now(), trx);
    if (first) {
      await tagFollower(ctx, channel.id, followerId, tagIds(before.content.push_tags), trx);
      const via = input.via ?? 'inbox';
      await ctx.registry.emit(points.opened, { ...inboxEvent(channel.id, key, trx), via });
    }
    return entryOf(ctx, key, followerId, trx);
  });
  if (!entry) throw new AppError('E-404');
  return answerOf(ctx, entry, channel);
}

/**
 * POST …/messages/{item_key}/coupon: uses the coupon. A "once" coupon is used by the first call
 * only (the update's condition decides, so a double tap uses it once; the second answers it
 * used); unlimited ones count every use. Cancelled, expired or not yet valid: E-741. The first
 * use adds push_coupon_use_tags. The answer shows the code.
 */
export async function useInboxCoupon(ctx: AppContext, input: ItemInput): Promise<InboxItemDto> {
  const { key, channel, followerId } = await locate(ctx, input);
  const entry = await ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await entryOf(ctx, key, followerId, trx);
    if (!before) throw new AppError('E-404');
    const copyId = before.content.coupon_copy_id;
    const copy =
      copyId === null ? undefined : (await couponCopies(ctx, [Number(copyId)], trx)).get(Number(copyId));
    if (!copy) throw new AppError('E-404');
    const state = presentReaderCoupon(copy, before, tokyoDate()).state;
    if (state === 'used') return before;
    if (state !== 'valid') throw new AppError('E-741');
    const once = copy.available_count === 1;
    const used = await useDeliveryCoupon(ctx.db, key.kind, key.id, followerId, once, Date.now(), trx);
    const first = before.coupon_use_count === 0;
    if (used && first)
      await tagFollower(ctx, channel.id, followerId, tagIds(before.content.coupon_use_tags), trx);
    if (used) await ctx.registry.emit(points.couponUsed, { ...inboxEvent(channel.id, key, trx), first });
    return entryOf(ctx, key, followerId, trx);
  });
  if (!entry) throw new AppError('E-404');
  return answerOf(ctx, entry, channel);
}

/**
 * GET …/messages/{item_key}/coupon/code: the PNG of the item's coupon code (QR or JAN) for the
 * till, drawn by the coupons module's drawer through `ctx.renders`. Only the following device that
 * has used the coupon (when the answer shows the code text) gets it; anything else is E-404.
 */
export async function inboxCouponCode(
  ctx: AppContext,
  input: ItemInput & { signal?: AbortSignal },
): Promise<Buffer> {
  const { key, followerId } = await locate(ctx, input);
  const entry = await entryOf(ctx, key, followerId);
  const copyId = entry?.content.coupon_copy_id ?? null;
  if (!entry || copyId === null) throw new AppError('E-404');
  const copy = (await couponCopies(ctx, [Number(copyId)])).get(Number(copyId));
  if (!copy) throw new AppError('E-404');
  const shown = presentReaderCoupon(copy, entry, tokyoDate());
  const drawable =
    shown.coupon_code_type === COUPON_CODE_TYPES.qr || shown.coupon_code_type === COUPON_CODE_TYPES.jan;
  if (!drawable || shown.coupon_code_text === '') throw new AppError('E-404');
  return renderCouponCode(ctx, {
    codeType: shown.coupon_code_type,
    code: shown.coupon_code_text,
    signal: input.signal,
  });
}
