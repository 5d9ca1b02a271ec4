import { VARIANT_LETTERS } from '@qrqr/shared/ab-test-constants';
import {
  CHANNEL_ANALYTICS_MESSAGES_MAX,
  CHANNEL_DAY_COUNTERS,
  rateOf,
} from '@qrqr/shared/channel-analytics-constants';
import type {
  ChannelAnalyticsAnswer,
  ChannelDay,
  MessageFunnel,
  MessageVariant,
} from '@qrqr/shared/channel-analytics-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { eachDay } from '../analytics/lookup';
import { messageTestParts, messageTitles, welcomeTitles } from '../messaging/lookup';
import { channelDayRows, followersSince, ITEM_KIND, messageTotals } from './repository';

/**
 * The figures of the days from `from` to `to` (Asia/Tokyo, both included), every day present
 * (zeros on a day with nothing), and the funnel of each message with figures in those days. Reads
 * the rollups only: a few rows per day and per message, whatever the number of followers.
 */
export async function channelReport(
  ctx: AppContext,
  channel: ChannelRow,
  from: string,
  to: string,
): Promise<ChannelAnalyticsAnswer> {
  const channelId = Number(channel.id);
  const [rows, followers, totals] = await Promise.all([
    channelDayRows(ctx.db, channelId, from, to),
    followersSince(ctx.db, channelId, from),
    messageTotals(ctx.db, channelId, from, to, CHANNEL_ANALYTICS_MESSAGES_MAX + 1),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  // Followers before the first day: today's count less what was counted since.
  let running = followers.now - followers.netSince;
  const days: ChannelDay[] = eachDay(from, to).map((day) => {
    const row = byDay.get(day);
    const counts = Object.fromEntries(CHANNEL_DAY_COUNTERS.map((k) => [k, Number(row?.[k] ?? 0)])) as Record<
      (typeof CHANNEL_DAY_COUNTERS)[number],
      number
    >;
    running += counts.follows - counts.unfollows;
    return { day, followers: running, ...counts };
  });
  const shown = totals.slice(0, CHANNEL_ANALYTICS_MESSAGES_MAX);
  const idsOf = (kind: number) => shown.filter((t) => Number(t.kind) === kind).map((t) => Number(t.item_id));
  const [messageNames, welcomeNames, testParts] = await Promise.all([
    messageTitles(ctx, channelId, idsOf(ITEM_KIND.message)),
    welcomeTitles(ctx, channelId, idsOf(ITEM_KIND.welcome)),
    messageTestParts(ctx, channelId, idsOf(ITEM_KIND.message)),
  ]);
  const variantOf = (id: number): MessageVariant | null => {
    const part = testParts.get(id);
    const letter = part && VARIANT_LETTERS[part.variant];
    return part && letter ? { letter, winner: part.winner } : null;
  };
  const messages = shown.map((t): MessageFunnel => {
    const kind = Number(t.kind) === ITEM_KIND.message ? 'message' : 'welcome';
    const id = Number(t.item_id);
    const title = (kind === 'message' ? messageNames : welcomeNames).get(id);
    const n = {
      targeted: Number(t.targeted),
      capped: Number(t.capped),
      push_reachable: Number(t.push_reachable),
      push_accepted: Number(t.push_accepted),
      opens_inbox: Number(t.opens_inbox),
      opens_push: Number(t.opens_push),
      coupon_users: Number(t.coupon_users),
      coupon_uses: Number(t.coupon_uses),
    };
    const opened = n.opens_inbox + n.opens_push;
    return {
      kind,
      id,
      title: title ?? '',
      deleted: title === undefined,
      variant: kind === 'message' ? variantOf(id) : null,
      ...n,
      opened,
      push_reachable_rate: rateOf(n.push_reachable, n.targeted),
      accepted_rate: rateOf(n.push_accepted, n.push_reachable),
      open_rate: rateOf(opened, n.targeted),
      coupon_rate: rateOf(n.coupon_users, opened),
    };
  });
  return { from, to, days, messages, messages_truncated: totals.length > shown.length };
}
