import { defineConfig } from 'vitest/config';
import { databaseFreeTests } from './test/support/database-free';

/**
 * The API suite runs in-process (`app.inject`) on a fresh SQLite file per test file, and the same
 * files again on PostgreSQL when TEST_DATABASE_URL is set (each file gets its own database), each a
 * copy of a database migrated once per test process.
 * Each file builds its own app and database, so a worker keeps its imported modules from one file
 * to the next (`isolate: false`): importing the whole app took ~2 s a file, most of the suite.
 * Files that never reach a database (the module seams, pure logic, Redis) run once, on SQLite.
 * Three files at a time on two cores: the suite spends much of its time waiting (on PostgreSQL's
 * disk, on killed processes' leases running out), and two at a time kept the cores half idle
 * (276 s against 232 s at rest; four at a time, 213 s, loaded the timed multi-process tests more).
 */
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/template-dir.ts'],
    pool: 'forks',
    maxWorkers: 3,
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'api-sqlite', env: { TEST_DB: 'sqlite' } } },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                env: { TEST_DB: 'postgres' },
                exclude: databaseFreeTests(import.meta.dirname),
              },
            },
          ]
        : []),
    ],
  },
});
