import { groupSizeOf } from '@qrqr/shared/ab-test-constants';
import type { PushFinishAnswer } from '@qrqr/shared/push-finish-schemas';
import type { TagFilter } from '@qrqr/shared/tag-filter';
import { type Expression, expressionBuilder, sql } from 'kysely';
import { dialectSql } from '../../db/dialect';
import { readLong } from '../../db/long-reads';
import type { ChannelRow, Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { subscribedDevices } from '../push/lookup';
import { ALL_FOLLOWERS, audienceQuery, reachOfFilters, sendlistOf } from '../sendlists/lookup';
import { type CapRule, capOf, capRuleOf, reachedCap } from './frequency-cap';
import { hasSubscription } from './push-entry';
import { projectPushFinish } from './push-finish';
import { measuredPushRate } from './push-rate';
import { quietUntil } from './push-timing';
import { pushesAhead } from './push-waiting';

/**
 * When the push part of a send would finish if reserved now: its devices (pushedDevices) at the
 * measured push rate, from the send time, paused by the channel's quiet hours, behind the pushes
 * the sweep sends first (push-waiting.ts: those waiting now and those of sends reserved to go
 * before it, less those their channel's quiet hours hold back until after it), asked only for a
 * send with devices to push to. Those may be other channels' pushes, which
 * are not this operator's to count: the line ahead is rounded up to whole minutes of pushing, so
 * the answer (start and finish included) says how long the wait is, never how many pushes the
 * service has waiting.
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
  const startAt = input.sendAt === null ? input.now : Math.max(input.sendAt, input.now);
  const [devices, rate] = await Promise.all([
    pushedDevices(ctx, { channel, filter, at: startAt, test: testOf(input) }),
    measuredPushRate(ctx.db),
  ]);
  const perMinute = rate.perSecond * 60;
  const answer = { devices, pushes_per_minute: Math.round(perMinute), measured: rate.measured };
  if (devices === 0) return { ...answer, waiting_minutes: 0, starts_at: null, finish_at: null };
  const line = await lineAhead(ctx, { channel, startAt, now: input.now, perSecond: rate.perSecond });
  const projection = projectPushFinish({
    devices,
    perSecond: rate.perSecond,
    startAt: line.done,
    quiet: channel,
  });
  return {
    ...answer,
    waiting_minutes: line.minutes,
    starts_at: projection ? Math.round(projection.startsAt) : null,
    finish_at: projection ? Math.ceil(projection.finishAt) : null,
  };
}

const MINUTE = 60_000;
/** A line ending inside the channel's quiet hours, again and again: past this, its end is taken as it is. */
const MAX_REJOINS = 3;

/**
 * The pushes the sweep sends ahead of a send's own (push-waiting.ts), in whole minutes of pushing
 * (`minutes`, at its send time), and when they are done (`done`). Its own join the line at the
 * send time, or at the end of the channel's quiet hours when it falls inside them; the line ahead
 * is other channels' too, so the channel's quiet hours do not hold it up. When it ends inside
 * them, its own pushes wait for their end and join the line again then, behind what joined
 * before it.
 */
async function lineAhead(
  ctx: AppContext,
  input: { channel: ChannelRow; startAt: number; now: number; perSecond: number },
): Promise<{ minutes: number; done: number }> {
  const { channel, now, perSecond } = input;
  const perMinute = perSecond * 60;
  let joinAt = quietUntil(channel, input.startAt) ?? input.startAt;
  let minutes: number | null = null;
  for (let rejoins = 0; ; rejoins++) {
    const ahead = Math.round(await pushesAhead(ctx.db, { now, at: joinAt, perSecond }));
    const aheadMinutes = perMinute > 0 ? Math.ceil(ahead / perMinute) : 0;
    minutes ??= aheadMinutes;
    const done = joinAt + aheadMinutes * MINUTE;
    const quietEnd = aheadMinutes > 0 ? quietUntil(channel, done) : null;
    if (quietEnd === null || rejoins === MAX_REJOINS) return { minutes, done };
    joinAt = quietEnd;
  }
}

/** An A/B test's share and number of groups, or null for a send without a test. */
export type TestShare = { sharePercent: number; variants: number } | null;

const testOf = (input: { sharePercent: number | null; variants: number | null }): TestShare =>
  input.sharePercent === null ? null : { sharePercent: input.sharePercent, variants: input.variants ?? 2 };

/**
 * The devices a send to `filter` at `at` pushes to when it goes out: the audience's subscribed
 * followers, less those the channel's frequency cap leaves out then (by the send's own rule), and,
 * with a test, its share alone (the rest waits for the winner). The projection's count, and what a
 * reservation stores as its expected pushes (notify-message.ts).
 */
export async function pushedDevices(
  ctx: AppContext,
  input: { channel: ChannelRow; filter: TagFilter; at: number; test: TestShare },
): Promise<number> {
  const channelId = Number(input.channel.id);
  // The send's cap at its send time; a later send time sees only the deliveries written by now.
  const capRule = await capRuleOf(ctx.db, {
    channelId,
    cap: capOf(Number(input.channel.frequency_cap)),
    at: input.at,
  });
  const subscribed = await ctx.counts.run(() => countSubscribed(ctx, channelId, input.filter, capRule));
  // With a test, only its share is pushed now: the audience's size (remembered per audience
  // version by send lists, no count of its own) sizes the groups. The split draws from the whole
  // audience and the cap then leaves out its capped followers, so the share is of the whole
  // audience and the capped are already out of `subscribed`.
  if (input.test === null) return subscribed;
  const audience = (await reachOfFilters(ctx, channelId, [input.filter]))[0] ?? 0;
  return testShareOf(subscribed, audience, input.test);
}

/**
 * The audience's followers whose device has a subscription, counted the way each database runs
 * it fastest (dialect.ts `subscribedMatch`): the send's own statement (write-deliveries.ts) with
 * the subscription test in WHERE, a hash semi-join on PostgreSQL (as a CASE in the select list it
 * became a subplan over every subscription for each follower once they outgrew work_mem: at
 * 100,000 followers it still ran after 19 minutes); on SQLite the audience's device hashes
 * INTERSECT the subscriptions' (one device a follower in a channel: the count is the same).
 * With a cap (`capRule`), the send's probe (reachedCap) leaves out the followers who reached it, run
 * only on the subscribed ones: on SQLite each matched device's follower found again by the
 * channel's device index (probing the whole audience before the INTERSECT took 1.6× the CPU), on
 * PostgreSQL after the semi-join, its followers a materialized CTE (else the plan probed all
 * 100,000 followers first). bench:push-finish measures both against the count without a cap.
 */
async function countSubscribed(
  ctx: AppContext,
  channelId: number,
  filter: TagFilter,
  capRule: CapRule | null,
): Promise<number> {
  const k = ctx.db.kysely;
  const audience = audienceQuery(ctx.db, channelId, filter);
  const notCapped = (follower: Expression<number>, rule: CapRule) =>
    expressionBuilder<Database>().not(reachedCap(follower, rule));
  const n = sql<number | string>`count(*)`.as('n');
  if (dialectSql(ctx.db.dialect).subscribedMatch === 'intersect') {
    const matched = k
      .selectFrom(audience.select('f.device_hash').as('a'))
      .select('a.device_hash')
      .intersect(subscribedDevices(ctx.db))
      .as('m');
    const query = capRule
      ? k
          .selectFrom(matched)
          .innerJoin('followers as c', (j) =>
            j.onRef('c.device_hash', '=', 'm.device_hash').on('c.channel_id', '=', channelId),
          )
          .where((eb) => notCapped(eb.ref('c.id'), capRule))
          .select(n)
          .compile()
      : k.selectFrom(matched).select(n).compile();
    const [row] = await readLong(ctx.db, query);
    return Number(row?.n ?? 0);
  }
  const subscribed = audience.where((eb) => hasSubscription(ctx.db, eb.ref('f.device_hash')));
  if (!capRule) {
    const [row] = await readLong(ctx.db, k.selectFrom(subscribed.as('m')).select(n).compile());
    return Number(row?.n ?? 0);
  }
  const query = k
    .with(
      (cte) => cte('m').materialized(),
      () => subscribed,
    )
    .selectFrom('m')
    .where((eb) => notCapped(eb.ref('m.follower_id'), capRule))
    .select(n)
    .compile();
  // PostgreSQL's reads never block the process (readLong runs them as they are): a transaction
  // only to turn JIT off, as holdChannelSends does for the same probe (its compiling cost more
  // than the whole count).
  const row = await k.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return (await trx.executeQuery(query)).rows[0];
  });
  return Number(row?.n ?? 0);
}

/**
 * The test share's devices: the groups' followers are drawn at random from the audience, so on
 * average the audience's subscribed share of them.
 */
function testShareOf(
  subscribed: number,
  audience: number,
  test: { sharePercent: number; variants: number },
): number {
  const members = groupSizeOf(audience, test.sharePercent, test.variants) * test.variants;
  if (audience === 0) return 0;
  return Math.min(subscribed, Math.round((subscribed * members) / audience));
}
