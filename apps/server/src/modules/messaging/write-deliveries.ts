import type { TagFilter } from '@qrqr/shared/tag-filter';
import {
  type Expression,
  expressionBuilder,
  type QueryCreator,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { audienceQuery } from '../sendlists/lookup';
import {
  type CapRule,
  capRuleOf,
  countedRule,
  holdChannelSends,
  probeLimit,
  reachedCap,
} from './frequency-cap';
import type { MessageRow } from './message-repository';
import { hasSubscription, PUSH_PENDING, pushStateOnDelivery } from './push-entry';

/** The message a part of a send writes deliveries of, its channel, and its send time (Unix ms). */
export interface DeliveryTarget {
  id: number;
  channelId: number;
  at: number;
}

export const targetOf = (message: MessageRow, at = Number(message.sent_at)): DeliveryTarget => ({
  id: Number(message.id),
  channelId: Number(message.channel_id),
  at,
});

/**
 * A further condition on the audience's follower (`f.id`): an A/B test's group, or everyone but
 * the test's groups for its winner's send (deliver-test.ts).
 */
export type Narrow = (follower: Expression<number>) => Expression<SqlBool>;

/**
 * Writes one part of a message's deliveries in one statement and tells `points.delivered`;
 * returns how many. `subscribed`: the followers whose device has a push subscription, their pushes
 * pending. `rest`: every other follower of the audience without a delivery yet; a device that
 * subscribed in between is pushed too (push-entry.ts). With a `cap`, neither writes the followers
 * who reached it, and `rest` counts them first (`capped`; the claim counts none). With `narrow`,
 * only the audience's followers it admits, in the insert and the count alike.
 */
export async function writeDeliveries(
  ctx: AppContext,
  target: DeliveryTarget,
  filter: TagFilter,
  part: 'subscribed' | 'rest',
  cap: number | null,
  trx: Transaction<Database>,
  narrow?: Narrow,
): Promise<{ count: number; capped: number }> {
  const { id, channelId, at } = target;
  if (cap !== null) await holdChannelSends(ctx.db, channelId, trx);
  const rule = await partCapRule(ctx, { channelId, filter, part, cap, at, own: [id] }, trx, narrow);
  let audience = audienceQuery(ctx.db, channelId, filter, trx);
  if (narrow) audience = audience.where((eb) => narrow(eb.ref('f.id')));
  for (const holds of narrowToPart(ctx, { part, cap: rule }, trx))
    audience = audience.where((eb) => holds(eb.ref('f.id'), eb.ref('f.device_hash')));
  const rows = audience.select((eb) => [
    sql.lit(id).as('message_id'),
    sql.lit(at).as('delivered_at'),
    partPushState(ctx, part, eb.ref('f.device_hash'), trx).as('push_state'),
  ]);
  // No ON CONFLICT: the claim is the message's first write and the rest skips the followers already
  // written, so a plain insert skips PostgreSQL's speculative insertion per row (a sixth of the
  // fan-out, bench:fanout). Were a row there, the primary key would refuse the whole step (rolled
  // back, retried at the next sweep) rather than write anything twice.
  const into: QueryCreator<Database> = part === 'subscribed' ? trx : withWritten(trx, [id]);
  const result = await into
    .insertInto('message_deliveries')
    .columns(['follower_id', 'message_id', 'delivered_at', 'push_state'])
    .expression(rows)
    .executeTakeFirst();
  const count = Number(result.numInsertedOrUpdatedRows ?? 0);
  const capped =
    rule !== null && part === 'rest' ? await countCapped(ctx, target, filter, rule, trx, narrow) : 0;
  // Counted once per part; the rest tells even none, as a whole send to no one always did.
  if (count > 0 || part === 'rest')
    await ctx.registry.emit(points.delivered, {
      channelId,
      messageId: id,
      welcomeMessageId: null,
      at,
      count,
      ...(capped > 0 ? { capped } : {}),
      trx,
    });
  return { count, capped };
}

/**
 * The cap's rule of a part (null: it leaves no one out). The rest asks about the whole audience, so
 * it counts the window's deliveries once (frequency-cap.ts `countedRule`), or takes the count its
 * claim made when nothing changed in the window since. A claim asks only about
 * the audience's subscribed followers: probed one by one while they are few, counted like the rest
 * once they are more than `probeLimit` (a bounded count of them first; with most of an audience
 * subscribed, probing each took a capped send of 100,000 to 2.6-3.1 s on SQLite, bench:fanout
 * SUBSCRIBED=0.8). `narrow` as writeDeliveries's: a test's group or everyone but its groups.
 */
export async function partCapRule(
  ctx: AppContext,
  input: {
    channelId: number;
    filter: TagFilter;
    part: SendPart['part'];
    cap: number | null;
    at: number;
    /** The send's messages: the one sent, or a test's variants. */
    own: readonly number[];
  },
  trx: Transaction<Database>,
  narrow?: Narrow,
): Promise<CapRule | null> {
  const { channelId, filter, part, cap, at, own } = input;
  const rule = await capRuleOf(ctx.db, { channelId, cap, at }, trx);
  if (rule === null) return null;
  if (part === 'rest') return countedRule(ctx.db, rule, { own, step: part }, trx);
  const limit = probeLimit(rule);
  let subscribed = audienceQuery(ctx.db, channelId, filter, trx).where((eb) =>
    hasSubscription(ctx.db, eb.ref('f.device_hash'), trx),
  );
  if (narrow) subscribed = subscribed.where((eb) => narrow(eb.ref('f.id')));
  const row = await trx
    .selectFrom(subscribed.limit(limit).as('s'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) < limit ? rule : countedRule(ctx.db, rule, { own, step: part }, trx);
}

/** A part of a send: the claim's (`subscribed`) or the rest's, with the cap's rule (null: none leaves anyone out). */
export interface SendPart {
  part: 'subscribed' | 'rest';
  cap: CapRule | null;
}

/** A condition on one follower of the audience: its id (`f.id`) and device (`f.device_hash`). */
type PartCondition = (follower: Expression<number>, device: Expression<string>) => Expression<SqlBool>;

/**
 * The conditions a part puts on each follower of the audience (its id and device), one `where`
 * each: the claim takes the followers whose device has a push subscription, the rest those the
 * claim did not write (withWritten's CTE); with a cap, neither the followers who reached it. Shared
 * by a plain send and an A/B test's groups (write-split-deliveries.ts).
 */
export function narrowToPart(
  ctx: AppContext,
  { part, cap }: SendPart,
  trx: Transaction<Database>,
): PartCondition[] {
  const conditions: PartCondition[] = [
    part === 'subscribed'
      ? (_: Expression<number>, device: Expression<string>) => hasSubscription(ctx.db, device, trx)
      : (follower: Expression<number>) =>
          sql<SqlBool>`not exists (select 1 from ${sql.table(WRITTEN)} as w where w.follower_id = ${follower})`,
  ];
  if (cap !== null)
    conditions.push((follower) => expressionBuilder<Database>().not(reachedCap(follower, cap)));
  return conditions;
}

/** The push state a part writes its deliveries with: pending for the claim's, read per device for the rest's. */
export function partPushState(
  ctx: AppContext,
  part: SendPart['part'],
  device: Expression<string>,
  trx: Transaction<Database>,
) {
  return part === 'subscribed' ? sql.lit(PUSH_PENDING) : pushStateOnDelivery(ctx.db, device, trx);
}

/**
 * The followers of the audience still without a delivery of the message who reached the cap: read
 * by the rest once it has written, in its transaction (the channel's capped sends held), so every
 * follower of the audience ends up written or counted. Only the few left unwritten are probed
 * (their rows of the message first, by its primary key); counting before the insert probed the
 * whole audience twice (bench:fanout). PostgreSQL ran the probe, its costlier filter, on the whole
 * audience before that anti-join (EXPLAIN ANALYZE at 100,000 followers: 100,000 probes, 0.7-1.3 s,
 * for 0 or 28,982 unwritten; 0.06-0.2 s once the unwritten are a materialized CTE). SQLite already
 * probes only the unwritten, so there the CTE is inlined, the statement it always ran.
 */
async function countCapped(
  ctx: AppContext,
  target: DeliveryTarget,
  filter: TagFilter,
  rule: CapRule,
  trx: Transaction<Database>,
  narrow?: Narrow,
): Promise<number> {
  let unwritten = audienceQuery(ctx.db, target.channelId, filter, trx).where(
    (eb) =>
      sql<SqlBool>`not exists (select 1 from message_deliveries as w where w.message_id = ${sql.lit(target.id)} and w.follower_id = ${eb.ref('f.id')})`,
  );
  if (narrow) unwritten = unwritten.where((eb) => narrow(eb.ref('f.id')));
  const row = await trx
    .with(
      (cte) =>
        ctx.db.dialect === 'postgres' ? cte('unwritten').materialized() : cte('unwritten').notMaterialized(),
      () => unwritten,
    )
    .selectFrom('unwritten as u')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => reachedCap(eb.ref('u.follower_id'), rule))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The followers the message's claim wrote, as the rest reads them (withWritten). */
export const WRITTEN = 'written';

/**
 * The rest's statement starts with the followers already written, read once into a materialized
 * CTE that its "no delivery yet" anti-join probes. Probing `message_deliveries` itself, the join
 * read the very table the statement fills: on PostgreSQL a table with no page yet (the first send,
 * a claim that wrote no one) costs nothing to scan, so the planner chose a nested loop whose inner
 * sequential scan, rescanned per follower, re-read every page the insert had added so far (EXPLAIN
 * ANALYZE at 100,000 followers, bench:fanout's schema: 51.6 million buffer reads, 36.8 s; 0.23 s
 * with the CTE). The CTE does not grow while the insert runs, so whatever plan is chosen costs what
 * it was estimated at. Statistics cannot help: ANALYZE of an empty table still says empty.
 * An A/B test's rest reads its variants' rows at once (`messageIds`, write-split-deliveries.ts).
 */
export function withWritten(
  trx: Transaction<Database>,
  messageIds: readonly number[],
): QueryCreator<Database> {
  const creator = trx.with(
    (cte) => cte(WRITTEN).materialized(),
    (db) =>
      db
        .selectFrom('message_deliveries')
        .select('follower_id')
        .where('message_id', 'in', [...messageIds]),
  );
  // Only the anti-join's SQL names the CTE, so the query's types need not know it.
  return creator as unknown as QueryCreator<Database>;
}
