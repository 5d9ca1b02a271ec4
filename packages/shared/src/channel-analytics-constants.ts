/** Channel analytics' counters, limits and the way rates are written (the screen, the CSV, the server). */

/** The counters of a channel's day, in the order the chart, the table and the CSV show them. */
export const CHANNEL_DAY_COUNTERS = [
  'follows',
  'unfollows',
  'deliveries',
  'push_reachable',
  'push_accepted',
  'opens_inbox',
  'opens_push',
  'coupon_uses',
] as const;
export type ChannelDayCounter = (typeof CHANNEL_DAY_COUNTERS)[number];

/**
 * A message's funnel: targeted → push-reachable → accepted → opened → coupon used; `capped`, the
 * followers of its audience the frequency cap left out (not among the targeted), beside it.
 */
export const MESSAGE_FUNNEL_COUNTERS = [
  'targeted',
  'capped',
  'push_reachable',
  'push_accepted',
  'opens_inbox',
  'opens_push',
  'coupon_users',
  'coupon_uses',
] as const;
export type MessageFunnelCounter = (typeof MESSAGE_FUNNEL_COUNTERS)[number];

/** Most messages one answer or CSV lists (the most recent first). */
export const CHANNEL_ANALYTICS_MESSAGES_MAX = 500;

/** A rate as the screen and the CSV write it: "12.5%", or "-" with nothing to divide by. */
export function formatRate(value: number | null): string {
  return value === null ? '-' : `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}

/** part / whole, or null when whole is 0. */
export function rateOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}
