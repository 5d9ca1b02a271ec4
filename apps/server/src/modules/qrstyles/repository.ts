import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';

/** All SQL of saved styles (this module owns `qr_styles`). */

export type StyleRow = { id: number; user_id: string; name: string; design: string; created_at: number };

/** The member's styles, oldest first (the order they were saved in). */
export function listUserStyles(db: Db, userId: string, trx?: Transaction<Database>): Promise<StyleRow[]> {
  return q(db, trx)
    .selectFrom('qr_styles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertStyle(
  db: Db,
  row: Omit<StyleRow, 'id'>,
  trx?: Transaction<Database>,
): Promise<StyleRow> {
  return q(db, trx).insertInto('qr_styles').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Deletes the member's style `id`; false when there is none of theirs (another member's included). */
export async function deleteUserStyle(db: Db, userId: string, id: number): Promise<boolean> {
  const result = await q(db)
    .deleteFrom('qr_styles')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
