import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { ImmediateSqliteDialect } from './immediate-transactions';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema named by DATABASE_SCHEMA, if any. */
  schema?: string;
  /**
   * The SQLite handle itself, for the one query of the /r/ hot path: a prepared statement kept
   * for the process, run without queueing behind a read flush's transaction (see redirect.ts).
   */
  sqlite?: SQLite.Database;
  /**
   * The pool's connections now, for /metrics: PostgreSQL's pool (max, open, idle, callers waiting);
   * SQLite has one connection, whose queue Kysely keeps out of sight.
   */
  poolUse(): Record<string, number>;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT as a string; our times fit in a double, so read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type DbOptions = Pick<Config, 'DATABASE_URL' | 'DATABASE_SCHEMA' | 'sqliteFile'>;

/** `poolSize`: PostgreSQL connections at most (a helper thread needs one). */
export function createDb(config: DbOptions, poolSize = 10): Db {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: poolSize,
      ...(config.DATABASE_SCHEMA ? { options: `-c search_path=${config.DATABASE_SCHEMA}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      schema: config.DATABASE_SCHEMA,
      poolUse: () => ({
        max: poolSize,
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => kysely.destroy(),
    };
  }
  fs.mkdirSync(path.dirname(config.sqliteFile), { recursive: true });
  const sqlite = new SQLite(config.sqliteFile);
  // WAL lets readers run beside the writer; FULL syncs every commit, so a saved change survives
  // even a power cut (NORMAL would only survive a process crash).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // How long a write waits for the lock another connection (the read writer thread) holds.
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    sqlite,
    poolUse: () => ({ max: 1, open: sqlite.open ? 1 : 0 }),
    close: () => kysely.destroy(),
  };
}
