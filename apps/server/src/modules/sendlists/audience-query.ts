import { BOX_FILTERS, boxesOf, type TagBox, type TagFilter } from '@qrqr/shared';
import { type ExpressionBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import { readLong } from '../../db/long-reads';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';

/**
 * The followers a send list reaches, as ONE query on SQLite and PostgreSQL: the count on the
 * editor and of one saved list, and later the delivery of a message, start from audienceQuery
 * (the list screen counts all its lists at once in audience-counts.ts, under the same rules).
 *
 * This is the one place outside the followers module that reads `followers` and `follower_tags`
 * (read only): the filter is the send list's own rule, and keeping its SQL next to the list means
 * the property tests and the bench hold one function to the plain evaluation in @qrqr/shared.
 *
 * Box semantics (T = the box's tags, F = the follower's tags within the channel):
 * - at least 0: the follower has every tag of T;
 * - at most 1: no follower tag outside T (probed only for followers with at most |T| tags);
 * - exactly 2: every tag of T and no other (its tag count is |T|);
 * - exclude 4: the follower has no tag of T;
 * - default 3: no condition.
 * "Has every / no tag of T" is written the way each database runs it fastest (dialect.ts
 * `membership`): on SQLite an uncorrelated subquery built once (grouped with HAVING count = |T|
 * for every tag), on PostgreSQL one EXISTS per tag (semi and anti joins). The property tests run
 * on both databases, so both shapes are held to the same rules.
 */
/** A condition every row meets (an empty box in the at-least and exclude modes). */
const always = sql<SqlBool>`1 = 1`;
type Eb = ExpressionBuilder<Database & { f: Database['followers'] }, 'f'>;

/**
 * The audience as a query of one column, `follower_id` (followers aliased `f`), never loaded into
 * memory here: count it (audienceCountQuery) or hand it to the database whole, as the fan-out of a
 * message will, adding the columns it needs:
 *
 *   trx.insertInto('deliveries').columns(['follower_id', 'message_id'])
 *     .expression(audienceQuery(db, channelId, filter, trx).select(sql.lit(messageId).as('message_id')))
 *
 * (INSERT … SELECT pairs columns by position: `follower_id` comes first. audience-property.test.ts
 * inserts this way on both databases and holds the rows to matchesFilter.)
 */
export function audienceQuery(db: Db, channelId: number, filter: TagFilter, trx?: Transaction<Database>) {
  const boxes = boxesOf(filter).filter((b) => b.box_filter !== BOX_FILTERS.unused);
  let query = q(db, trx)
    .selectFrom('followers as f')
    .select('f.id as follower_id')
    .where('f.channel_id', '=', channelId);
  const shape = dialectSql(db.dialect).membership;
  for (const box of boxes) query = query.where((eb) => boxCondition(eb, box, shape));
  return query;
}

type Shape = ReturnType<typeof dialectSql>['membership'];

function boxCondition(eb: Eb, box: TagBox, shape: Shape) {
  const t = [...new Set(box.tag_ids)];
  switch (box.box_filter) {
    case BOX_FILTERS.atLeast:
      return hasAll(eb, t, shape);
    case BOX_FILTERS.atMost:
      return noTagOutside(eb, t);
    case BOX_FILTERS.exactly:
      return exactlyT(eb, t, shape);
    case BOX_FILTERS.exclude:
      return hasNone(eb, t, shape);
    default:
      return always;
  }
}

/** The follower has every tag of t (true for an empty t). */
function hasAll(eb: Eb, t: number[], shape: Shape) {
  if (t.length === 0) return always;
  if (shape === 'exists')
    return eb.and(t.map((id) => eb.exists(tagsOfFollower(eb).where('ft.tag_id', '=', id))));
  return eb(
    'f.id',
    'in',
    eb
      .selectFrom('follower_tags')
      .select('follower_id')
      .where('tag_id', 'in', t)
      .groupBy('follower_id')
      .having((h) => h.fn.countAll(), '=', t.length),
  );
}

/** The follower has no tag of t (true for an empty t). */
function hasNone(eb: Eb, t: number[], shape: Shape) {
  if (t.length === 0) return always;
  if (shape === 'exists') return eb.not(eb.exists(tagsOfFollower(eb).where('ft.tag_id', 'in', t)));
  return eb('f.id', 'not in', eb.selectFrom('follower_tags').select('follower_id').where('tag_id', 'in', t));
}

/** The rows of this follower's tags (correlated with the outer follower). */
function tagsOfFollower(eb: Eb) {
  return eb.selectFrom('follower_tags as ft').select('ft.tag_id').whereRef('ft.follower_id', '=', 'f.id');
}

/**
 * The follower has no tag outside t. Only a follower holding at most |t| tags can (`tag_count`, kept
 * by the database, migration 0014), so the probe of its own tags skips every other follower: on
 * both databases this read a third less than the probe alone and beat counting each follower's tags
 * of t (bench:sendlist). A follower's tags are all tags of its own channel (the followers module
 * keeps follower_tags.channel_id equal to the follower's and the tag's), so F is F∩U here.
 */
function noTagOutside(eb: Eb, t: number[]) {
  if (t.length === 0) return eb('f.tag_count', '=', 0);
  return eb.and([
    eb('f.tag_count', '<=', t.length),
    eb.not(eb.exists(tagsOfFollower(eb).where('ft.tag_id', 'not in', t))),
  ]);
}

/** The follower holds exactly the tags of t. */
function exactlyT(eb: Eb, t: number[], shape: Shape) {
  return eb.and([eb('f.tag_count', '=', t.length), hasAll(eb, t, shape)]);
}

/** The query counting the followers the filter reaches (one row, column `n`). */
export function audienceCountQuery(
  db: Db,
  channelId: number,
  filter: TagFilter,
  trx?: Transaction<Database>,
) {
  return q(db, trx)
    .selectFrom(audienceQuery(db, channelId, filter, trx).as('a'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'));
}

/** How many followers the filter reaches now. */
export async function countAudience(
  db: Db,
  channelId: number,
  filter: TagFilter,
  trx?: Transaction<Database>,
): Promise<number> {
  const query = audienceCountQuery(db, channelId, filter, trx);
  // Outside a transaction, on a thread of its own (SQLite), like every long read.
  const [row] = trx ? [await query.executeTakeFirstOrThrow()] : await readLong(db, query.compile());
  return Number(row?.n ?? 0);
}
