import { sql } from 'kysely';
import type { Db } from '../../../src/db/client';

/** A moment of the earlier version (2025-06-15): times are Unix milliseconds unless said otherwise. */
export const T = 1_750_000_000_000;

export type Row = Record<string, unknown>;

export interface Put {
  /** Writes the row if the version has its table (its line is skipped otherwise). */
  (table: string, row: Row): Promise<void>;
  /** The same for a row the database numbers: its id, for the rows that point at it (0 if skipped). */
  numbered(table: string, row: Row): Promise<number>;
}

/** `put` into the tables the database has now. */
export function putInto(db: Db, tables: Set<string>): Put {
  const insert = async (table: string, row: Row, returnId: boolean): Promise<number> => {
    if (!tables.has(table)) return 0;
    const columns = Object.keys(row);
    const { rows } = await sql<{ id: number }>`insert into ${sql.table(table)}
      (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => row[c]))})
      ${returnId ? sql`returning id` : sql``}`.execute(db.kysely);
    return Number(rows[0]?.id ?? 0);
  };
  const put = async (table: string, row: Row) => {
    await insert(table, row, false);
  };
  return Object.assign(put, { numbered: (table: string, row: Row) => insert(table, row, true) });
}
