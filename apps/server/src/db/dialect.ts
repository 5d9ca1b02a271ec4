import { type ColumnDefinitionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from './client';

/**
 * The one place where SQLite and PostgreSQL need different SQL. Add a member here rather than
 * branching on the dialect elsewhere.
 */
export interface DialectSql {
  /** Column type for Unix-millisecond times and other 64-bit integers. */
  bigint: 'integer' | 'bigint';
  /** Column type for an auto-incrementing primary key; use with `serialKey`. */
  serial: 'integer' | 'bigserial';
  /** Makes that column the primary key (bigserial counts by itself; SQLite needs AUTOINCREMENT). */
  serialKey: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  /** Column type for bytes (stored images). */
  bytes: 'blob' | 'bytea';
  /**
   * How "the row is (not) among those having …" over a large table runs fastest (measured by
   * bench:sendlist): SQLite builds an uncorrelated `IN (subquery)` once and probes it, while
   * PostgreSQL turns correlated `EXISTS` into hash or index semi/anti joins.
   */
  membership: 'in-subquery' | 'exists';
  /**
   * How "the followers of an audience whose device has a push subscription" are counted fastest
   * (bench:push-finish, 100,000 followers): SQLite merges the audience's device hashes with the
   * subscriptions' (`INTERSECT`, both index runs in hash order) instead of probing the
   * subscriptions' index once per follower; PostgreSQL hashes them in a semi-join (`IN` in WHERE),
   * several times faster than its own INTERSECT.
   */
  subscribedMatch: 'intersect' | 'semi-join';
  /**
   * Whether `message_deliveries` has an index by follower (follower_id, delivered_at). PostgreSQL
   * keeps it: it answers the inbox's counts and the frequency cap's probe by one range each, and
   * its writes cost a send little. SQLite dropped it (migration 0036): a send put an entry beside
   * every follower's older ones, so it rewrote nearly the whole index, which grows with every send,
   * at each commit; there a follower's deliveries are found through its channel's messages.
   */
  deliveriesByFollower: boolean;
  /**
   * Whether a transaction must lock the rows it relies on (`FOR UPDATE`, `FOR KEY SHARE`) to keep
   * them as read until it ends. PostgreSQL runs transactions side by side, so it must; SQLite runs
   * one at a time (each takes the write lock when it begins, see immediate-transactions.ts) and
   * has no such clause.
   */
  rowLocks: boolean;
  /**
   * A list of ids sent as one bound value and read back as rows of one column (`id`), for
   * `x in (…)` against a list too long for literals: SQLite's `json_each`, PostgreSQL's `unnest`.
   * Either database builds the uncorrelated subquery's set once per statement and probes it.
   */
  idRows: (ids: readonly number[]) => RawBuilder<{ id: number }>;
  /** An aggregate of a column's values into one JSON array (null over no rows): json_group_array, json_agg. */
  jsonArrayOf: (column: string) => RawBuilder<unknown>;
}

export function dialectSql(name: DialectName): DialectSql {
  return name === 'postgres'
    ? {
        bigint: 'bigint',
        serial: 'bigserial',
        serialKey: (c) => c.primaryKey(),
        bytes: 'bytea',
        membership: 'exists',
        subscribedMatch: 'semi-join',
        deliveriesByFollower: true,
        rowLocks: true,
        jsonArrayOf: (column) => sql`json_agg(${sql.ref(column)})`,
        idRows: (ids) => sql`select unnest(${`{${ids.join(',')}}`}::bigint[]) as id`,
      }
    : {
        bigint: 'integer',
        serial: 'integer',
        serialKey: (c) => c.primaryKey().autoIncrement(),
        bytes: 'blob',
        membership: 'in-subquery',
        subscribedMatch: 'intersect',
        deliveriesByFollower: false,
        rowLocks: false,
        jsonArrayOf: (column) => sql`json_group_array(${sql.ref(column)})`,
        idRows: (ids) => sql`select value as id from json_each(${JSON.stringify(ids)})`,
      };
}

/** Works out the dialect of a Kysely instance inside a migration, which only receives the instance. */
export function dialectOf(db: Kysely<unknown>): DialectName {
  const adapter = db.getExecutor().adapter.constructor.name;
  return adapter.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

/** True for a unique-constraint failure on either database (SQLite's code or PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
