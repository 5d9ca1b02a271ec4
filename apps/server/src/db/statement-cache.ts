import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Statements kept: the app's queries and the read flush's multi-row upserts fit with room to spare. */
const KEPT = 200;

/**
 * The SQLite handle as Kysely sees it, keeping the most recently used prepared statements by their
 * SQL: Kysely prepares every query anew, and SQLite's prepare of a 400-row upsert costs about as
 * much as running it (bench:redirect, the read writer's profile). One statement is never used twice
 * at once: Kysely runs one query at a time on this connection, a stream's included.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = kept.get(sql);
      if (statement) kept.delete(sql);
      else statement = sqlite.prepare(sql);
      // Re-inserted, so the map's first key is the least recently used.
      kept.set(sql, statement);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}
