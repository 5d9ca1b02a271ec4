import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * How many followers each channel has (`channels.follower_count`), kept by the database itself as
 * `tag_count` is (migration 0014): triggers count every follower added or removed, by any statement
 * and by every cascade. Counting instead read the channel's whole index range, ~10 ms on SQLite's
 * one main thread at 100,000 followers, after every follow and on every channel answer once the
 * audience had changed (bench:operator-load: the scans' p99 under the operator load).
 *
 * The channel row is already updated by each follow (its audience version, migration 0017), so
 * this adds no new lock. PostgreSQL counts a statement at a time, once per channel touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema
    .alterTable('channels')
    .addColumn('follower_count', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update channels set follower_count =
      (select count(*) from followers f where f.channel_id = channels.id)`.execute(db);
  for (const event of events) {
    if (dialectOf(db) === 'postgres') await postgresTrigger(db, event);
    else await sqliteTrigger(db, event);
  }
}

const events = ['insert', 'delete'] as const;
type Event = (typeof events)[number];

const nameOf = (event: Event) => `followers_counted_${event === 'insert' ? 'in' : 'out'}`;

async function sqliteTrigger(db: Kysely<unknown>, event: Event): Promise<void> {
  const [row, sign] = event === 'insert' ? ['new', '+'] : ['old', '-'];
  await sql
    .raw(`
    create trigger ${nameOf(event)} after ${event} on followers begin
      update channels set follower_count = follower_count ${sign} 1 where id = ${row}.channel_id;
    end`)
    .execute(db);
}

async function postgresTrigger(db: Kysely<unknown>, event: Event): Promise<void> {
  const name = nameOf(event);
  const [rows, sign, transition] =
    event === 'insert'
      ? ['new_rows', '+', 'new table as new_rows']
      : ['old_rows', '-', 'old table as old_rows'];
  await sql
    .raw(`
    create function ${name}() returns trigger language plpgsql as $$
    begin
      update channels c set follower_count = c.follower_count ${sign} d.n
        from (select channel_id, count(*) as n from ${rows} group by channel_id) d
        where c.id = d.channel_id;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`
    create trigger ${name} after ${event} on followers
      referencing ${transition} for each statement execute function ${name}()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const event of events) {
    const name = nameOf(event);
    await sql.raw(`drop trigger ${name}${postgres ? ' on followers' : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
  }
  await db.schema.alterTable('channels').dropColumn('follower_count').execute();
}
