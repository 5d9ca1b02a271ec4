import {
  COUPON_CODE_TYPES,
  type InboxAnswer,
  type InboxItemDto,
  type InboxKind,
  inboxItemKey,
  MESSAGES_PAGE_SIZE,
  parseInboxItemKey,
  tokyoDate,
} from '@qrqr/shared';
import { markDeliveryOpened, useDeliveryCoupon } from '../../db/delivery-rows';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type InboxEvent, points } from '../../platform/extension-points';
import { tagIds } from '../../platform/message-content';
import { channelByCode, channelsByIds, presentPublicChannel } from '../channels/lookup';
import { type CouponCopyRow, couponCopies, presentReaderCoupon, renderCouponCode } from '../coupons/lookup';
import { followerOfDevice, followsOfDevice, tagFollower } from '../followers/lookup';
import {
  openWelcomeEntry,
  useWelcomeCoupon,
  type WelcomeInboxRow,
  welcomeInbox,
  welcomeInboxEntry,
} from '../welcomemessages/lookup';
import { countNewerThan, findInboxRow, type InboxRow, inboxPage } from './repository';

/**
 * The follower's side: the inbox of one channel (/c/{code}) and across every channel the device
 * follows (/reader), one item, opening it (adds its push_tag) and using its coupon (once 1 /
 * unlimited -1 enforced by the update itself; adds push_coupon_use_tags). A device that does not
 * follow sees nothing of the channel: an empty inbox, and E-404 for any item.
 */

/** One inbox entry, whichever module holds it. */
interface Entry {
  kind: InboxKind;
  id: number;
  channelId: number;
  content: InboxRow['item'] | WelcomeInboxRow['item'];
  followerId: number;
  delivered_at: number;
  opened_at: number | null;
  coupon_use_count: number;
  coupon_used_at: number | null;
}

const toEntry = (kind: InboxKind, r: InboxRow | WelcomeInboxRow): Entry => ({
  kind,
  id: Number(r.item.id),
  channelId: Number(r.item.channel_id),
  content: r.item,
  followerId: r.follower_id,
  delivered_at: r.delivered_at,
  opened_at: r.opened_at,
  coupon_use_count: r.coupon_use_count,
  coupon_used_at: r.coupon_used_at,
});

function presentItem(
  e: Entry,
  channel: ChannelRow,
  copy: CouponCopyRow | undefined,
  today: string,
): InboxItemDto {
  const c = e.content;
  const publicChannel = presentPublicChannel(channel);
  return {
    item_key: inboxItemKey(e.kind, e.id),
    kind: e.kind,
    channel_code: channel.channel_code,
    channel_name: channel.channel_name,
    channel_icon_url: publicChannel.icon_url,
    layout: c.layout as InboxItemDto['layout'],
    push_text: c.push_text,
    detail_title: c.detail_title,
    detail_text: c.detail_text,
    link_url: c.link_url,
    background_image_url: c.background_image_url,
    coupon_title: c.coupon_title,
    coupon_text_summary: c.coupon_text_summary,
    coupon_text_detail: c.coupon_text_detail,
    coupon: copy ? presentReaderCoupon(copy, e, today) : null,
    delivered_at: e.delivered_at,
    opened: e.opened_at !== null,
  };
}

async function presentItems(ctx: AppContext, entries: Entry[], channels: Map<number, ChannelRow>) {
  const copies = await couponCopies(
    ctx,
    entries
      .map((e) => e.content.coupon_copy_id)
      .filter((v): v is number => v !== null)
      .map(Number),
  );
  const today = tokyoDate();
  return entries.flatMap((e) => {
    const channel = channels.get(e.channelId);
    const copyId = e.content.coupon_copy_id;
    return channel
      ? [presentItem(e, channel, copyId === null ? undefined : copies.get(Number(copyId)), today)]
      : [];
  });
}

/**
 * One page of these followers' inbox, newest first: their deliveries with the welcome messages they
 * received placed among them by time. The few welcome items are all read; of the messages only the
 * rows that can fall on the page. The reads go to the database side by side (each round trip is
 * what a busy machine stretches, bench:fanout): the rows are fetched with room for one welcome item
 * per follower (a follower receives at most one, in its follow) and fetched again in the rare case
 * there are more.
 */
