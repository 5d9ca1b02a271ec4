import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrationName, migrateToLatest } from '../../src/db/migrate';
import { sortedRows, tableNames, tableRows } from '../helpers/schema-snapshot';
import { type EarlierVersion, earlierVersion } from './upgrade/earlier-version';
import { expectedTables, type Tables } from './upgrade/row-changes';
import { expectTodaysServerReads } from './upgrade/todays-server';

/**
 * Upgrades keep data: a database an earlier version left, with rows in every table, runs today's
 * migrations and still holds every row, changed only as the migrations mean to (row-changes.ts),
 * and today's server reads it. Two earlier versions:
 * - 0013, the last before any migration rewrote rows already there (0014 counts each follower's
 *   tags, later ones fill the follower counts);
 * - 0020, the earliest with every table a later migration rewrites or drops: messages and welcome
 *   messages in seconds (0028), follow_events and the followed-event jobs (0027), deliveries from
 *   before push (0022).
 */
const EARLIER_VERSIONS: MigrationName[] = ['0013-wifi-profile-time', '0020-follow-events'];

describe.each(EARLIER_VERSIONS)('a database left by the version of migration %s', (through) => {
  let old: EarlierVersion;
  let before: Tables;
  let after: Tables;

  beforeAll(async () => {
    old = await earlierVersion(through);
    const { db } = old.bare;
    before = await tableRows(db, await tableNames(db));
    await migrateToLatest(db);
    after = await tableRows(db, await tableNames(db));
  });
  afterAll(() => old?.bare.close());

  it('had a row in every table (a table added later needs its rows in upgrade/)', () => {
    const empty = Object.keys(before).filter((table) => before[table]?.length === 0);
    expect(empty).toEqual([]);
    expect(Object.keys(before).length).toBeGreaterThan(20);
  });

  it('keeps every row, each value as it was or as its migration means it to be', () => {
    const expected = expectedTables(before, through);
    // Only the tables a migration drops on purpose are gone.
    expect(Object.keys(before).filter((t) => !(t in after))).toEqual(
      Object.keys(before).filter((t) => !(t in expected)),
    );
    for (const [table, rows] of Object.entries(expected)) {
      const columns = Object.keys(rows[0] ?? {});
      const found = (after[table] ?? []).map((row) => pick(row, columns));
      expect.soft(sortedRows(found), table).toEqual(sortedRows(rows));
    }
  });

  it('is read by today’s server: the old session, code, channel, send list and message times', async () => {
    await expectTodaysServerReads(old.bare, old.ids);
  });
});

const pick = (row: Record<string, unknown>, columns: string[]) =>
  Object.fromEntries(columns.map((c) => [c, row[c]]));
