import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * An A/B test's split on PostgreSQL without a foreign-key check per member, as 0025 did for the
 * deliveries (measured with bench:fanout).
 *
 * The key `message_test_members.message_id → messages.id` ran one check (`SELECT … FOR KEY SHARE`
 * on the message) per split row: 50,000 checks of the same message took ~130 ms of the split's
 * ~280 ms at 100,000 followers, 50 % in 4 groups (EXPLAIN ANALYZE, "Trigger for constraint …:
 * calls=50000"). The split is written only by the claim of its message, in the transaction that has
 * just claimed (and so locked) that message row, so the check can never fail there; what the key
 * still gave is the cascade, kept by a trigger firing once per deleted message. The primary key
 * (message, follower) still puts a follower in one group only.
 *
 * SQLite keeps its key, as in 0025: its check is cheap, and changing a key there means rebuilding
 * the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table message_test_members drop constraint message_test_members_message_id_fkey`.execute(
    db,
  );
  await sql`
    create function message_test_members_cascade() returns trigger language plpgsql as $$
    begin
      delete from message_test_members where message_id = old.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger message_test_members_cascade after delete on messages
      for each row execute function message_test_members_cascade()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger message_test_members_cascade on messages`.execute(db);
  await sql`drop function message_test_members_cascade()`.execute(db);
  await sql`delete from message_test_members g where not exists (select 1 from messages m where m.id = g.message_id)`.execute(
    db,
  );
  await sql`alter table message_test_members add constraint message_test_members_message_id_fkey
    foreign key (message_id) references messages (id) on delete cascade`.execute(db);
}
