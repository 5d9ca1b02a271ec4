import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test process keeps its migrated SQLite template (test/helpers/app.ts). */
    templateDir: string;
    /** The prefix of every PostgreSQL database the run creates (its templates and test files'). */
    databasePrefix: string;
  }
}

/**
 * One folder for the run's template databases, and one name prefix for its PostgreSQL databases:
 * when the run ends, the folder goes, and so does any database a killed test process left.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-templates-'));
  const prefix = `qrqr_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  project.provide('templateDir', dir);
  project.provide('databasePrefix', prefix);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const left = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of left.rows) await client.query(`drop database ${datname} with (force)`);
    } finally {
      await client.end();
    }
  };
}
