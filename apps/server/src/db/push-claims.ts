import { sql } from 'kysely';
import type { Db } from './client';

/** Tables whose rows carry their own push state (migration 0022), with their two key columns. */
const KEYS = {
  message_deliveries: ['message_id', 'follower_id'],
  welcome_deliveries: ['welcome_message_id', 'device_hash'],
} as const;
export type PushTable = keyof typeof KEYS;

/**
 * Claims up to `limit` pending rows due by `now` with ONE update that moves their due time to
 * `leaseUntil`, answering their keys and attempts: two processes never claim the same row
 * (PostgreSQL: the candidates FOR UPDATE SKIP LOCKED; SQLite: one writer), and a row whose
 * claimer died becomes due again when the lease runs out. The one place the dialects differ here.
 */
export async function claimDuePushRows(
  db: Db,
  table: PushTable,
  now: number,
  leaseUntil: number,
  limit: number,
): Promise<Array<{ a: number | string; b: number | string; attempts: number }>> {
  const [ka, kb] = KEYS[table].map((c) => sql.ref(c));
  const t = sql.table(table);
  const due = sql`push_state = 0 and push_due_at <= ${now}`;
  // A read first: most sweeps find nothing and should not take SQLite's write lock.
  const any = await sql`select 1 as x from ${t} where ${due} limit 1`.execute(db.kysely);
  if (any.rows.length === 0) return [];
  const query =
    db.dialect === 'postgres'
      ? sql<{ a: number | string; b: number | string; attempts: number }>`
          update ${t} as d set push_due_at = ${leaseUntil}
          from (select ${ka} as ka, ${kb} as kb from ${t} where ${due}
                order by push_due_at limit ${limit} for update skip locked) c
          where d.${ka} = c.ka and d.${kb} = c.kb
          returning d.${ka} as a, d.${kb} as b, d.push_attempts as attempts`
      : sql<{ a: number | string; b: number | string; attempts: number }>`
          update ${t} set push_due_at = ${leaseUntil}
          where rowid in (select rowid from ${t} where ${due} order by push_due_at limit ${limit})
          returning ${ka} as a, ${kb} as b, push_attempts as attempts`;
  const { rows } = await query.execute(db.kysely);
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}
