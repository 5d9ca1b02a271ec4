import { groupSizeOf } from '@qrqr/shared/ab-test-constants';
import type { TagFilter } from '@qrqr/shared/tag-filter';
import { type Expression, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { audienceQuery } from '../sendlists/lookup';
import {
  recordSplit,
  recordVariantSent,
  recordVariantsSentAt,
  type TestRow,
  variantRows,
} from './ab-test-repository';
import type { MessageRow } from './message-repository';
import { TEST_PART } from './test-part';
import type { Narrow } from './write-deliveries';
import { type SplitTarget, writeSplitDeliveries } from './write-split-deliveries';

const HOUR_MS = 3_600_000;

/**
 * The send of a message with an A/B test, inside the two steps of deliver.ts. Its claim splits the
 * test share of the audience at random into equal groups, one per variant (A the message, B–D its
 * variant rows), and stores the split (`message_test_members`), so that whatever crashes later no
 * follower moves; then each group gets its variant's deliveries (one statement for all groups,
 * write-split-deliveries.ts), the subscribed ones in the claim and the rest in the second step,
 * under the frequency cap like any send. The rest of the audience
 * gets the winner's send later (decide-test.ts), which leaves out every follower of the split.
 */

/** The claim's part: split, then every group's subscribed deliveries; returns how many were written. */
export async function claimTest(
  ctx: AppContext,
  message: MessageRow,
  test: TestRow,
  filter: TagFilter,
  cap: number | null,
  trx: Transaction<Database>,
): Promise<number> {
  const parts = [message, ...(await variantRows(ctx.db, Number(message.id), trx))];
  const groupSize = await splitAudience(ctx, message, filter, test.share_percent, parts.length, trx);
  const at = Number(message.sent_at);
  await recordSplit(ctx.db, Number(message.id), { groupSize, decideAt: at + test.wait_hours * HOUR_MS }, trx);
  await recordVariantsSentAt(
    ctx.db,
    parts.slice(1).map((p) => Number(p.id)),
    at,
    trx,
  );
  const written = await writeSplitDeliveries(
    ctx,
    splitTarget(message, parts),
    filter,
    'subscribed',
    cap,
    trx,
  );
  return written.reduce((sum, w) => sum + w.count, 0);
}

/** The second step's part: every group's other deliveries; the variants' rows become sent. */
export async function completeTest(
  ctx: AppContext,
  message: MessageRow,
  filter: TagFilter,
  cap: number | null,
  trx: Transaction<Database>,
): Promise<{ count: number; capped: number }> {
  const parts = [message, ...(await variantRows(ctx.db, Number(message.id), trx))];
  const written = await writeSplitDeliveries(ctx, splitTarget(message, parts), filter, 'rest', cap, trx);
  for (const [i, part] of parts.entries()) {
    const figures = written[i];
    if (i === 0 || !figures) continue;
    await recordVariantSent(
      ctx.db,
      Number(part.id),
      { sentAt: Number(message.sent_at), delivered: figures.delivered, capped: figures.capped },
      trx,
    );
  }
  return {
    count: written.reduce((sum, w) => sum + w.count, 0),
    capped: written.reduce((sum, w) => sum + w.capped, 0),
  };
}

function splitTarget(message: MessageRow, parts: readonly MessageRow[]): SplitTarget {
  return {
    messageId: Number(message.id),
    channelId: Number(message.channel_id),
    at: Number(message.sent_at),
    ids: parts.map((p) => Number(p.id)),
  };
}

/** The audience condition of a send that is part of a test: the winner's send leaves out the split. */
export function narrowOf(message: MessageRow): Narrow | undefined {
  if (message.test_part !== TEST_PART.winner || message.test_of === null) return undefined;
  const testOf = Number(message.test_of);
  return (follower) => sql<SqlBool>`not ${inSplit(testOf, follower)}`;
}

function inSplit(messageId: number, follower: Expression<number>) {
  return sql<SqlBool>`exists (select 1 from message_test_members as g where g.message_id = ${sql.lit(messageId)} and g.follower_id = ${follower})`;
}

/**
 * Stores the split: of the audience's `n` followers, `groups` × the group size (groupSizeOf) taken
 * in a random order, the i-th of them in group i mod `groups`. Answers the group size.
 */
async function splitAudience(
  ctx: AppContext,
  message: MessageRow,
  filter: TagFilter,
  sharePercent: number,
  groups: number,
  trx: Transaction<Database>,
): Promise<number> {
  const channelId = Number(message.channel_id);
  const counted = await audienceQuery(ctx.db, channelId, filter, trx)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const size = groupSizeOf(Number(counted.n), sharePercent, groups);
  if (size === 0) return 0;
  const pick: Pick = {
    audience: audienceQuery(ctx.db, channelId, filter, trx),
    taken: size * groups,
    groups,
    messageId: Number(message.id),
    trx,
  };
  await (ctx.db.dialect === 'sqlite' ? pickInTurnSqlite(pick) : pickInTurn(pick));
  return size;
}

/** A split to store: `taken` followers of the audience at random, in `groups` groups. */
interface Pick {
  audience: ReturnType<typeof audienceQuery>;
  taken: number;
  groups: number;
  messageId: number;
  trx: Transaction<Database>;
}

/** PostgreSQL: numbered by row_number() over the random order, by one INSERT … SELECT. */
async function pickInTurn({ audience, taken, groups, messageId, trx }: Pick): Promise<void> {
  const ranked = audience.select(sql<number>`row_number() over (order by random())`.as('rn'));
  await trx
    .insertInto('message_test_members')
    .columns(['message_id', 'follower_id', 'variant'])
    .expression(
      trx
        .selectFrom(ranked.as('s'))
        .select([
          sql.lit(messageId).as('message_id'),
          's.follower_id',
          sql<number>`(s.rn - 1) % ${sql.lit(groups)}`.as('variant'),
        ])
        .where('s.rn', '<=', taken)
        // Stored in follower order, not the random one: the split's primary key (and on SQLite its
        // rows) fill in order, and the groups' deliveries, which read the split by that key, then
        // read it in the order it lies (bench:fanout, 50 % in 4 groups on SQLite: the split
        // 0.16-0.21 s -> 0.12-0.16 s, the rest's statement 0.22-0.34 s -> 0.13-0.15 s).
        .orderBy('s.follower_id'),
    )
    .execute();
}

/** The connection's own scratch table of the SQLite split (temp: never written to the file). */
const PICKED = 'temp.split_picked';
type Picked = { [PICKED]: { follower_id: number } };

/**
 * SQLite: the `taken` followers of the random order written to a temp table, whose rowids number
 * them in that order (consecutive, so each residue mod `groups` has the same count), then copied in
 * follower order with the rowid's residue as the group. SQLite's row_number() over the random order
 * went through an ephemeral table of every follower of the audience: the split's statements cost
 * 20-25 % less this way (100,000 followers, 50 % in 4 groups).
 */
async function pickInTurnSqlite({ audience, taken, groups, messageId, trx }: Pick): Promise<void> {
  const scratch = trx as unknown as Transaction<Picked>;
  await sql`create temp table if not exists split_picked (follower_id integer not null)`.execute(trx);
  // Emptied at the end, and a failed step rolls its rows back; emptied here too in case.
  await scratch.deleteFrom(PICKED).execute();
  await scratch
    .insertInto(PICKED)
    .columns(['follower_id'])
    .expression(audience.orderBy(sql`random()`).limit(taken) as never)
    .execute();
  await trx
    .insertInto('message_test_members')
    .columns(['message_id', 'follower_id', 'variant'])
    .expression(
      scratch
        .selectFrom(PICKED)
        .select([
          sql.lit(messageId).as('message_id'),
          'follower_id',
          sql<number>`(rowid - 1) % ${sql.lit(groups)}`.as('variant'),
        ])
        // In follower order, as on PostgreSQL.
        .orderBy('follower_id') as never,
    )
    .execute();
  await scratch.deleteFrom(PICKED).execute();
}
