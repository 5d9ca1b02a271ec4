import { groupSizeOf } from '@qrqr/shared/ab-test-constants';
import type { PushFinishAnswer } from '@qrqr/shared/push-finish-schemas';
import type { TagFilter } from '@qrqr/shared/tag-filter';
import { sql } from 'kysely';
import { dialectSql } from '../../db/dialect';
import { readLong } from '../../db/long-reads';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { subscribedDevices } from '../push/lookup';
import { ALL_FOLLOWERS, audienceQuery, reachOfFilters, sendlistOf } from '../sendlists/lookup';
import { hasSubscription } from './push-entry';
import { projectPushFinish } from './push-finish';
import { measuredPushRate } from './push-rate';

/**
 * When the push part of a send would finish if reserved now: the audience's followers whose device
 * has a push subscription (of the A/B test's share alone when there is a test: the rest waits for
 * the winner), at the measured push rate, from the send time, paused by the channel's quiet hours.
 * One count of the audience's subscribed followers. The frequency cap is not taken off: with a
 * cap on, the figure is an upper bound.
 */
export async function pushFinishNow(
  ctx: AppContext,
  input: {
    channel: ChannelRow;
    sendlistId: number | null;
    /** Unix ms; null or past: now. */
    sendAt: number | null;
    sharePercent: number | null;
    variants: number | null;
    now: number;
  },
): Promise<PushFinishAnswer> {
  const { channel } = input;
  const channelId = Number(channel.id);
  let filter: TagFilter = ALL_FOLLOWERS;
  if (input.sendlistId !== null) {
    const list = await sendlistOf(ctx, channelId, input.sendlistId);
    if (!list) throw AppError.field('send_list_id', 'validation.message_sendlist_invalid');
    filter = list.filter;
  }
  const [subscribed, rate] = await Promise.all([
    ctx.counts.run(() => countSubscribed(ctx, channelId, filter)),
    measuredPushRate(ctx.db),
  ]);
  // With a test, only its share is pushed now: the audience's size (remembered per audience
  // version by send lists, no count of its own) sizes the groups.
  const devices =
    input.sharePercent === null
      ? subscribed
      : testShareOf(subscribed, (await reachOfFilters(ctx, channelId, [filter]))[0] ?? 0, input);
  const startAt = input.sendAt === null ? input.now : Math.max(input.sendAt, input.now);
  const projection = projectPushFinish({ devices, perSecond: rate.perSecond, startAt, quiet: channel });
  return {
    devices,
    starts_at: projection ? Math.round(projection.startsAt) : null,
    finish_at: projection ? Math.ceil(projection.finishAt) : null,
    pushes_per_minute: Math.round(rate.perSecond * 60),
    measured: rate.measured,
  };
}

/**
 * The audience's followers whose device has a subscription, counted the way each database runs
 * it fastest (dialect.ts `subscribedMatch`): the send's own statement (write-deliveries.ts) with
 * the subscription test in WHERE, a hash semi-join on PostgreSQL (as a CASE in the select list it
 * became a subplan over every subscription for each follower once they outgrew work_mem: at
 * 100,000 followers it still ran after 19 minutes); on SQLite the audience's device hashes
 * INTERSECT the subscriptions' (one device a follower in a channel: the count is the same).
 */
async function countSubscribed(ctx: AppContext, channelId: number, filter: TagFilter): Promise<number> {
  const k = ctx.db.kysely;
  const audience = audienceQuery(ctx.db, channelId, filter);
  const n = sql<number | string>`count(*)`.as('n');
  const query =
    dialectSql(ctx.db.dialect).subscribedMatch === 'intersect'
      ? k
          .selectFrom(
            k
              .selectFrom(audience.select('f.device_hash').as('a'))
              .select('a.device_hash')
              .intersect(subscribedDevices(ctx.db))
              .as('m'),
          )
          .select(n)
          .compile()
      : k
          .selectFrom(audience.where((eb) => hasSubscription(ctx.db, eb.ref('f.device_hash'))).as('m'))
          .select(n)
          .compile();
  const [row] = await readLong(ctx.db, query);
  return Number(row?.n ?? 0);
}

/**
 * The test share's devices: the groups' followers are drawn at random from the audience, so on
 * average the audience's subscribed share of them.
 */
function testShareOf(
  subscribed: number,
  audience: number,
  input: { sharePercent: number | null; variants: number | null },
): number {
  const variants = input.variants ?? 2;
  const members = groupSizeOf(audience, input.sharePercent ?? 0, variants) * variants;
  if (audience === 0) return 0;
  return Math.min(subscribed, Math.round((subscribed * members) / audience));
}
