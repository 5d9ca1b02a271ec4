import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_WAIT_LIMIT_MS } from '../../src/platform/metrics/health';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * /api/health stays one cheap query for load balancers; /api/health?deep=1 (for loopback peers and
 * METRICS_TOKEN holders, an unknown path to anyone else) also checks the job queue, the read buffer
 * and the free disk, and answers 503 with the reasons when one is past its limit.
 */

const TOKEN = 'health-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t?.close());

const deep = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${api.health}?deep=1`, remoteAddress, headers });

describe('/api/health', () => {
  it('plain: the database only, for anyone', async () => {
    const res = await t.app.inject({ url: api.health, remoteAddress: '203.0.113.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: { code: expect.any(String), message: 'OK' },
      database: 'ok',
      dialect: t.ctx.db.dialect,
    });
  });

  it('deep: 200 with every check when none is past its limit', async () => {
    const res = await deep();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ database: 'ok', reasons: [], jobs: { oldest_due_seconds: 0 } });
    expect(body.reads).toEqual({ pending: expect.any(Number), bound: expect.any(Number) });
    if (t.ctx.db.dialect === 'sqlite') expect(body.disk.free_bytes).toBeGreaterThan(0);
    else expect(body.disk).toBeNull();
  });

  it('deep: on PostgreSQL, a DATA_DIR that does not exist is no failure (nothing is written there)', async () => {
    if (t.ctx.db.dialect === 'sqlite') return;
    const other = await createTestApp({ METRICS_TOKEN: TOKEN, DATA_DIR: '/nonexistent/qrqr-data' });
    try {
      const res = await other.app.inject({ url: `${api.health}?deep=1`, remoteAddress: '127.0.0.1' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ reasons: [], disk: null });
    } finally {
      await other.close();
    }
  });

  it('deep: an unknown path for a remote peer, answered with the token', async () => {
    const remote = await deep('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' });
    const unknown = await t.app.inject({ url: '/api/no-such-call', remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).toBe(unknown.body);
    expect((await deep('203.0.113.5', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(
      404,
    );
    expect((await deep('203.0.113.5', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });

  it('deep: 503 naming the job queue when a due job has waited past the limit', async () => {
    const longAgo = Date.now() - JOB_WAIT_LIMIT_MS - 60_000;
    await t.ctx.db.kysely
      .insertInto('jobs')
      .values({
        kind: 'test.stale',
        key: 'stale',
        payload: '{}',
        state: 'pending',
        run_after: longAgo,
        attempts: 0,
        max_attempts: 1,
        created_at: longAgo,
      })
      .execute();
    try {
      const res = await deep();
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.status.code).toBe('E-503');
      expect(body.reasons).toEqual([expect.stringMatching(/^jobs: the oldest due job has waited \d+ s/)]);
      // The plain check stays cheap and says nothing of it.
      expect((await t.app.inject({ url: api.health })).statusCode).toBe(200);
      // /metrics shows the same wait.
      const metrics = await t.app.inject({ url: '/metrics' });
      expect(metrics.body).toMatch(/qrqr_jobs_oldest_due_seconds (\d+)/);
      expect(Number(/qrqr_jobs_oldest_due_seconds (\d+)/.exec(metrics.body)?.[1])).toBeGreaterThan(
        JOB_WAIT_LIMIT_MS / 1000,
      );
    } finally {
      await t.ctx.db.kysely.deleteFrom('jobs').where('kind', '=', 'test.stale').execute();
    }
    expect((await deep()).statusCode).toBe(200);
  });

  it('deep: 503 naming the read buffer when it holds more than half its bound', async () => {
    const real = t.ctx.metrics.readBuffer;
    t.ctx.metrics.watchReads({
      totals: { recorded: 150_000, written: 0, dropped: 0 },
      pendingCount: 150_000,
      bound: 200_000,
    });
    try {
      const res = await deep();
      expect(res.statusCode).toBe(503);
      expect(res.json().reasons).toEqual(['reads: 150000 scans wait in the read buffer (limit 100000)']);
    } finally {
      if (real) t.ctx.metrics.watchReads(real);
    }
    expect((await deep()).statusCode).toBe(200);
  });
});
