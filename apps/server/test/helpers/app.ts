import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db/client';
import { migrateToLatest } from '../../src/db/migrate';
import type { ReadRecorder } from '../../src/modules/qrcodes/read-recorder';
import type { AppContext } from '../../src/platform/core/context';
import type { Mailer } from '../../src/platform/jobs/mailer';

export type TestDb = 'sqlite' | 'postgres';

/** Which database this project runs on (set per project in vitest.config.ts). */
export const testDb: TestDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The QR manager's read buffer: tests call `reads.flush()` instead of waiting for the interval. */
  reads: ReadRecorder;
  close(): Promise<void>;
}

/**
 * The whole server on a database of its own: a fresh SQLite file, or a fresh PostgreSQL database
 * that `close()` drops again, each a copy of one migrated once. Mail goes to the product's outbox (no SMTP_URL) unless overridden
 * (SMTP_URL, or `options.mailer` to hold or fail mail in a test); `options.logStream` collects the log.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { mailer?: Mailer; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-test-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '1000',
    QR_CREATE_RATE_LIMIT: '1000',
    QR_DOWNLOAD_RATE_LIMIT: '1000',
    SIGNIN_RATE_LIMIT: '1000',
    SHARE_RATE_LIMIT: '1000',
    WRITE_RATE_LIMIT: '100000',
    SHARE_INVITES_PER_HOUR: '100000',
    FOLLOWS_PER_CHANNEL_PER_DAY: '100000',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://qr.test',
  };
  let database: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (testDb === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = await migratedPostgresTemplate(adminUrl);
    database = `${inject('databasePrefix')}_${newSchemaName('t')}`;
    await createDatabase(adminUrl, database, template);
    env.DATABASE_URL = databaseUrl(adminUrl, database);
  }
  const config = loadConfig({ ...env, ...overrides });
  if (!config.DATABASE_URL) fs.copyFileSync(await migratedSqliteTemplate(), config.sqliteFile);
  const db = createDb(config);
  const cleanUp = async () => {
    await db.close();
    if (database && adminUrl) await dropDatabase(adminUrl, database);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Nothing left to do on a copy of the template.
    await migrateToLatest(db);
    const { app, ctx, reads } = await buildApp({ config, db, ...options });
    return {
      app,
      ctx,
      reads,
      async close() {
        await app.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * A SQLite file migrated once per test process, which every test file's database starts as a copy
 * of: running the migrations took about half a second a file. Closed before it is copied, so the
 * file holds everything (no write-ahead log beside it).
 */
let sqliteTemplate: Promise<string> | undefined;

function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    // The run's folder (test/support/template-dir.ts) is removed when the run ends.
    const dir = path.join(inject('templateDir'), String(process.pid));
    fs.mkdirSync(dir);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      PUBLIC_URL: 'http://qr.test',
    });
    const db = createDb(config);
    await migrateToLatest(db);
    await db.close();
    return config.sqliteFile;
  })();
  return sqliteTemplate;
}

/**
 * The same on PostgreSQL: a database migrated once per test process, which each test file's
 * database is created from (`create database … template`). Every database of the run carries the
 * run's prefix, and the run's end drops any left (test/support/template-dir.ts).
 */
let postgresTemplate: Promise<string> | undefined;

function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `${inject('databasePrefix')}_template_${process.pid}`;
    await createDatabase(adminUrl, name);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: inject('templateDir'),
      PUBLIC_URL: 'http://qr.test',
      DATABASE_URL: databaseUrl(adminUrl, name),
    });
    const db = createDb(config);
    await migrateToLatest(db);
    // No session may stay connected to a template while a database is created from it.
    await db.close();
    return name;
  })();
  return postgresTemplate;
}

/**
 * Drops a test file's database once its connections are gone: a closed pool's last connections
 * may still be ending for a few milliseconds, and forcing them off would make their ending fail
 * in this process. One still held after a second is left to the run's end, which drops it.
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await adminQuery(adminUrl, `drop database ${name}`);
      return;
    } catch (error) {
      // 55006: the database is being accessed by other users.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** `url` naming database `name` instead. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Kysely's migrator lists the tables of every schema in the database; a schema dropped by another
 * test file in the middle of that listing fails it ("relation … does not exist"). Migrations and
 * drops therefore take turns under one advisory lock.
 */
const SCHEMA_LOCK_KEY = 7_262_031;

/** A schema name no other test run uses (`drop schema … cascade` under withSchemaLock removes it). */
export function newSchemaName(label: string): string {
  return `${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
}

export async function withSchemaLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.end(); // ending the session releases the lock
  }
}

/**
 * Runs a test's own schema change (a migration run down and up) in turn with the other test files'
 * migrations: a column dropped while another file's migrator lists every schema's tables fails
 * that listing ("column … of relation … does not exist").
 */
export async function asSchemaChange<T>(t: TestApp, work: () => Promise<T>): Promise<T> {
  const url = t.ctx.config.DATABASE_URL;
  return url ? withSchemaLock(url, () => work()) : work();
}

/**
 * A test database (a copy of `template` when given) whose commits do not wait for the disk
 * (synchronous_commit off, a setting of this database only): a commit cost about 3 ms on a busy
 * machine, 1 ms without the wait. Only a crash of PostgreSQL itself could lose the last commits, and
 * no test makes one; a server killed by a test loses nothing it committed.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  await adminQuery(adminUrl, `alter database ${name} set synchronous_commit = off`);
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
