import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * A number on each channel that changes whenever its audience may have changed: a follower added
 * or removed, a tag put on or taken off a follower (by any statement, cascades included). Kept by
 * the database itself, like `tag_count` (migration 0014), so no writer can forget it. The send-list
 * counts are remembered under it (sendlists/reach-cache.ts): counting 30 lists over 100,000
 * followers costs hundreds of ms, and the list screen asks again on every visit.
 *
 * SQLite bumps it a row at a time; PostgreSQL a statement at a time, once per channel touched.
 * Updating a channel that is being deleted (its followers cascade) changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema
    .alterTable('channels')
    .addColumn('audience_version', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [table, event] of triggers) {
    if (dialectOf(db) === 'postgres') await postgresTrigger(db, table, event);
    else await sqliteTrigger(db, table, event);
  }
}

const triggers = [
  ['followers', 'insert'],
  ['followers', 'delete'],
  ['follower_tags', 'insert'],
  ['follower_tags', 'delete'],
] as const;

type Table = (typeof triggers)[number][0];
type Event = (typeof triggers)[number][1];

const nameOf = (table: Table, event: Event) => `${table}_bump_audience_${event}`;

async function sqliteTrigger(db: Kysely<unknown>, table: Table, event: Event): Promise<void> {
  const row = event === 'insert' ? 'new' : 'old';
  await sql
    .raw(`
    create trigger ${nameOf(table, event)} after ${event} on ${table} begin
      update channels set audience_version = audience_version + 1 where id = ${row}.channel_id;
    end`)
    .execute(db);
}

async function postgresTrigger(db: Kysely<unknown>, table: Table, event: Event): Promise<void> {
  const name = nameOf(table, event);
  const rows = event === 'insert' ? 'new_rows' : 'old_rows';
  await sql
    .raw(`
    create function ${name}() returns trigger language plpgsql as $$
    begin
      update channels set audience_version = audience_version + 1
        where id in (select distinct channel_id from ${rows});
      return null;
    end $$`)
    .execute(db);
  const transition = event === 'insert' ? 'new table as new_rows' : 'old table as old_rows';
  await sql
    .raw(`
    create trigger ${name} after ${event} on ${table}
      referencing ${transition} for each statement execute function ${name}()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const [table, event] of triggers) {
    const name = nameOf(table, event);
    await sql.raw(`drop trigger ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
  }
  await db.schema.alterTable('channels').dropColumn('audience_version').execute();
}
