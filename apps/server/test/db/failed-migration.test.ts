import { type Kysely, type Migration, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationNames } from '../../src/db/migrate';
import {
  migrationBookkeeping,
  schemaOf,
  sortedRows,
  tableNames,
  tableRows,
} from '../helpers/schema-snapshot';
import { type EarlierVersion, earlierVersion } from './upgrade/earlier-version';

/**
 * A migration that fails half-way leaves the schema as it was: migrate.ts runs the pending batch in
 * one transaction, on PostgreSQL and on SQLite alike. The batch here is a real upgrade (today's
 * migrations after 0020, on a database with rows) with one more at its end that changes the schema
 * and the rows, checks the batch's earlier migrations are in place, and throws.
 */
const THROUGH = '0020-follow-events';
let old: EarlierVersion;
let db: EarlierVersion['bare']['db'];
beforeAll(async () => {
  old = await earlierVersion(THROUGH);
  db = old.bare.db;
});
afterAll(() => old?.bare.close());

const failsHalfWay: Migration = {
  async up(k: Kysely<unknown>) {
    await k.schema.createTable('half_way').addColumn('id', 'integer').execute();
    await k.schema.alterTable('users').addColumn('half_way', 'integer').execute();
    await k.schema.createIndex('users_half_way').on('users').column('half_way').execute();
    await sql`update users set user_name = 'half way'`.execute(k);
    await sql`delete from sessions`.execute(k);
    // Fails otherwise, with another message: 0029, earlier in this batch, has run.
    await sql`select rest_pending from messages`.execute(k);
    throw new Error('fails half-way');
  },
};

const state = async () => {
  const tables = await tableNames(db);
  const rows = await tableRows(db, tables);
  return {
    schema: await schemaOf(db),
    bookkeeping: await migrationBookkeeping(db),
    rows: Object.fromEntries(Object.entries(rows).map(([table, r]) => [table, sortedRows(r)])),
  };
};

describe('a migration failing half-way through an upgrade', () => {
  it('fails the run and leaves the schema, every row and the migrations run as they were', async () => {
    const before = await state();
    expect(before.bookkeeping.ran.at(-1)).toBe(THROUGH);
    await expect(migrateToLatest(db, { append: { '9999-fails-half-way': failsHalfWay } })).rejects.toThrow(
      'fails half-way',
    );
    expect(await state()).toEqual(before);
  });

  it('lets the next run apply today’s migrations, and the one after has nothing to do', async () => {
    const pending = migrationNames().slice(migrationNames().indexOf(THROUGH) + 1);
    expect(await migrateToLatest(db)).toEqual(pending);
    expect(await migrateToLatest(db)).toEqual([]);
    expect((await migrationBookkeeping(db)).ran).toEqual(migrationNames());
  });
});
