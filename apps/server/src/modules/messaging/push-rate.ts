import { sql } from 'kysely';
import type { Db } from '../../db/client';

/**
 * The measured push rate: each push sweep that sent enough pushes writes one sample (pushes sent,
 * milliseconds from its first claim to its last outcome), and the newest PUSH_RATE_WINDOW samples
 * make the rate. One row a sweep, never one a push; in the database, so a restart keeps it and
 * every process on one PostgreSQL reads the same figure. Samples are per process: with several
 * processes sweeping side by side the real rate is higher, so a projection from it errs late.
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
  const newest = db.kysely
    .selectFrom('push_rate_samples')
    .select(['pushes', 'elapsed_ms'])
    .orderBy('id', 'desc')
    .limit(PUSH_RATE_WINDOW)
    .as('s');
  const row = await db.kysely
    .selectFrom(newest)
    .select([
      sql<number | string | null>`sum(s.pushes)`.as('pushes'),
      sql<number | string | null>`sum(s.elapsed_ms)`.as('ms'),
    ])
    .executeTakeFirst();
  const pushes = Number(row?.pushes ?? 0);
  const ms = Number(row?.ms ?? 0);
  if (pushes <= 0 || ms <= 0) return { perSecond: DEFAULT_PUSHES_PER_SECOND, measured: false };
  return { perSecond: (pushes * 1000) / ms, measured: true };
}
