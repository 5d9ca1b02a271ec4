import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { signUp } from '../../src/modules/auth/sign-up';
import { claimJob, failJob } from '../../src/platform/jobs/job-store';
import { Jobs, type JobsOptions } from '../../src/platform/jobs/jobs';
import { createTestApp, type TestApp } from '../helpers/app';
import { uniqueEmail } from '../helpers/factories';
import { mailsTo } from '../helpers/mailbox';

/**
 * The durable job seam (platform/jobs/jobs.ts) on this project's database: enqueueing by key, one
 * claim per job across runners, retries with backoff, failure after the last attempt, and a job
 * whose claimant died taken again after the lease. Each test uses kinds of its own.
 */
let t: TestApp;
let kindNo = 0;
const newKind = () => `test.kind-${++kindNo}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The payloads of this file's own kinds. */
type TestJobs = { [kind: string]: { n?: number } };
const runner = (options: JobsOptions = {}, db: Db = t.ctx.db) => new Jobs<TestJobs>(db, t.ctx.log, options);

async function row(kind: string, key?: string) {
  let query = t.ctx.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', kind);
  if (key) query = query.where('key', '=', key);
  const found = await query.executeTakeFirst();
  if (!found) throw new Error(`no job of ${kind}`);
  return found;
}

/** Makes the job due now, as if its backoff had passed. */
async function makeDue(kind: string) {
  await t.ctx.db.kysely.updateTable('jobs').set({ run_after: Date.now() }).where('kind', '=', kind).execute();
}

describe('enqueue', () => {
  it('is one job per kind and key, also after the job ran', async () => {
    const kind = newKind();
    const jobs = runner();
    const seen: unknown[] = [];
    jobs.register(kind, async (payload) => {
      seen.push(payload.n);
    });
    expect(await jobs.enqueue({ kind, key: 'k1', payload: { n: 1 } })).toBe(true);
    expect(await jobs.enqueue({ kind, key: 'k1', payload: { n: 2 } })).toBe(false);
    await jobs.drain();
    expect(seen).toEqual([1]);
    expect(await jobs.enqueue({ kind, key: 'k1', payload: { n: 3 } })).toBe(false);
    await jobs.drain();
    expect(seen).toEqual([1]);
    const done = await row(kind, 'k1');
    expect(done).toMatchObject({ state: 'done', attempts: 1, payload: '{}' });
  });

  it('a job enqueued in a transaction that rolls back does not exist', async () => {
    const kind = newKind();
    const jobs = runner();
    await t.ctx.db.kysely
      .transaction()
      .execute(async (trx) => {
        await jobs.enqueue({ kind, key: 'gone', payload: {} }, trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const rows = await t.ctx.db.kysely.selectFrom('jobs').select('id').where('kind', '=', kind).execute();
    expect(rows).toEqual([]);
  });
});

describe('claims', () => {
  it('two runners on two connections never run one job twice', async () => {
    const kind = newKind();
    const other = createDb(t.ctx.config, 4);
    try {
      const ran = new Map<number, string[]>();
      const make = (name: string, db: Db) => {
        const jobs = runner({ concurrency: 3 }, db);
        jobs.register(kind, async ({ n = -1 }) => {
          ran.set(n, [...(ran.get(n) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, 2));
        });
        return jobs;
      };
      const a = make('a', t.ctx.db);
      const b = make('b', other);
      for (let n = 0; n < 40; n++) await a.enqueue({ kind, key: String(n), payload: { n } });
      await Promise.all([a.drain(), b.drain()]);
      expect([...ran.keys()].sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
      for (const [n, by] of ran) expect({ n, by: by.length }).toEqual({ n, by: 1 });
      const states = await t.ctx.db.kysely
        .selectFrom('jobs')
        .select(['state', 'attempts'])
        .where('kind', '=', kind)
        .execute();
      expect(states.every((s) => s.state === 'done' && s.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('a job whose claimant died is taken again after the lease, and the dead claim cannot finish it', async () => {
    const kind = newKind();
    const jobs = runner({ leaseMs: 200 });
    let runs = 0;
    jobs.register(kind, async () => {
      runs++;
    });
    await jobs.enqueue({ kind, key: 'lease', payload: {} });
    // Another process claims it and dies before finishing.
    const dead = await claimJob(t.ctx.db, [kind], 200);
    expect(dead?.attempts).toBe(1);
    await jobs.drain();
    expect(runs).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await jobs.drain();
    expect(runs).toBe(1);
    expect(await row(kind)).toMatchObject({ state: 'done', attempts: 2 });
    // The dead claim's late failure report changes nothing.
    if (dead) await failJob(t.ctx.db, dead, 'late', null);
    expect(await row(kind)).toMatchObject({ state: 'done', last_error: null });
  });
});

describe('failures', () => {
  it('are retried with exponential backoff and failed after the last attempt', async () => {
    const kind = newKind();
    const jobs = runner({ backoffMs: 1000 });
    let calls = 0;
    jobs.register(kind, async () => {
      calls++;
      throw new Error(`relay down ${calls}`);
    });
    await jobs.enqueue({ kind, key: 'failing', payload: {}, maxAttempts: 3 });

    for (const [attempt, wait] of [
      [1, 1000],
      [2, 2000],
    ] as const) {
      const before = Date.now();
      await jobs.drain();
      const after = Date.now();
      const job = await row(kind);
      expect(job).toMatchObject({ state: 'pending', attempts: attempt, last_error: `relay down ${attempt}` });
      expect(job.run_after).toBeGreaterThanOrEqual(before + wait);
      expect(job.run_after).toBeLessThanOrEqual(after + wait);
      // Not due yet: draining again does not run it.
      await jobs.drain();
      expect(calls).toBe(attempt);
      await makeDue(kind);
    }
    await jobs.drain();
    expect(calls).toBe(3);
    const failed = await row(kind);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, last_error: 'relay down 3' });
    expect(failed.finished_at).not.toBeNull();
    await makeDue(kind);
    await jobs.drain();
    expect(calls).toBe(3);
  });

  it('a job claimed past its last attempt by a process that died is failed, not run', async () => {
    const kind = newKind();
    const jobs = runner({ leaseMs: 50 });
    let runs = 0;
    jobs.register(kind, async () => {
      runs++;
    });
    await jobs.enqueue({ kind, key: 'last', payload: {}, maxAttempts: 1 });
    expect(await claimJob(t.ctx.db, [kind], 50)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 80));
    await jobs.drain();
    expect(runs).toBe(0);
    expect(await row(kind)).toMatchObject({ state: 'failed', attempts: 2 });
  });
});

describe('recurring work', () => {
  it('runs once a period, keyed by the period, and queues the next', async () => {
    const kind = newKind();
    const period = 3_600_000;
    const runs: number[] = [];
    const start = async () => {
      const jobs = runner();
      jobs.every(kind, period, async () => {
        runs.push(Date.now());
      });
      jobs.start();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await jobs.stop();
    };
    await start();
    // A restart in the same hour does not run it again.
    await start();
    expect(runs).toHaveLength(1);
    const now = Math.floor(Date.now() / period);
    const rows = await t.ctx.db.kysely
      .selectFrom('jobs')
      .select(['key', 'state', 'run_after'])
      .where('kind', '=', kind)
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: String(now), state: 'done', run_after: expect.any(Number) },
      { key: String(now + 1), state: 'pending', run_after: (now + 1) * period },
    ]);
  });
});

describe('sweeps', () => {
  it('asked during a run, a sweep runs once more after it: what was written meanwhile is seen', async () => {
    const jobs = runner();
    const rows: string[] = [];
    const seen: string[][] = [];
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let first = true;
    jobs.sweep('test.sweep', 3_600_000, async () => {
      // The run looks at the rows, then takes its time (a slow send).
      seen.push([...rows]);
      if (first) {
        first = false;
        await held;
      }
    });
    rows.push('a');
    const running = jobs.runSweep('test.sweep');
    // Written while the first run is under way, then asked for twice: one more run sees it.
    rows.push('b');
    const asked = [jobs.runSweep('test.sweep'), jobs.drain()];
    letGo();
    await Promise.all([running, ...asked]);
    expect(seen).toEqual([['a'], ['a', 'b']]);
    // Nothing under way: one run.
    await jobs.drain();
    expect(seen).toHaveLength(3);
  });
});

describe('a mail job keyed by the work that wrote it', () => {
  it('a sign-up job run again (retried after it queued its mail) sends one mail', async () => {
    const email = uniqueEmail('retried');
    const job = { id: 0, kind: 'auth.sign-up', key: `retried-${Date.now()}`, attempts: 1 };
    await signUp(t.ctx, { email, locale: 'ja', carryOverKey: null }, job);
    await signUp(t.ctx, { email, locale: 'ja', carryOverKey: null }, { ...job, attempts: 2 });
    await t.ctx.jobs.drain();
    expect(await mailsTo(t.app, email)).toHaveLength(1);
  });
});
