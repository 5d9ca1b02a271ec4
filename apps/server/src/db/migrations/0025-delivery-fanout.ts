import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * A message's fan-out on PostgreSQL without a foreign-key check per delivery (measured with bench:fanout).
 *
 * The key `message_deliveries.message_id → messages.id` ran one check (a row-level constraint
 * trigger, `SELECT … FOR KEY SHARE` on the message) per inserted row: 100,000 checks of the same
 * message took ~900 ms of a ~1.5 s send (EXPLAIN ANALYZE, "Trigger for constraint …: calls=100000").
 * The fan-out writes rows only for the message its own transaction has just claimed (and so
 * locked), so the check can never fail there; what the key still gave is the cascade, kept by a
 * trigger firing once per deleted message (a message deleted by the operator or with its channel).
 * The primary key (message, follower) still makes a second delivery impossible.
 *
 * SQLite keeps its key: its check is cheap (the fan-out meets its target with it), and changing a
 * key there means rebuilding the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table message_deliveries drop constraint message_deliveries_message_id_fkey`.execute(db);
  await sql`
    create function message_deliveries_cascade() returns trigger language plpgsql as $$
    begin
      delete from message_deliveries where message_id = old.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger message_deliveries_cascade after delete on messages
      for each row execute function message_deliveries_cascade()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger message_deliveries_cascade on messages`.execute(db);
  await sql`drop function message_deliveries_cascade()`.execute(db);
  await sql`delete from message_deliveries d where not exists (select 1 from messages m where m.id = d.message_id)`.execute(
    db,
  );
  await sql`alter table message_deliveries add constraint message_deliveries_message_id_fkey
    foreign key (message_id) references messages (id) on delete cascade`.execute(db);
}
