import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { waitingForWriteLock } from '../../db/write-lock-wait';
import { ITEMS, type ItemKind } from './items';

/** A claimed delivery row: its item (`a`), its receiver (`b`), the follow that received it, its attempts. */
export interface ClaimedRow {
  a: number | string;
  b: number | string;
  followerId: number | null;
  attempts: number;
}

/** The two key columns of a kind's deliveries (their rows carry their own push state, migration 0022). */
const keysOf = (kind: ItemKind) => [ITEMS[kind].itemColumn, ITEMS[kind].receiverColumn] as const;

/**
 * Claims up to `limit` pending rows due by `now` with ONE update that moves their due time to
 * `leaseUntil`, answering their keys and attempts: two processes never claim the same row
 * (PostgreSQL: the candidates FOR UPDATE SKIP LOCKED; SQLite: one writer), and a row whose
 * claimer died becomes due again when the lease runs out. The one place the dialects differ here.
 */
export async function claimDuePushRows(
  db: Db,
  kind: ItemKind,
  now: number,
  leaseUntil: number,
  limit: number,
): Promise<ClaimedRow[]> {
  const [ka, kb] = keysOf(kind).map((c) => sql.ref(c));
  const t = sql.table(ITEMS[kind].deliveries);
  const due = sql`push_state = 0 and push_due_at <= ${now}`;
  // A read first: most sweeps find nothing and should not take SQLite's write lock.
  const any = await sql`select 1 as x from ${t} where ${due} limit 1`.execute(db.kysely);
  if (any.rows.length === 0) return [];
  const query =
    db.dialect === 'postgres'
      ? sql<{ a: number | string; b: number | string; f: number | string | null; attempts: number }>`
          update ${t} as d set push_due_at = ${leaseUntil}
          from (select ${ka} as ka, ${kb} as kb from ${t} where ${due}
                order by push_due_at limit ${limit} for update skip locked) c
          where d.${ka} = c.ka and d.${kb} = c.kb
          returning d.${ka} as a, d.${kb} as b, d.follower_id as f, d.push_attempts as attempts`
      : sql<{ a: number | string; b: number | string; f: number | string | null; attempts: number }>`
          update ${t} set push_due_at = ${leaseUntil}
          where rowid in (select rowid from ${t} where ${due} order by push_due_at limit ${limit})
          returning ${ka} as a, ${kb} as b, follower_id as f, push_attempts as attempts`;
  const { rows } = await waitingForWriteLock(() => query.execute(db.kysely));
  // Follower ids may come back as text (PostgreSQL bigint): numbers, like the ids written back.
  const numeric = ITEMS[kind].receiverColumn === 'follower_id';
  return rows.map((r) => ({
    a: Number(r.a),
    b: numeric ? Number(r.b) : String(r.b),
    followerId: r.f === null ? null : Number(r.f),
    attempts: Number(r.attempts),
  }));
}

/**
 * Extends the lease of these claimed rows from `heldUntil` to `leaseUntil`, for those still pending
 * under that very lease: a row settled meanwhile, or taken over by another process after the lease
 * ran out, keeps what it has. One update per item.
 */
export async function renewPushRows(
  db: Db,
  kind: ItemKind,
  rows: ReadonlyArray<{ id: number; sub: number | string }>,
  heldUntil: number,
  leaseUntil: number,
): Promise<void> {
  const [ka, kb] = keysOf(kind);
  for (const [id, subs] of byItem(rows)) {
    await db.kysely
      .updateTable(ITEMS[kind].deliveries)
      .set({ push_due_at: leaseUntil })
      .where(sql.ref<number>(ka), '=', id)
      .where(sql.ref<number | string>(kb), 'in', subs)
      .where(sql<number>`push_state + 0`, '=', 0)
      .where('push_due_at', '=', heldUntil)
      .execute();
  }
}

/** The receivers of each item among these rows. */
function byItem(rows: ReadonlyArray<{ id: number; sub: number | string }>) {
  const items = new Map<number, Array<number | string>>();
  for (const r of rows) {
    const list = items.get(r.id) ?? [];
    list.push(r.sub);
    items.set(r.id, list);
  }
  return items;
}

/**
 * Writes the push outcome of these claimed rows (their two keys, as claimed: `id` the item, `sub`
 * its receiver): a final state, or when to try again. One update per item.
 */
export async function settlePushRows(
  db: Db,
  kind: ItemKind,
  rows: ReadonlyArray<{ id: number; sub: number | string }>,
  set: { state: number } | { dueAt: number; countAttempt: boolean },
): Promise<void> {
  const [ka, kb] = keysOf(kind);
  for (const [id, subs] of byItem(rows)) {
    await db.kysely
      .updateTable(ITEMS[kind].deliveries)
      .set((eb) =>
        'state' in set
          ? { push_state: set.state, push_attempts: eb('push_attempts', '+', 1) }
          : { push_due_at: set.dueAt, push_attempts: eb('push_attempts', '+', set.countAttempt ? 1 : 0) },
      )
      .where(sql.ref<number>(ka), '=', id)
      .where(sql.ref<number | string>(kb), 'in', subs)
      // Still pending (a row another process took over after the lease is not overwritten); written
      // as an expression so SQLite stays on the primary key rather than the pending-rows index.
      .where(sql<number>`push_state + 0`, '=', 0)
      .execute();
  }
}
