import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type OpenQuota, quotaOpener } from '../../src/platform/cluster/quota';
import { redisTestsRun, testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';

const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
const limits = { max: 5, windowMs: 60_000 };

/** The same rules whichever store counts: amounts, whole refusals, keys and names kept apart. */
async function checkRules(open: () => OpenQuota) {
  const a = open()('mails', limits);
  const b = open()('mails', limits);
  expect(await a.take('member-1', 3)).toEqual({ ok: true });
  // Counted together (two processes on one Redis, or one process): 3 more do not fit, none taken.
  const refused = await b.take('member-1', 3);
  expect(refused.ok).toBe(false);
  if (!refused.ok) {
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  }
  expect(await b.take('member-1', 2)).toEqual({ ok: true });
  expect((await a.take('member-1', 1)).ok).toBe(false);
  expect(await a.take('member-2', 5)).toEqual({ ok: true });
  expect(await open()('other', limits).take('member-1', 5)).toEqual({ ok: true });
}

describe('in-process quota', () => {
  it('takes amounts until the budget is spent and refuses what does not fit, whole', async () => {
    const opener = quotaOpener(undefined, 'test:', log);
    await checkRules(() => opener);
  });

  it('starts a new window once the old one has passed', async () => {
    vi.useFakeTimers();
    try {
      const quota = quotaOpener(undefined, 'test:', log)('mails', limits);
      expect(await quota.take('m', 5)).toEqual({ ok: true });
      expect((await quota.take('m', 1)).ok).toBe(false);
      vi.advanceTimersByTime(60_001);
      expect(await quota.take('m', 5)).toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(redisTestsRun)('Redis quota (needs Redis; runs when TEST_DATABASE_URL is set)', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('counts in one key for every process', async () => {
    const prefix = uniqueRedisPrefix('quota');
    await checkRules(() => {
      const client = new Redis(testRedisUrl);
      clients.push(client);
      return quotaOpener(client, prefix, log);
    });
  });
});