async function pageOf(
  ctx: AppContext,
  followerIds: number[],
  page: number,
): Promise<{ entries: Entry[]; total: number; unread: number }> {
  const offset = (page - 1) * MESSAGES_PAGE_SIZE;
  const limit = MESSAGES_PAGE_SIZE;
  const window = (spare: number) => {
    const from = Math.max(0, offset - spare);
    return inboxPage(ctx.db, followerIds, from, offset + limit - from).then((p) => ({ from, ...p }));
  };
  const [welcome, guessed] = await Promise.all([welcomeInbox(ctx, followerIds), window(followerIds.length)]);
  const [{ from, rows, ...counts }, newer] = await Promise.all([
    welcome.length <= followerIds.length ? guessed : window(welcome.length),
    Promise.all(welcome.map((w) => countNewerThan(ctx.db, followerIds, w.delivered_at))),
  ]);
  const placed: Array<{ pos: number; entry: Entry }> = [];
  for (const [i, w] of welcome.entries()) {
    const pos = (newer[i] ?? 0) + i;
    if (pos >= offset && pos < offset + limit) placed.push({ pos, entry: toEntry('welcome', w) });
  }
  for (const [j, r] of rows.entries()) {
    const pos = from + j + welcome.filter((w) => w.delivered_at >= r.delivered_at).length;
    if (pos >= offset && pos < offset + limit) placed.push({ pos, entry: toEntry('message', r) });
  }
  placed.sort((a, b) => a.pos - b.pos);
  return {
    entries: placed.map((p) => p.entry),
    total: counts.total + welcome.length,
    unread: counts.unread + welcome.filter((w) => w.opened_at === null).length,
  };
}

const empty = (page: number): InboxAnswer => ({
  items: [],
  total_count: 0,
  unread_count: 0,
  page,
  page_size: MESSAGES_PAGE_SIZE,
});

async function channelOfCode(ctx: AppContext, code: string): Promise<ChannelRow> {
  const channel = await channelByCode(ctx, code);
  if (!channel) throw new AppError('E-404');
  return channel;
}

/** GET /api/reader/channel/{code}/messages: this device's inbox of the channel. */
export async function channelInbox(
  ctx: AppContext,
  input: { code: string; deviceHash: string | null; page: number },
): Promise<InboxAnswer> {
  // The channel and the device's follows side by side (one round trip less on the critical path).
  const [channel, follows] = await Promise.all([
    channelOfCode(ctx, input.code),
    input.deviceHash ? followsOfDevice(ctx, input.deviceHash) : [],
  ]);
  const followerId = follows.find((f) => f.channelId === channel.id)?.followerId;
  if (followerId === undefined) return empty(input.page);
  const { entries, total, unread } = await pageOf(ctx, [followerId], input.page);
  return {
    items: await presentItems(ctx, entries, new Map([[channel.id, channel]])),
    total_count: total,
    unread_count: unread,
    page: input.page,
    page_size: MESSAGES_PAGE_SIZE,
  };
}

/** GET /api/reader/inbox: this device's inbox across every channel it follows. */
export async function deviceInbox(
  ctx: AppContext,
  input: { deviceHash: string | null; page: number },
): Promise<InboxAnswer> {
  if (!input.deviceHash) return empty(input.page);
  const follows = await followsOfDevice(ctx, input.deviceHash);
  if (follows.length === 0) return empty(input.page);
  const { entries, total, unread } = await pageOf(
    ctx,
    follows.map((f) => f.followerId),
    input.page,
  );
  const channels = await channelsByIds(
    ctx,
    entries.map((e) => e.channelId),
  );
  return {
    items: await presentItems(ctx, entries, channels),
    total_count: total,
    unread_count: unread,
    page: input.page,
    page_size: MESSAGES_PAGE_SIZE,
  };
}

type ItemInput = { code: string; deviceHash: string | null; itemKey: string };

/** Which message or welcome message an inbox event is about, now (Unix seconds), in `trx`. */
const inboxEvent = (
  channelId: number,
  key: { kind: InboxKind; id: number },
  trx: InboxEvent['trx'],
): InboxEvent => ({
  channelId,
  messageId: key.kind === 'message' ? key.id : null,
  welcomeMessageId: key.kind === 'message' ? null : key.id,
  at: Math.floor(Date.now() / 1000),
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
  trx?: Parameters<typeof findInboxRow>[3],
): Promise<Entry | undefined> {
  if (key.kind === 'message') {
    const row = await findInboxRow(ctx.db, key.id, followerId, trx);
    return row && toEntry('message', row);
  }
  const row = await welcomeInboxEntry(ctx, key.id, followerId, trx);
  return row && toEntry('welcome', row);
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
    const first =
      key.kind === 'message'
        ? await markDeliveryOpened(ctx.db, 'message_deliveries', key.id, followerId, Date.now(), trx)
        : await openWelcomeEntry(ctx, key.id, followerId, trx);
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
    const used =
      key.kind === 'message'
        ? await useDeliveryCoupon(ctx.db, 'message_deliveries', key.id, followerId, once, Date.now(), trx)
        : await useWelcomeCoupon(ctx, key.id, followerId, once, trx);
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
