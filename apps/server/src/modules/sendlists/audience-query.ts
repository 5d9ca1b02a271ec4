import { BOX_FILTERS, boxesOf, type TagBox, type TagFilter } from '@qrqr/shared';
import { type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';

/**
 * The followers a send list reaches, as ONE query on SQLite and PostgreSQL alike: the count on the
 * editor and the list screen, and later the delivery of a message, both start from audienceQuery.
 *
 * This is the one place outside the followers module that reads `followers` and `follower_tags`
 * (read only): the filter is the send list's own rule, and keeping its SQL next to the list means
 * the property tests and the bench hold one function to the plain evaluation in @qrqr/shared.
 *
 * Box semantics (T = the box's tags, F = the follower's tags within the channel):
 * - at least 0: the follower is among those having every tag of T (one grouped, uncorrelated
 *   subquery that both databases compute once);
 * - at most 1: no follower tag outside T (a probe of the follower's own tags); exactly 2: both;
 * - exclude 4: the follower is not among those having a tag of T (uncorrelated, computed once);
 * - default 3: no condition.
 */
type Q = Kysely<Database> | Transaction<Database>;
/** A condition every row meets (an empty box in the at-least and exclude modes). */
const always = sql<SqlBool>`1 = 1`;
type Eb = ExpressionBuilder<Database & { f: Database['followers'] }, 'f'>;

export function audienceQuery(db: Db, channelId: number, filter: TagFilter, trx?: Transaction<Database>) {
  const q: Q = trx ?? db.kysely;
  const boxes = boxesOf(filter).filter((b) => b.box_filter !== BOX_FILTERS.unused);
  let query = q
    .selectFrom('followers as f')
    .select('f.id as follower_id')
    .where('f.channel_id', '=', channelId);
  for (const box of boxes) query = query.where((eb) => boxCondition(eb, box));
  return query;
}

function boxCondition(eb: Eb, box: TagBox) {
  const t = [...new Set(box.tag_ids)];
  const all = hasAll(eb, t);
  const onlyT = noTagOutside(eb, t);
  switch (box.box_filter) {
    case BOX_FILTERS.atLeast:
      return all;
    case BOX_FILTERS.atMost:
      return onlyT;
    case BOX_FILTERS.exactly:
      return eb.and([all, onlyT]);
    case BOX_FILTERS.exclude:
      return t.length === 0 ? always : eb('f.id', 'not in', followersWithAny(eb, t));
    default:
      return always;
  }
}

/** The follower has every tag of t (true for an empty t). */
function hasAll(eb: Eb, t: number[]) {
  if (t.length === 0) return always;
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

/** Followers having at least one tag of t (uncorrelated: both databases build it once). */
function followersWithAny(eb: Eb, t: number[]) {
  return eb.selectFrom('follower_tags').select('follower_id').where('tag_id', 'in', t);
}

/**
 * The follower has no tag outside t. A follower's tags are all tags of its own channel (the
 * followers module keeps follower_tags.channel_id equal to the follower's and the tag's), so F
 * is F∩U here and the probe stays inside the primary-key index, without reading rows.
 */
function noTagOutside(eb: Eb, t: number[]) {
  let inner = eb
    .selectFrom('follower_tags as ft')
    .select('ft.tag_id')
    .whereRef('ft.follower_id', '=', 'f.id');
  if (t.length > 0) inner = inner.where('ft.tag_id', 'not in', t);
  return eb.not(eb.exists(inner));
}

/** How many followers the filter reaches now. */
export async function countAudience(
  db: Db,
  channelId: number,
  filter: TagFilter,
  trx?: Transaction<Database>,
): Promise<number> {
  const row = await (trx ?? db.kysely)
    .selectFrom(audienceQuery(db, channelId, filter, trx).as('a'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the followers the filter reaches, in id order (for delivery). */
export async function listAudienceIds(
  db: Db,
  channelId: number,
  filter: TagFilter,
  trx?: Transaction<Database>,
): Promise<number[]> {
  const rows = await audienceQuery(db, channelId, filter, trx).orderBy('f.id').execute();
  return rows.map((r) => Number(r.follower_id));
}
