import { BOX_FILTERS, boxesOf, type TagBox, type TagFilter } from '@qrqr/shared/tag-filter';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { readLong } from '../../db/long-reads';
import type { Database } from '../../db/schema';
import { audienceCountQuery } from './audience-query';

/**
 * How many followers each of several send lists reaches, in ONE statement and one pass over the
 * channel's followers, on SQLite and PostgreSQL alike (the list screen: counting list by list took
 * about 50 ms a list at 100,000 followers).
 *
 * Every tag some list names gets a bit; one grouped pass gives each follower the bits of the named
 * tags it holds (`m0`, `m1`, … at most 62 bits each, a sum of distinct powers of two) and `o`, how
 * many other tags it holds. Each list is then a condition on those integers, summed per list:
 * - at least T: every bit of T is set;       - exclude T: no bit of T is set;
 * - at most T: o = 0 and no bit outside T;   - exactly T: o = 0 and the bits equal T.
 * The rules match audience-query.ts and matchesFilter; the property test holds all three together.
 *
 * A page of a few lists costs less counted list by list, each on the plan audience-query.ts gives
 * it (bench:sendlist: one list takes a fifth to a tenth of the grouped pass); those counts are
 * still one statement, a scalar subquery a list.
 */

/** From this many lists on, the grouped pass is cheaper than a count a list. */
export const GROUPED_FROM = 6;

/** Bits per mask column: 62 keeps every sum a positive 64-bit integer on both databases. */
const BITS = 62;

/** Where a named tag sits: which mask column and which bit. */
interface Slot {
  column: number;
  bit: bigint;
}

/** How many followers each list reaches now, in one statement; `shape` only for the tests. */
export async function countAudiences(
  db: Db,
  channelId: number,
  filters: readonly TagFilter[],
  trx?: Transaction<Database>,
  shape: 'grouped' | 'each' = filters.length >= GROUPED_FROM ? 'grouped' : 'each',
): Promise<number[]> {
  if (filters.length === 0) return [];
  const query =
    shape === 'grouped'
      ? groupedCountsQuery(channelId, filters)
      : eachCountsQuery(db, channelId, filters, trx);
  // Outside a transaction, on a thread of its own (SQLite): the grouped pass can take half a second.
  const lane = shape === 'grouped' ? 'grouped-counts' : 'counts';
  const rows = trx ? (await query.execute(trx)).rows : await readLong(db, query.compile(db.kysely), lane);
  const row = rows[0] ?? {};
  return filters.map((_, i) => Number(row[`n${i}`] ?? 0));
}

/** One row with a column `n<i>` per list: the count of each list as a scalar subquery. */
function eachCountsQuery(
  db: Db,
  channelId: number,
  filters: readonly TagFilter[],
  trx?: Transaction<Database>,
) {
  const counts = filters.map(
    (filter, i) => sql`(${audienceCountQuery(db, channelId, filter, trx)}) as ${sql.ref(`n${i}`)}`,
  );
  return sql<Record<string, number | string | null>>`select ${sql.join(counts)}`;
}

/** One row with a column `n<i>` per list: the grouped pass. */
function groupedCountsQuery(channelId: number, filters: readonly TagFilter[]) {
  const boxes = filters.map((filter) => boxesOf(filter).filter((b) => b.box_filter !== BOX_FILTERS.unused));
  const named = [...new Set(boxes.flat().flatMap((b) => b.tag_ids))].sort((a, b) => a - b);
  const slots = new Map<number, Slot>(
    named.map((id, i) => [id, { column: Math.floor(i / BITS), bit: 1n << BigInt(i % BITS) }]),
  );
  const columns = Math.ceil(named.length / BITS);

  const masks = Array.from({ length: columns }, (_, c) => {
    const whens = named
      .filter((id) => slots.get(id)?.column === c)
      .map((id) => sql`when ${id} then ${bigint(slots.get(id)?.bit ?? 0n)}`);
    // A follower without tags has one joined row of nulls: the sum is null, read as no bits.
    return sql`coalesce(cast(sum(case ft.tag_id ${sql.join(whens, sql` `)} end) as bigint), 0) as ${sql.ref(`m${c}`)}`;
  });
  const others =
    named.length === 0
      ? sql`count(ft.tag_id) as o`
      : sql`count(case when ft.tag_id not in (${sql.join(named)}) then 1 end) as o`;
  const counts = boxes.map((listBoxes, i) => {
    const conditions = listBoxes.map((box) => boxCondition(box, slots, columns));
    const all = conditions.length === 0 ? sql`1 = 1` : sql.join(conditions, sql` and `);
    return sql`count(*) filter (where ${all}) as ${sql.ref(`n${i}`)}`;
  });

  return sql<Record<string, number | string | null>>`
    select ${sql.join(counts)}
    from (
      select ${sql.join([...masks, others])}
      from followers f left join follower_tags ft on ft.follower_id = f.id
      where f.channel_id = ${channelId}
      group by f.id
    ) s`;
}

/** A 64-bit parameter; PostgreSQL would otherwise guess text for it inside CASE. */
const bigint = (value: bigint) => sql`cast(${value} as bigint)`;

/** The condition one used box puts on a follower's masks (`m0`…) and other tags (`o`). */
function boxCondition(box: TagBox, slots: Map<number, Slot>, columns: number): RawBuilder<unknown> {
  const want = Array.from({ length: columns }, () => 0n);
  for (const id of box.tag_ids) {
    const slot = slots.get(id);
    if (slot) want[slot.column] = (want[slot.column] as bigint) | slot.bit;
  }
  const m = (c: number) => sql.ref(`m${c}`);
  const each = (test: (c: number, t: bigint) => RawBuilder<unknown> | undefined) => {
    const parts = want.map((t, c) => test(c, t)).filter((p) => p !== undefined);
    return parts.length === 0 ? sql`1 = 1` : sql`(${sql.join(parts, sql` and `)})`;
  };
  const t = bigint;
  const hasAll = each((c, v) => (v === 0n ? undefined : sql`(${m(c)} & ${t(v)}) = ${t(v)}`));
  switch (box.box_filter) {
    case BOX_FILTERS.atLeast:
      return hasAll;
    case BOX_FILTERS.exclude:
      return each((c, v) => (v === 0n ? undefined : sql`(${m(c)} & ${t(v)}) = 0`));
    case BOX_FILTERS.atMost:
      return sql`o = 0 and ${each((c, v) => sql`(${m(c)} & ${t(v)}) = ${m(c)}`)}`;
    case BOX_FILTERS.exactly:
      return sql`o = 0 and ${each((c, v) => sql`${m(c)} = ${t(v)}`)}`;
    default:
      return sql`1 = 1`;
  }
}
