import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { RollupBatch } from './rollup-batch';

/** Rows per statement: well under both databases' bound-parameter limits. */
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Of these ids, the ones that still exist. */
export async function liveCodeIds(trx: Kysely<Database>, ids: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await trx.selectFrom('qr_codes').select('id').where('id', 'in', part).execute();
    for (const r of rows) live.add(r.id);
  }
  return live;
}

/**
 * Adds one flush to the rollups: a visitor first seen today raises that day's unique users, then
 * each day row and dimension row is an upsert adding the batch's counts, and each code's total
 * moves by its reads. Multi-row statements keep the write short however many codes were read.
 */
export async function writeRollups(trx: Kysely<Database>, batch: RollupBatch, now: number): Promise<void> {
  const uniques = new Map<string, { official: number; other: number }>();
  for (const part of chunks([...batch.visitors.values()])) {
    const fresh = await trx
      .insertInto('read_visitors')
      .values(part.map((v) => ({ ...v, created_at: now })))
      .onConflict((oc) => oc.columns(['qr_id', 'day', 'visitor']).doNothing())
      .returning(['qr_id', 'day', 'source'])
      .execute();
    for (const v of fresh) {
      const key = `${v.qr_id}\t${v.day}`;
      const u = uniques.get(key) ?? { official: 0, other: 0 };
      if (v.source === 1) u.official += 1;
      else u.other += 1;
      uniques.set(key, u);
    }
  }

  const days = [...batch.days].map(([key, d]) => {
    const u = uniques.get(key);
    return { ...d, uniques_official: u?.official ?? 0, uniques_other: u?.other ?? 0 };
  });
  for (const part of chunks(days)) {
    await trx
      .insertInto('read_days')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['qr_id', 'day']).doUpdateSet({
          official: sql`read_days.official + excluded.official`,
          other: sql`read_days.other + excluded.other`,
          uniques_official: sql`read_days.uniques_official + excluded.uniques_official`,
          uniques_other: sql`read_days.uniques_other + excluded.uniques_other`,
        }),
      )
      .execute();
  }

  for (const part of chunks([...batch.dims.values()])) {
    await trx
      .insertInto('read_dims')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['qr_id', 'dim', 'value', 'day']).doUpdateSet({
          official: sql`read_dims.official + excluded.official`,
          other: sql`read_dims.other + excluded.other`,
        }),
      )
      .execute();
  }

  // One UPDATE per chunk of codes rather than one per code.
  for (const part of chunks([...batch.perCode], 200)) {
    const cases = sql.join(
      part.map(([id, n]) => sql`when ${id} then ${n}`),
      sql` `,
    );
    await trx
      .updateTable('qr_codes')
      .set({ read_count: sql`read_count + case id ${cases} else 0 end` })
      .where(
        'id',
        'in',
        part.map(([id]) => id),
      )
      .execute();
  }
}

/** The day's visitor hashes are only needed while that day's unique users can grow. */
export async function deleteOldVisitors(trx: Kysely<Database>, olderThan: number): Promise<void> {
  await trx.deleteFrom('read_visitors').where('created_at', '<', olderThan).execute();
}
