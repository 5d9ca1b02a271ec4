import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './client';
import * as m0001 from './migrations/0001-accounts';
import * as m0002 from './migrations/0002-qrcodes';
import * as m0003 from './migrations/0003-sign-in-locks';
import * as m0004 from './migrations/0004-channels';
import * as m0005 from './migrations/0005-followers-tags';
import * as m0006 from './migrations/0006-read-rollups';
import * as m0007 from './migrations/0007-sendlists';
import * as m0008 from './migrations/0008-coupons';
import * as m0009 from './migrations/0009-shares';
import * as m0011 from './migrations/0011-channel-images';
import * as m0012 from './migrations/0012-qr-analytics-pause';
import * as m0013 from './migrations/0013-wifi-profile-time';
import * as m0014 from './migrations/0014-follower-tag-count';
import * as m0015 from './migrations/0015-follower-page-index';
import * as m0016 from './migrations/0016-jobs';
import * as m0017 from './migrations/0017-audience-version';
import * as m0018 from './migrations/0018-messages';
import * as m0019 from './migrations/0019-welcome-messages';
import * as m0020 from './migrations/0020-follow-events';
import * as m0021 from './migrations/0021-wifi-welcome-pages';
import * as m0022 from './migrations/0022-web-push';
import * as m0023 from './migrations/0023-channel-analytics';
import * as m0024 from './migrations/0024-plain-wifi-payload-index';
import * as m0025 from './migrations/0025-delivery-fanout';
import * as m0026 from './migrations/0026-follower-count';
import * as m0027 from './migrations/0027-drop-follow-events';
import * as m0028 from './migrations/0028-times-in-milliseconds';
import * as m0029 from './migrations/0029-rest-pending';
import * as m0030 from './migrations/0030-qr-designs';
import * as m0031 from './migrations/0031-frequency-cap';
import * as m0032 from './migrations/0032-ab-tests';
import * as m0033 from './migrations/0033-member-pictures';
import * as m0034 from './migrations/0034-push-rate';
import * as m0035 from './migrations/0035-test-members-fanout';
import * as m0036 from './migrations/0036-deliveries-by-message';
import * as m0037 from './migrations/0037-expected-pushes';

/** Migrations are listed here in order; a new file is one more line. */
const migrations = {
  '0001-accounts': m0001,
  '0002-qrcodes': m0002,
  '0003-sign-in-locks': m0003,
  '0004-channels': m0004,
  '0005-followers-tags': m0005,
  '0006-read-rollups': m0006,
  '0007-sendlists': m0007,
  '0008-coupons': m0008,
  '0009-shares': m0009,
  '0011-channel-images': m0011,
  '0012-qr-analytics-pause': m0012,
  '0013-wifi-profile-time': m0013,
  '0014-follower-tag-count': m0014,
  '0015-follower-page-index': m0015,
  '0016-jobs': m0016,
  '0017-audience-version': m0017,
  '0018-messages': m0018,
  '0019-welcome-messages': m0019,
  '0020-follow-events': m0020,
  '0021-wifi-welcome-pages': m0021,
  '0022-web-push': m0022,
  '0023-channel-analytics': m0023,
  '0024-plain-wifi-payload-index': m0024,
  '0025-delivery-fanout': m0025,
  '0026-follower-count': m0026,
  '0027-drop-follow-events': m0027,
  '0028-times-in-milliseconds': m0028,
  '0029-rest-pending': m0029,
  '0030-qr-designs': m0030,
  '0031-frequency-cap': m0031,
  '0032-ab-tests': m0032,
  '0033-member-pictures': m0033,
  '0034-push-rate': m0034,
  '0035-test-members-fanout': m0035,
  '0036-deliveries-by-message': m0036,
  '0037-expected-pushes': m0037,
} satisfies Record<string, Migration>;

export type MigrationName = keyof typeof migrations;

/** Today's migrations, in the order they run. */
export const migrationNames = () => Object.keys(migrations) as MigrationName[];

/**
 * The database has run a migration this version does not have: a newer version upgraded it. Going
 * on would run this version's code on tables it does not know, so it refuses, saying what to do.
 */
export class NewerDatabaseError extends Error {
  constructor(readonly migration: string) {
    super(
      `This database was upgraded by a newer version of QRQR (migration ${migration}, which this version does not have), so this version does not start on it. Run the newer version, or restore the backup taken before that upgrade (docs/operations.md, "Upgrades and rollback").`,
    );
  }
}

export interface MigrateOptions {
  /** Stop after this one: a database as an earlier version left it (the upgrade test builds one). */
  through?: MigrationName;
  /** Run after today's list: the test of a migration failing half-way appends one. */
  append?: Record<string, Migration>;
}

/**
 * Applies every pending migration, the whole batch in one transaction: Kysely's migrator takes one
 * where the dialect's DDL is transactional, PostgreSQL's and SQLite's (db/immediate-transactions.ts).
 * A migration that fails half-way leaves the schema, the rows and the list of migrations run as
 * they were before the batch (test/db/failed-migration.test.ts).
 */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  if (!options.through && !options.append && (await upToDate(db))) return [];
  const migrator = new Migrator({
    db: db.kysely,
    provider: providerOf(options),
    migrationTableSchema: await migrationSchema(db),
    // Modules add migrations in parallel: a lower number landing after a higher one still runs.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const missing = /previously executed migration (.+) is missing/.exec(String((error as Error)?.message));
    if (missing) throw new NewerDatabaseError(missing[1] as string);
    throw error instanceof Error ? error : new Error(String(error));
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The list cut after `through` (not Kysely's migrateTo, which would run migrations down on a
 * database already past it: here such a database fails as one with a migration missing).
 */
function providerOf({ through, append }: MigrateOptions): MigrationProvider {
  const names = migrationNames();
  const kept = through === undefined ? names : names.slice(0, names.indexOf(through) + 1);
  const list: Record<string, Migration> = {
    ...Object.fromEntries(kept.map((name) => [name, migrations[name]])),
    ...append,
  };
  return { getMigrations: async () => list };
}

/**
 * On PostgreSQL, Kysely finds its bookkeeping tables in any schema unless told which one, so a
 * second install or test run in the same database would make it skip creating them: name ours.
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (db.dialect !== 'postgres') return undefined;
  if (db.schema) return db.schema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]?.schema ?? 'public';
}

/**
 * Whether the database has run exactly today's migrations, read without the migrator. Kysely's
 * migrator first takes its lock, which on PostgreSQL is one advisory lock for the whole database:
 * a process starting on an up-to-date schema waited behind every other schema's migrations (test
 * files migrating side by side held a killed server's restart past its 60 s). Anything else (no
 * table yet, a migration missing or unknown) goes to the migrator, which runs or refuses it.
 */
async function upToDate(db: Db): Promise<boolean> {
  const schema = await migrationSchema(db);
  const table = sql.table(schema ? `${schema}.${DEFAULT_MIGRATION_TABLE}` : DEFAULT_MIGRATION_TABLE);
  let done: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db.kysely);
    done = new Set(rows.map((r) => r.name));
  } catch {
    return false;
  }
  const names = migrationNames();
  return done.size === names.length && names.every((name) => done.has(name));
}
