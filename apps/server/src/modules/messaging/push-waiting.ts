import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { PUSH_STATES } from './claimed-push';
import { ITEM_KINDS, ITEMS } from './items';

/**
 * Pushes already waiting to go by `at` (Unix ms): pending rows of both kinds due by then, which the
 * push sweep claims before a send due at `at` (it claims by due time, welcome pushes first). Read
 * on each kind's partial index of pending rows (migration 0022; its state written as a literal, or
 * neither database could match the index's condition), so only waiting rows are counted.
 * A batch being pushed right now is leased a little into the future and not counted.
 */
export async function pushesWaiting(db: Db, at: number): Promise<number> {
  const counts = await Promise.all(
    ITEM_KINDS.map(async (kind) => {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(ITEMS[kind].deliveries)}
        where push_state = ${sql.lit(PUSH_STATES.pending)} and push_due_at <= ${at}`.execute(db.kysely);
      return Number(rows[0]?.n ?? 0);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}
