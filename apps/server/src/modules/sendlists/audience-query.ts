import { BOX_FILTERS, boxesOf, type TagBox, type TagFilter } from '@qrqr/shared/tag-filter';
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
 * `membership`): on PostgreSQL one EXISTS per tag (semi and anti joins); on SQLite one uncorrelated
 * subquery for the whole filter, built once, which intersects the followers of each tag held and
 * takes away those of each tag excluded (INTERSECT and EXCEPT merge the tag index's runs, already
 * in follower order, where grouping them with HAVING count = |T| sorted them first: the editor's
 * live count at 100,000 followers took 31–36 ms and takes 13–15, bench:sendlist). The property
 * tests run on both databases, so both shapes are held to the same rules.
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
  const exists = dialectSql(db.dialect).membership === 'exists';
  if (!exists) query = query.where((eb) => heldAndExcluded(eb, boxes));
  for (const box of boxes) query = query.where((eb) => boxCondition(eb, box, exists));
  return query;
}

/** A box's own condition; with `exists` false its tags held and excluded are heldAndExcluded's. */
function boxCondition(eb: Eb, box: TagBox, exists: boolean) {
  const t = [...new Set(box.tag_ids)];
  switch (box.box_filter) {
    case BOX_FILTERS.atLeast:
      return exists ? hasAll(eb, t) : always;
    case BOX_FILTERS.atMost:
      return noTagOutside(eb, t);
    case BOX_FILTERS.exactly:
      return eb.and([eb('f.tag_count', '=', t.length), exists ? hasAll(eb, t) : always]);
    case BOX_FILTERS.exclude:
      return exists ? hasNone(eb, t) : always;
    default:
      return always;
  }
}

/** The follower has every tag of t (true for an empty t), one EXISTS a tag. */
function hasAll(eb: Eb, t: number[]) {
  if (t.length === 0) return always;
  return eb.and(t.map((id) => eb.exists(tagsOfFollower(eb).where('ft.tag_id', '=', id))));
}

/** The follower has no tag of t (true for an empty t). */
function hasNone(eb: Eb, t: number[]) {
  if (t.length === 0) return always;
  return eb.not(eb.exists(tagsOfFollower(eb).where('ft.tag_id', 'in', t)));
}

/**
 * SQLite: every tag the at-least and exactly boxes hold and none the exclude boxes name, as one
 * uncorrelated subquery. With a tag to hold: the followers of the first, INTERSECT those of each
 * other, EXCEPT those of each excluded (each part one run of the tag index, in follower order, so
 * every step is a merge). With none: NOT IN the followers of the excluded tags, a list probed once
 * per follower (EXCEPT would sort the channel's followers first).
 */
function heldAndExcluded(eb: Eb, boxes: readonly TagBox[]) {
  const tagsIn = (...modes: number[]) => [
    ...new Set(boxes.filter((b) => modes.includes(b.box_filter)).flatMap((b) => b.tag_ids)),
  ];
  const held = tagsIn(BOX_FILTERS.atLeast, BOX_FILTERS.exactly);
  const excluded = tagsIn(BOX_FILTERS.exclude);
  const followersOf = (tagId: number) =>
    eb.selectFrom('follower_tags').select('follower_id').where('tag_id', '=', tagId);
  const [first, ...others] = held;
  if (first === undefined) {
    if (excluded.length === 0) return always;
    return eb(
      'f.id',
      'not in',
      eb.selectFrom('follower_tags').select('follower_id').where('tag_id', 'in', excluded),
    );
  }
  let set = followersOf(first);
  for (const id of others) set = set.intersect(followersOf(id));
  for (const id of excluded) set = set.except(followersOf(id));
  return eb('f.id', 'in', set);
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
