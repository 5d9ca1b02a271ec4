import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../../src/config';
import { createDb, type Db } from '../../src/db/client';
import { createDatabase, databaseUrl, dropDatabase, newSchemaName, testDb } from './app';

export interface BareDatabase {
  config: Config;
  /** Not migrated: the test runs the migrations it wants (db/migrate.ts `through`, `append`). */
  db: Db;
  close(): Promise<void>;
}

/**
 * An empty database of the project's dialect, for tests of the migrations themselves (every other
 * test starts from a copy of one migrated to today, helpers/app.ts): a SQLite file of its own, or
 * a PostgreSQL database of its own under the run's prefix, so the run's end drops it if we do not.
 * `config` is the one buildApp would take on it.
 */
export async function bareDatabase(): Promise<BareDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-bare-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://qr.test',
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: string | undefined;
  if (testDb === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    database = `${inject('databasePrefix')}_${newSchemaName('bare')}`;
    await createDatabase(adminUrl, database);
    env.DATABASE_URL = databaseUrl(adminUrl, database);
  }
  const config = loadConfig(env);
  const db = createDb(config);
  return {
    config,
    db,
    async close() {
      await db.close();
      if (database && adminUrl) await dropDatabase(adminUrl, database);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
