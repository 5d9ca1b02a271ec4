/**
 * Redis for the tests that need one: CI runs it on this machine beside PostgreSQL, so these tests
 * run whenever TEST_DATABASE_URL (or TEST_REDIS_URL) is set, and are skipped in a local run without them.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const redisTestsRun = Boolean(process.env.TEST_REDIS_URL || process.env.TEST_DATABASE_URL);

/** A key and channel prefix no other test run uses, so parallel runs on one Redis do not meet. */
export function uniqueRedisPrefix(label: string): string {
  return `qrqr-test:${label}:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}:`;
}
