import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { randomToken } from '../core/crypto';
import type { JobPayloads } from './job-kinds';
import {
  claimJob,
  completeJob,
  countJobs,
  countOpenJobsByState,
  deleteFinishedJobs,
  failJob,
  insertJob,
  type JobRow,
  oldestDuePendingAt,
} from './job-store';

/** What a handler learns of its job besides the payload: the key names the work for follow-up jobs. */
export interface JobInfo {
  id: number;
  kind: string;
  key: string;
  attempts: number;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

export interface EnqueueOptions<K, P> {
  kind: K;
  payload: P;
  /** Same kind and key = same work: enqueued once, however often asked. Random when left out. */
  key?: string;
  /** Unix ms; now when left out. */
  runAfter?: number;
  maxAttempts?: number;
}

export interface JobsOptions {
  /** How often the runner looks for due jobs it was not woken for (other processes', retries). */
  pollMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How long a claim lasts: a job claimed by a process that died is taken again after it. */
  leaseMs?: number;
  /** The first retry waits this long, each next one twice as long (at most an hour). */
  backoffMs?: number;
}

const HOUR = 3_600_000;

interface Sweep {
  periodMs: number;
  work: () => Promise<unknown>;
  running: Promise<void> | null;
  /** The run that follows the one under way, for those who asked while it ran. */
  next: Promise<void> | null;
  timer: NodeJS.Timeout | undefined;
}
const DEFAULT_MAX_ATTEMPTS = 8;
/** How long a stop runs the jobs due then (main.ts must end within 10 s). */
const STOP_DRAIN_MS = 3_000;

/**
 * Durable background work: a job is a row of `jobs` (job-store.ts), enqueued by the module that
 * causes the work (inside its transaction when it has one), claimed atomically, run by the handler
 * its module registered, retried with exponential backoff, failed after its last attempt and listed
 * by `npm run jobs`. main.ts starts the runner; tests and /dev/mailbox run due jobs with drain().
 */
/** Typed by a list of job kinds and their payloads: the product's (job-kinds.ts), or a test's own. */
export class Jobs<Payloads extends object = JobPayloads> {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly recurring = new Map<string, number>();
  private readonly sweeps = new Map<string, Sweep>();
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly backoffMs: number;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | null = null;
  private again = false;
  /** Set by stop(): after this time no job is claimed and no sweep begins. */
  private stopBy: number | undefined;
  /** Attempts this process ran since start, by how they ended (for /metrics). */
  readonly outcomes = { done: 0, retry: 0, failed: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: JobsOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 2000;
    this.concurrency = options.concurrency ?? 2;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.backoffMs = options.backoffMs ?? 10_000;
    this.every('jobs.housekeeping', HOUR, () =>
      deleteFinishedJobs(this.db, Date.now() - 7 * 24 * HOUR, Date.now() - 30 * 24 * HOUR),
    );
  }

  /**
   * Registers the handler of `kind` (name it `module.what`); only kinds registered here are claimed
   * here. A module built again (tests do) replaces its handler.
   */
  register<K extends keyof Payloads & string>(kind: K, handler: JobHandler<Payloads[K]>): void {
    this.handlers.set(kind, handler as JobHandler<unknown>);
  }

  /**
   * Work to do every `periodMs` (housekeeping): one job a period, keyed by the period, so several
   * processes and restarts run it once; each run enqueues the next period's.
   */
  every(kind: string, periodMs: number, work: () => Promise<void>): void {
    this.recurring.set(kind, periodMs);
    this.handlers.set(kind, async (payload) => {
      const { period } = payload as { period: number };
      // The next period's first, so a failing run does not end the series.
      await this.enqueuePeriod(kind, periodMs, period + 1);
      await work();
    });
  }

  /**
   * Work every process does every `periodMs` while the runner runs, for work whose rows are their
   * own durable queue (reserved messages: due by their time, claimed atomically by the work
   * itself). No job row and no lease: what a dead process held was a transaction, rolled back, so
   * the next sweep of any process takes it. One run at a time per process (asked during a run, it runs
   * once more after it); drain() runs each once.
   */
  sweep(name: string, periodMs: number, work: () => Promise<unknown>): void {
    const old = this.sweeps.get(name);
    if (old) clearTimeout(old.timer);
    const sweep: Sweep = { periodMs, work, running: null, next: null, timer: undefined };
    this.sweeps.set(name, sweep);
    if (this.started) this.scheduleSweep(sweep, 0);
  }

  /** Runs a sweep now (a message reserved to go at once) rather than at its next period. */
  async runSweep(name: string): Promise<void> {
    const sweep = this.sweeps.get(name);
    if (sweep) await this.runOnce(sweep, name);
  }

  private scheduleSweep(sweep: Sweep, delayMs: number): void {
    clearTimeout(sweep.timer);
    sweep.timer = setTimeout(() => {
      if (!this.started) return;
      const name = [...this.sweeps].find(([, s]) => s === sweep)?.[0] ?? 'sweep';
      void this.runOnce(sweep, name).finally(() => {
        if (this.started && this.sweeps.get(name) === sweep) this.scheduleSweep(sweep, sweep.periodMs);
      });
    }, delayMs);
  }

