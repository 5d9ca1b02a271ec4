import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import { q } from '../../db/queryable';
import type { Database, JobsTable } from '../../db/schema';
import { waitingForWriteLock } from '../../db/write-lock-wait';

/** All SQL of the jobs table (platform/jobs/jobs.ts runs it). */

export type JobRow = {
  [K in keyof JobsTable]: K extends 'id' ? number : JobsTable[K];
};

export interface NewJob {
  kind: string;
  key: string;
  payload: unknown;
  runAfter: number;
  maxAttempts: number;
}

/** Inserts the job unless one of the same kind and key exists (in any state): enqueueing twice is one job. */
export async function insertJob(db: Db, job: NewJob, trx?: Transaction<Database>): Promise<boolean> {
  const result = await q(db, trx)
    .insertInto('jobs')
    .values({
      kind: job.kind,
      key: job.key,
      payload: JSON.stringify(job.payload ?? null),
      state: 'pending',
      run_after: job.runAfter,
      attempts: 0,
      max_attempts: job.maxAttempts,
      created_at: Date.now(),
    })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes the oldest due job of `kinds` in one statement: pending and due, or running with its lease
 * run out (its process died). PostgreSQL skips rows another runner is taking (`FOR UPDATE SKIP
 * LOCKED`); SQLite takes the write lock before the statement reads, so two runners never get one row,
 * and while another connection keeps that lock, the claim waits for it (write-lock-wait.ts).
 * The new `locked_until` is the claim's fence: only the claimant can finish the job.
 */
export async function claimJob(db: Db, kinds: string[], leaseMs: number): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const now = Date.now();
  let due = db.kysely
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('run_after', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('locked_until', '<=', now)]),
      ]),
    )
    .orderBy('run_after')
    .orderBy('id')
    .limit(1);
  // A read first: most polls find nothing and should not take SQLite's write lock.
  if (!(await due.executeTakeFirst())) return undefined;
  if (dialectSql(db.dialect).rowLocks) due = due.forUpdate().skipLocked();
  const row = await waitingForWriteLock(() =>
    db.kysely
      .updateTable('jobs')
      .set({ state: 'running', attempts: sql`attempts + 1`, locked_until: now + leaseMs })
      .where('id', '=', due)
      .returningAll()
      .executeTakeFirst(),
  );
  return row as JobRow | undefined;
}

/** The claim `job` still holds the row (its lease was not taken over). */
function held(db: Db, job: JobRow, trx?: Transaction<Database>) {
  return q(db, trx)
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('locked_until', '=', job.locked_until);
}

/** Done: the payload (which may hold one-time links) is dropped, the key stays to refuse a repeat. */
export async function completeJob(db: Db, job: JobRow, trx?: Transaction<Database>): Promise<void> {
  await held(db, job, trx)
    .set({ state: 'done', payload: '{}', locked_until: null, finished_at: Date.now() })
    .execute();
}

/** A failed attempt: again at `retryAt`, or failed for good when it is null. */
export async function failJob(db: Db, job: JobRow, error: string, retryAt: number | null): Promise<void> {
  const set =
    retryAt === null
      ? { state: 'failed' as const, finished_at: Date.now() }
      : { state: 'pending' as const, run_after: retryAt };
  await held(db, job)
    .set({ ...set, locked_until: null, last_error: error.slice(0, 2000) })
    .execute();
}

/** Jobs not finished (pending or running), optionally of one state. */
export async function countJobs(db: Db, state?: 'pending' | 'running'): Promise<number> {
  let query = db.kysely.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n'));
  query = state ? query.where('state', '=', state) : query.where('state', 'in', ['pending', 'running']);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/**
 * Jobs not done, by state, for /metrics: a range of the `jobs_due` index (state, run_after), never
 * the done rows kept for a week.
 */
export async function countOpenJobsByState(
  db: Db,
): Promise<Record<'pending' | 'running' | 'failed', number>> {
  const rows = await db.kysely
    .selectFrom('jobs')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['pending', 'running', 'failed'])
    .groupBy('state')
    .execute();
  const counts = { pending: 0, running: 0, failed: 0 };
  for (const r of rows) if (r.state in counts) counts[r.state as keyof typeof counts] = Number(r.n);
  return counts;
}

/** When the longest-waiting due pending job became due (unix ms), or null: one step of `jobs_due`. */
export async function oldestDuePendingAt(db: Db, now: number): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('jobs')
    .select('run_after')
    .where('state', '=', 'pending')
    .where('run_after', '<=', now)
    .orderBy('run_after')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.run_after) : null;
}

/** What `npm run jobs` shows: every failed, pending and running job, by state, then due time. */
export async function listOpenJobs(db: Db, limit: number) {
  return db.kysely
    .selectFrom('jobs')
    .select(['id', 'kind', 'key', 'state', 'attempts', 'max_attempts', 'run_after', 'last_error'])
    .where('state', 'in', ['pending', 'running', 'failed'])
    .orderBy('state')
    .orderBy('run_after')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Finished jobs are kept a while (their keys refuse repeats), then dropped. */
export async function deleteFinishedJobs(db: Db, doneBefore: number, failedBefore: number): Promise<void> {
  await db.kysely
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finished_at', '<', doneBefore)]),
        eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', failedBefore)]),
      ]),
    )
    .execute();
}
