import type { Db } from '../../db/client';

/**
 * The measured push rate: each push sweep that sent enough pushes writes one sample (pushes sent,
 * milliseconds from its first claim to its last outcome), and the newest PUSH_RATE_WINDOW samples
 * make the rate. One row a sweep, never one a push; in the database, so a restart keeps it and
 * every process on one PostgreSQL reads the same figure. Several processes sweep side by side: the
 * rate is the samples' pushes over the time any of them ran (their spans joined), so two processes
 * at once count as the twice-as-fast service they are, and one process's sweeps, one after the
 * other, as the sum of their spans.
 */

/** A sweep of fewer pushes measures the push services' latency more than the sweep's throughput. */
export const PUSH_RATE_MIN_SAMPLE = 20;
/** The newest sweeps the rate is measured over. */
export const PUSH_RATE_WINDOW = 20;
/**
 * The rate until a sweep has been measured (pushes a second): conservative (bench:push sends
 * thousands a second against the fake push service; real services answer slower), and the
 * editor says the finish is an estimate.
 */
export const DEFAULT_PUSHES_PER_SECOND = 20;

export interface PushRate {
  perSecond: number;
  /** False while no sweep has been measured (the default rate). */
  measured: boolean;
}

/** Keeps one sweep's throughput (when it sent enough to tell) and drops samples past the window. */
export async function recordPushRate(
  db: Db,
  sample: { pushes: number; elapsedMs: number; at: number },
): Promise<void> {
  if (sample.pushes < PUSH_RATE_MIN_SAMPLE) return;
  await db.kysely
    .insertInto('push_rate_samples')
    .values({
      pushes: sample.pushes,
      elapsed_ms: Math.max(1, Math.round(sample.elapsedMs)),
      at: sample.at,
    })
    .execute();
  await db.kysely
    .deleteFrom('push_rate_samples')
    .where(
      'id',
      'not in',
      db.kysely.selectFrom('push_rate_samples').select('id').orderBy('id', 'desc').limit(PUSH_RATE_WINDOW),
    )
    .execute();
}

/** Pushes a second over the newest samples, or the default while there are none. */
export async function measuredPushRate(db: Db): Promise<PushRate> {
  const rows = await db.kysely
    .selectFrom('push_rate_samples')
    .select(['pushes', 'elapsed_ms', 'at'])
    .orderBy('id', 'desc')
    .limit(PUSH_RATE_WINDOW)
    .execute();
  const perSecond = combinedRate(
    rows.map((r) => ({ pushes: Number(r.pushes), elapsedMs: Number(r.elapsed_ms), at: Number(r.at) })),
  );
  return perSecond === null
    ? { perSecond: DEFAULT_PUSHES_PER_SECOND, measured: false }
    : { perSecond, measured: true };
}

/**
 * Pushes a second of sweeps that each ran from `at - elapsedMs` to `at`: all their pushes over the
 * time at least one of them ran (overlapping spans, of processes side by side, counted once).
 * Null without a span.
 */
export function combinedRate(
  samples: ReadonlyArray<{ pushes: number; elapsedMs: number; at: number }>,
): number | null {
  const spans = samples.map((s) => [s.at - s.elapsedMs, s.at] as const).sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of spans) {
    // Only the part past what earlier spans already covered.
    if (to > end) covered += to - Math.max(from, end);
    end = Math.max(end, to);
  }
  const pushes = samples.reduce((sum, s) => sum + s.pushes, 0);
  return pushes > 0 && covered > 0 ? (pushes * 1000) / covered : null;
}
