import { defineConfig } from 'vitest/config';

/**
 * The API suite runs in-process (`app.inject`) on a fresh SQLite file per test file, and the same
 * files again on PostgreSQL when TEST_DATABASE_URL is set (each file gets its own schema).
 */
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'api-sqlite', env: { TEST_DB: 'sqlite' } } },
      ...(postgres
        ? [{ extends: true as const, test: { name: 'api-postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