  private runOnce(sweep: Sweep, name: string): Promise<void> {
    // A run under way may have looked before the caller's write (a message reserved to go now,
    // saved while the last one was being sent): one more run follows it, shared by everyone who
    // asks meanwhile. Waiting for the run under way alone left that message for the next period.
    if (sweep.running) {
      sweep.next ??= sweep.running.then(() => {
        sweep.next = null;
        return this.runOnce(sweep, name);
      });
      return sweep.next;
    }
    sweep.running = sweep
      .work()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err, sweep: name }, 'sweep failed'))
      .finally(() => {
        sweep.running = null;
      });
    return sweep.running;
  }

  /**
   * Stores a job; with `trx` it exists when that transaction commits (call wake() after the commit).
   * Returns false when a job of that kind and key already exists.
   */
  enqueue<K extends keyof Payloads & string>(
    job: EnqueueOptions<K, Payloads[K]>,
    trx?: Transaction<Database>,
  ): Promise<boolean> {
    return this.insert(job, trx);
  }

  private async insert(job: EnqueueOptions<string, unknown>, trx?: Transaction<Database>): Promise<boolean> {
    const added = await insertJob(
      this.db,
      {
        kind: job.kind,
        key: job.key ?? randomToken(16),
        payload: job.payload,
        runAfter: job.runAfter ?? Date.now(),
        maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      },
      trx,
    );
    if (!trx) this.wake();
    return added;
  }

  /** A started runner looks for due jobs now rather than at its next poll. */
  wake(): void {
    if (this.started) void this.tick();
  }

  /** Starts polling after `delayMs` (a test aid; 0 in production) and schedules the recurring jobs. */
  start(delayMs = 0): void {
    if (this.started || this.timer) return;
    this.timer = setTimeout(() => {
      this.started = true;
      for (const sweep of this.sweeps.values()) this.scheduleSweep(sweep, 0);
      void this.startRecurring().then(() => this.poll());
    }, delayMs);
  }

  /**
   * True once stop() was called: a sweep whose work goes on by itself (pushes, batch after batch)
   * finishes what it claimed and claims no more.
   */
  get stopping(): boolean {
    return this.stopBy !== undefined;
  }

  /**
   * Stops polling and lets the work in flight finish; then runs what is due now (a graceful
   * shutdown sends queued mail) for up to `drainMs`, after which nothing more is claimed: the rest
   * waits for the next start or another process, as after a crash (every claim is crash-safe).
   */
  async stop(drainMs = STOP_DRAIN_MS): Promise<void> {
    this.started = false;
    this.stopBy = Date.now() + drainMs;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const sweep of this.sweeps.values()) clearTimeout(sweep.timer);
    await Promise.all([...this.sweeps.values()].map((s) => s.running));
    await this.drain();
  }

  /** Runs every job that is due, also those enqueued meanwhile, until none is (retries wait for their time). */
  async drain(): Promise<void> {
    for (const [name, sweep] of this.sweeps) if (!this.outOfTime()) await this.runOnce(sweep, name);
    await this.tick();
  }

  private outOfTime(): boolean {
    return this.stopBy !== undefined && Date.now() > this.stopBy;
  }

  /** Jobs not finished: pending or running (of any process). */
  unfinished(state?: 'pending' | 'running'): Promise<number> {
    return countJobs(this.db, state);
  }

  /** Jobs not done, by state (failed ones are kept 30 days). */
  openByState(): Promise<Record<'pending' | 'running' | 'failed', number>> {
    return countOpenJobsByState(this.db);
  }

  /** How long the longest-waiting due job has waited, in ms (0 when none is due). */
  async oldestDueWaitMs(now = Date.now()): Promise<number> {
    const dueAt = await oldestDuePendingAt(this.db, now);
    return dueAt === null ? 0 : now - dueAt;
  }

  private poll(): void {
    if (!this.started) return;
    void this.tick().finally(() => {
      if (this.started) this.timer = setTimeout(() => this.poll(), this.pollMs);
    });
  }

  private async startRecurring(): Promise<void> {
    for (const [kind, periodMs] of this.recurring) {
      await this.enqueuePeriod(kind, periodMs, Math.floor(Date.now() / periodMs)).catch((err: unknown) =>
        this.log.error({ err, kind }, 'recurring job not scheduled'),
      );
    }
  }

  private async enqueuePeriod(kind: string, periodMs: number, period: number): Promise<void> {
    const runAfter = Math.max(Date.now(), period * periodMs);
    await this.insert({ kind, key: String(period), payload: { period }, runAfter, maxAttempts: 3 });
  }

  /** One pump at a time; a tick during a pump makes it look once more when it ends. */
  private tick(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        await Promise.all(Array.from({ length: this.concurrency }, () => this.worker()));
      } while (this.again);
    })().finally(() => {
      this.pumping = null;
    });
    return this.pumping;
  }

  private async worker(): Promise<void> {
    for (;;) {
      if (this.outOfTime()) return;
      let job: JobRow | undefined;
      try {
        job = await claimJob(this.db, [...this.handlers.keys()], this.leaseMs);
      } catch (err) {
        this.log.error({ err }, 'claiming a job failed');
        return;
      }
      if (!job) return;
      await this.execute(job);
    }
  }

  private async execute(job: JobRow): Promise<void> {
    const context = { job: job.id, kind: job.kind, key: job.key, attempt: job.attempts };
    try {
      // A process that died holding it used an attempt; past the last one it is not run again.
      if (job.attempts > job.max_attempts) throw new Error('lease ran out on the last attempt');
      const handler = this.handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const info = { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts };
      await handler(JSON.parse(job.payload), info);
      await completeJob(this.db, job);
      this.outcomes.done++;
    } catch (err) {
      const last = job.attempts >= job.max_attempts;
      this.outcomes[last ? 'failed' : 'retry']++;
      const retryAt = last ? null : Date.now() + Math.min(HOUR, this.backoffMs * 2 ** (job.attempts - 1));
      this.log.error({ err, ...context, retryAt }, last ? 'job failed for good' : 'job failed, will retry');
      await failJob(this.db, job, String((err as Error)?.message ?? err), retryAt).catch((e: unknown) =>
        this.log.error({ err: e, ...context }, 'recording a job failure failed'),
      );
    }
  }
}
