import type { TagFilter } from '@qrqr/shared/tag-filter';
import { type Expression, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { audienceQuery } from '../sendlists/lookup';
import { type CapRule, holdChannelSends, reachedCap } from './frequency-cap';
import { type Narrow, narrowToPart, partCapRule, partPushState, withWritten } from './write-deliveries';

/**
 * The deliveries of an A/B test's groups (deliver-test.ts): the stored split drives one statement
 * for all groups, each split row's group mapped to its variant's message (`ids[group]`, A the
 * message itself), where a statement per group read the split and the audience once per group
 * (bench:fanout, 50 % in 4 groups: 8 statements). The parts and the cap's rule are
 * writeDeliveries's: `subscribed` in the claim, `rest` then, each leaving out the followers who
 * reached the cap and the rest counting them; a split follower no longer in the audience gets
 * nothing. Tells `points.delivered` per variant as a send per group did.
 */
export interface SplitTarget {
  /** The message with the test, whose split it is. */
  messageId: number;
  channelId: number;
  at: number;
  /** The message of each group, by the group's number. */
  ids: readonly number[];
}

/** A variant's figures after a part: what it wrote, all its deliveries so far, and the capped (rest). */
export interface PartWritten {
  count: number;
  delivered: number;
  capped: number;
}

export async function writeSplitDeliveries(
  ctx: AppContext,
  target: SplitTarget,
  filter: TagFilter,
  part: 'subscribed' | 'rest',
  cap: number | null,
  trx: Transaction<Database>,
): Promise<PartWritten[]> {
  const { channelId, at, ids } = target;
  if (cap !== null) await holdChannelSends(ctx.db, channelId, trx);
  // The split's followers, as a condition on the audience (the claim's bounded count of them).
  const inSplit: Narrow = (follower) =>
    sql<SqlBool>`exists (select 1 from message_test_members as g where g.message_id = ${sql.lit(target.messageId)} and g.follower_id = ${follower})`;
  const rule = await partCapRule(ctx, { channelId, filter, part, cap, at, own: ids }, trx, inSplit);
  // The claim is the test's first write, so only the rest has rows of the variants before.
  const before = part === 'rest' ? await deliveredOf(trx, ids) : new Map<number, number>();
  let audience = splitAudience(ctx, target, filter, trx);
  for (const holds of narrowToPart(ctx, { part, cap: rule }, trx))
    audience = audience.where((eb) => holds(eb.ref('f.id'), eb.ref('f.device_hash')));
  const rows = audience.select((eb) => [
    variantOf(eb.ref('g.variant'), ids).as('message_id'),
    sql.lit(at).as('delivered_at'),
    partPushState(ctx, part, eb.ref('f.device_hash'), trx).as('push_state'),
  ]);
  // A plain insert, as writeDeliveries's (no ON CONFLICT); the rest skips every follower that has
  // any variant, which is its group's, each follower being in one group.
  const into = part === 'subscribed' ? trx : withWritten(trx, ids);
  await into
    .insertInto('message_deliveries')
    .columns(['follower_id', 'message_id', 'delivered_at', 'push_state'])
    .expression(rows)
    .execute();
  const after = await deliveredOf(trx, ids);
  const capped =
    rule !== null && part === 'rest' ? await countCapped(ctx, target, filter, rule, trx) : new Map();
  const written: PartWritten[] = [];
  for (const [group, id] of ids.entries()) {
    const delivered = after.get(id) ?? 0;
    const figures = { count: delivered - (before.get(id) ?? 0), delivered, capped: capped.get(group) ?? 0 };
    written.push(figures);
    if (figures.count > 0 || part === 'rest')
      await ctx.registry.emit(points.delivered, {
        channelId,
        messageId: id,
        welcomeMessageId: null,
        at,
        count: figures.count,
        ...(figures.capped > 0 ? { capped: figures.capped } : {}),
        trx,
      });
  }
  return written;
}

/** The audience's followers in the split, each with its group (`g.variant`), read from the split. */
function splitAudience(ctx: AppContext, target: SplitTarget, filter: TagFilter, trx: Transaction<Database>) {
  return audienceQuery(ctx.db, target.channelId, filter, trx).innerJoin('message_test_members as g', (j) =>
    j.onRef('g.follower_id', '=', 'f.id').on('g.message_id', '=', target.messageId),
  );
}

/** The message of a group: `ids[group]`. */
function variantOf(group: Expression<number>, ids: readonly number[]) {
  const arms = ids.map((id, i) => sql`when ${sql.lit(i)} then ${sql.lit(id)}`);
  return sql<number>`case ${group} ${sql.join(arms, sql` `)} end`;
}

/** Each variant's deliveries so far, by the primary key's range of each. */
async function deliveredOf(trx: Transaction<Database>, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom('message_deliveries')
    .select((eb) => ['message_id', eb.fn.countAll<number | string>().as('n')])
    .where('message_id', 'in', [...ids])
    .groupBy('message_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.message_id), Number(r.n)]));
}

/**
 * The split's followers of the audience still without their variant who reached the cap, by group:
 * writeDeliveries's count (the unwritten few probed, a materialized CTE on PostgreSQL) for all
 * groups at once.
 */
async function countCapped(
  ctx: AppContext,
  target: SplitTarget,
  filter: TagFilter,
  rule: CapRule,
  trx: Transaction<Database>,
): Promise<Map<number, number>> {
  const unwritten = splitAudience(ctx, target, filter, trx)
    .select('g.variant')
    .where(
      (eb) =>
        sql<SqlBool>`not exists (select 1 from message_deliveries as w where w.message_id = ${variantOf(eb.ref('g.variant'), target.ids)} and w.follower_id = ${eb.ref('f.id')})`,
    );
  const rows = await trx
    .with(
      (cte) =>
        ctx.db.dialect === 'postgres' ? cte('unwritten').materialized() : cte('unwritten').notMaterialized(),
      () => unwritten,
    )
    .selectFrom('unwritten as u')
    .select((eb) => ['u.variant', eb.fn.countAll<number | string>().as('n')])
    .where((eb) => reachedCap(eb.ref('u.follower_id'), rule))
    .groupBy('u.variant')
    .execute();
  return new Map(rows.map((r) => [Number(r.variant), Number(r.n)]));
}
