import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client';
import type { Jobs } from '../jobs/jobs';
import type { CostlyWork } from '../media/costly-work';
import { registerProcessMetrics } from './process-metrics';

/** What /metrics and the deep health check read of the QR module's read buffer (its ReadRecorder). */
export interface ReadBuffer {
  readonly totals: { recorded: number; written: number; dropped: number };
  readonly pendingCount: number;
  readonly bound: number;
}

export interface MetricSources {
  db: Db;
  jobs: Jobs;
  /** The costly-work gates by name (renders, uploads…): running and waiting at scrape time. */
  gates: Record<string, CostlyWork>;
}

/**
 * The service's Prometheus families, one registry per app (tests build many in one process). Gauges
 * are read from the components at scrape time; counters only where an event happens (requests,
 * message sends, pushes). Labels are route patterns, methods, states and outcomes: never a path, an
 * address or anything a person typed. On SQLite every query runs on the main thread, so a scrape
 * runs two: jobs by state and the oldest due job, both ranges of the `jobs_due` index.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'qrqr_http_requests_total',
    help: 'Answered requests by method, route pattern and status class (/r/ scans answered before the router are counted as scans).',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });
  readonly requestDuration = new Histogram({
    name: 'qrqr_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** A message's delivery step (claim: the subscribed followers; rest: everyone else) done or failed. */
  readonly deliveries = new Counter({
    name: 'qrqr_message_delivery_steps_total',
    help: 'Message delivery steps by part (claim, rest) and outcome (done, failed: retried at the next sweep).',
    labelNames: ['part', 'outcome'] as const,
    registers: [this.registry],
  });
  /** Delivery pushes by the state written: accepted, gone, failed, retry, deferred (quiet hours). */
  readonly pushes = new Counter({
    name: 'qrqr_pushes_total',
    help: 'Pushes of deliveries by outcome: accepted, gone, failed, retry (tried again later), deferred (quiet hours).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private reads: ReadBuffer | undefined;

  constructor(sources: MetricSources) {
    const { registry } = this;
    registerProcessMetrics(registry);
    const { jobs, gates, db } = sources;
    const self = this;

    new Counter({
      name: 'qrqr_scans_total',
      help: 'Scans recorded, read rows written and reads dropped (buffer full) since start.',
      labelNames: ['event'] as const,
      registers: [registry],
      collect() {
        const totals = self.reads?.totals ?? { recorded: 0, written: 0, dropped: 0 };
        this.reset();
        this.inc({ event: 'recorded' }, totals.recorded);
        this.inc({ event: 'written' }, totals.written);
        this.inc({ event: 'dropped' }, totals.dropped);
      },
    });
    new Gauge({
      name: 'qrqr_scans_pending',
      help: 'Scans in the read buffer, not yet written.',
      registers: [registry],
      collect() {
        this.set(self.reads?.pendingCount ?? 0);
      },
    });
    new Gauge({
      name: 'qrqr_jobs',
      help: 'Background jobs not done, by state (of every process on this database).',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const counts = await jobs.openByState();
        for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'qrqr_jobs_oldest_due_seconds',
      help: 'How long the longest-waiting due job has waited (0 when none is due).',
      registers: [registry],
      async collect() {
        this.set((await jobs.oldestDueWaitMs()) / 1000);
      },
    });
    new Counter({
      name: 'qrqr_job_attempts_total',
      help: 'Job attempts this process ran since start, by outcome (done, retry, failed).',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [outcome, n] of Object.entries(jobs.outcomes)) this.inc({ outcome }, n);
      },
    });
    new Gauge({
      name: 'qrqr_work_queue',
      help: 'Costly work (renders, uploads, decodes, exports, counts) running and waiting for a slot.',
      labelNames: ['gate', 'state'] as const,
      registers: [registry],
      collect() {
        for (const [gate, work] of Object.entries(gates)) {
          const { running, waiting } = work.load;
          this.set({ gate, state: 'running' }, running);
          this.set({ gate, state: 'waiting' }, waiting);
        }
      },
    });
    new Gauge({
      name: 'qrqr_db_pool_connections',
      help: 'Database connections: max, open, idle and callers waiting for one (SQLite: one connection, max and open only).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = db.poolUse();
        for (const [state, n] of Object.entries(use)) this.set({ state }, n);
      },
    });
  }

  /** The read buffer counted from now on (the QR module makes it after the context). */
  watchReads(reads: ReadBuffer): void {
    this.reads = reads;
  }

  get readBuffer(): ReadBuffer | undefined {
    return this.reads;
  }

  /** Counts one answered request; `route` is the route's pattern, never the path asked for. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method: methodLabel(method), route, status_class: `${Math.floor(status / 100)}xx` };
    this.requests.inc(labels);
    this.requestDuration.observe(labels, seconds);
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** Any other method a client sends is one label, so no one can add label values at will. */
function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}
