import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, NewerDatabaseError } from '../../src/db/migrate';
import { testDb } from '../helpers/app';
import { type BareDatabase, bareDatabase } from '../helpers/bare-database';

/**
 * A start on a database already at today's migrations runs no migrator, so it does not wait for
 * the migrator's lock, which on PostgreSQL is one advisory lock for the whole database: another
 * schema's migrations (another service sharing the database, or test files side by side) held a
 * server's start back.
 */
/** Kysely's migration lock on PostgreSQL (its PostgresAdapter). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

let bare: BareDatabase;
beforeAll(async () => {
  bare = await bareDatabase();
  await migrateToLatest(bare.db);
});
afterAll(() => bare?.close());

const settled = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    sleep(ms).then(() => 'waiting' as const),
  ]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a start on an up-to-date database', () => {
  it('runs nothing and answers at once', async () => {
    expect(await migrateToLatest(bare.db)).toEqual([]);
  });

  it.runIf(testDb === 'postgres')('does not wait while another migration holds the lock', async () => {
    const holder = new pg.Client({ connectionString: bare.config.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
      expect(await settled(migrateToLatest(bare.db), 5000)).toBe('settled');
      // The migrator itself waits for it (here an earlier version's list, refused once it has the lock).
      const older = migrateToLatest(bare.db, { through: '0036-deliveries-by-message' });
      expect(await settled(older, 1000)).toBe('waiting');
      await holder.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
      await expect(older).rejects.toBeInstanceOf(NewerDatabaseError);
    } finally {
      await holder.end();
    }
  });
});
