import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../../apps/server/src/db/client';

export type BenchDialect = 'sqlite' | 'postgres';

/** The PostgreSQL server the benches use: BENCH_PG_URL, or the local test server. */
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A database of the bench's own, not yet migrated: a SQLite file in a temporary folder, or a fresh
 * PostgreSQL schema `bench_<label>_<hex>` on `pgUrl`. `close()` closes it and removes the folder or
 * drops the schema.
 */
export async function openBenchDb(
  dialect: BenchDialect,
  label: string,
  pgUrl: string = BENCH_PG_URL,
): Promise<{ db: Db; close(): Promise<void> }> {
  // The label ends up in a schema name, unquoted.
  if (!/^[a-z][a-z0-9_]*$/.test(label))
    throw new Error(`bench label ${label}: lower-case letters, digits, _`);
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qrqr-bench-${label}-`));
    const db = createDb({ sqliteFile: path.join(dir, 'bench.sqlite'), DATABASE_URL: undefined });
    return {
      db,
      close: async () => {
        try {
          await db.close();
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  }
  const schema = `bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = createDb({ DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema, sqliteFile: '' });
  return {
    db,
    close: async () => {
      try {
        await db.close();
        await admin.query(`drop schema ${schema} cascade`);
      } finally {
        await admin.end();
      }
    },
  };
}
