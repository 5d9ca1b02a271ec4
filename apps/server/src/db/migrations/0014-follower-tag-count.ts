import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * How many tags each follower holds (`followers.tag_count`), kept by the database itself: triggers
 * on `follower_tags` count every row added or removed, by any statement and by every cascade (a tag
 * or a channel deleted). The send-list filters "at most" and "exactly" then leave out at once every
 * follower holding more tags than the box names (bench:sendlist, the same quiet machine: the
 * slowest list on PostgreSQL from 58.6 to 47.6 ms; "at most" on SQLite from 50 to 28 ms).
 *
 * SQLite counts a row at a time. PostgreSQL counts a statement at a time from its transition
 * tables, so one tag deleted from 30,000 followers is one grouped UPDATE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema
    .alterTable('followers')
    .addColumn('tag_count', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update followers set tag_count =
      (select count(*) from follower_tags ft where ft.follower_id = followers.id)`.execute(db);
  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger follower_tags_counted_in after insert on follower_tags begin
      update followers set tag_count = tag_count + 1 where id = new.follower_id;
    end`.execute(db);
  await sql`
    create trigger follower_tags_counted_out after delete on follower_tags begin
      update followers set tag_count = tag_count - 1 where id = old.follower_id;
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // The rows are locked in id order before they change, so two statements counting overlapping
  // followers wait for each other instead of deadlocking.
  for (const [name, sign, rows] of [
    ['follower_tags_counted_in', '+', 'new_rows'],
    ['follower_tags_counted_out', '-', 'old_rows'],
  ] as const) {
    await sql
      .raw(`
      create function ${name}() returns trigger language plpgsql as $$
      begin
        perform 1 from followers
          where id in (select follower_id from ${rows}) order by id for no key update;
        update followers f set tag_count = f.tag_count ${sign} d.n
          from (select follower_id, count(*) as n from ${rows} group by follower_id) d
          where f.id = d.follower_id;
        return null;
      end $$`)
      .execute(db);
    const event = sign === '+' ? 'insert' : 'delete';
    const table = sign === '+' ? 'new table as new_rows' : 'old table as old_rows';
    await sql
      .raw(`
      create trigger ${name} after ${event} on follower_tags
        referencing ${table} for each statement execute function ${name}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger follower_tags_counted_in${sql.raw(dialectOf(db) === 'postgres' ? ' on follower_tags' : '')}`.execute(
    db,
  );
  await sql`drop trigger follower_tags_counted_out${sql.raw(dialectOf(db) === 'postgres' ? ' on follower_tags' : '')}`.execute(
    db,
  );
  if (dialectOf(db) === 'postgres') {
    await sql`drop function follower_tags_counted_in()`.execute(db);
    await sql`drop function follower_tags_counted_out()`.execute(db);
  }
  await db.schema.alterTable('followers').dropColumn('tag_count').execute();
}
