import { MESSAGES_PAGE_SIZE } from '@qrqr/shared/message-constants';
import type { InboxAnswer } from '@qrqr/shared/message-schemas';
import type { AppContext } from '../../platform/core/context';
import { channelsByIds } from '../channels/lookup';
import { followsOfDevice } from '../followers/lookup';
import { channelOfCode, type Entry, presentItems, toEntry } from './inbox-entries';
import { allDelivered, countNewerThan, type Follows, inboxPage } from './inbox-repository';

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
  follows: ReadonlyArray<{ followerId: number; channelId: number }>,
  page: number,
): Promise<{ entries: Entry[]; total: number; unread: number }> {
  const followerIds = follows.map((f) => f.followerId);
  const of: Follows = { followerIds, channelIds: follows.map((f) => f.channelId) };
  const offset = (page - 1) * MESSAGES_PAGE_SIZE;
  const limit = MESSAGES_PAGE_SIZE;
  const window = (spare: number) => {
    const from = Math.max(0, offset - spare);
    return inboxPage(ctx.db, of, from, offset + limit - from).then((p) => ({ from, ...p }));
  };
  const [welcome, guessed] = await Promise.all([
    allDelivered(ctx.db, 'welcome', followerIds),
    window(followerIds.length),
  ]);
  const [{ from, rows, ...counts }, newer] = await Promise.all([
    welcome.length <= followerIds.length ? guessed : window(welcome.length),
    Promise.all(welcome.map((w) => countNewerThan(ctx.db, of, w.delivered_at))),
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
  const follow = follows.find((f) => f.channelId === channel.id);
  if (follow === undefined) return empty(input.page);
  const { entries, total, unread } = await pageOf(ctx, [follow], input.page);
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
  const { entries, total, unread } = await pageOf(ctx, follows, input.page);
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
