import { sql } from 'kysely';
import type { Db } from '../../src/db/client';

/** Kysely's bookkeeping (which migrations ran) and SQLite's own tables are not the product's. */
const notOurs = (name: string) => name.startsWith('kysely_') || name.startsWith('sqlite_');

/** The product's tables as the database itself lists them (a table added tomorrow is in the list). */
export async function tableNames(db: Db): Promise<string[]> {
  const { rows } =
    db.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db.kysely);
  return rows
    .map((r) => r.name)
    .filter((name) => !notOurs(name))
    .sort();
}

/**
 * Everything a migration can change in the schema, as text to compare: tables with their columns,
 * indexes, constraints, triggers and functions (SQLite keeps all of it in sqlite_master).
 */
export async function schemaOf(db: Db): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master order by type, name`.execute(db.kysely);
    return rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`);
  }
  const { rows } = await sql<{ line: string }>`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable
        || ' default=' || coalesce(column_default, '') as line
      from information_schema.columns where table_schema = current_schema()
    union all
    select 'index ' || indexname || ': ' || indexdef from pg_indexes where schemaname = current_schema()
    union all
    select 'constraint ' || c.conrelid::regclass || '.' || c.conname || ': ' || pg_get_constraintdef(c.oid)
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema()
    union all
    select 'trigger ' || pg_get_triggerdef(t.oid) from pg_trigger t
      join pg_class r on r.oid = t.tgrelid join pg_namespace n on n.oid = r.relnamespace
      where n.nspname = current_schema() and not t.tgisinternal
    union all
    select 'function ' || p.proname || ': ' || p.prosrc from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()
    order by 1`.execute(db.kysely);
  return rows.map((r) => r.line);
}

/** The migrations recorded as run, and the migrator's lock row. */
export async function migrationBookkeeping(db: Db): Promise<{ ran: string[]; lock: unknown[] }> {
  const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely);
  const lock = await sql`select * from kysely_migration_lock`.execute(db.kysely);
  return { ran: ran.rows.map((r) => r.name), lock: lock.rows };
}

/** Every row of each of these tables (PostgreSQL's bigint reads as a number, as in the app). */
export async function tableRows(
  db: Db,
  tables: string[],
): Promise<Record<string, Record<string, unknown>[]>> {
  const entries = [];
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
    entries.push([table, rows] as const);
  }
  return Object.fromEntries(entries);
}

/** Rows in one order whatever order the database gave them in. */
export function sortedRows(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows
    .map((row) => ({ key: JSON.stringify(Object.entries(row).sort()), row }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((r) => r.row);
}
