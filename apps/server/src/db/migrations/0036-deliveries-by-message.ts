import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * On SQLite, a send no longer rewrites an index as large as the channel's whole history.
 *
 * `message_deliveries_follower` (follower_id, delivered_at) keeps each follower's deliveries
 * together, so a send to 100,000 followers puts one entry beside each follower's older ones: it
 * dirties nearly every page of an index that grows with every send, and SQLite writes each of those
 * pages to the WAL and checkpoints them at the commit. bench:fanout, 100,000 followers: a send to
 * all of them took 0.24-0.38 s with 0.1 million deliveries stored and 0.88-1.00 s with 1.5
 * million, the growth in the commit. SQLite drops the index: a follower's deliveries are found
 * through its channel's messages (the new index, by send time) and the primary key (message,
 * follower), whose entries a send appends in one place. PostgreSQL keeps it (dialect.ts
 * `deliveriesByFollower`). Every delivery carries its message's send time (`delivered_at` =
 * `messages.sent_at`), so a window of send times finds them on both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index messages_channel_sent on messages (channel_id, sent_at)`.execute(db);
  if (dialectOf(db) === 'sqlite') await sql`drop index message_deliveries_follower`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite')
    await sql`create index message_deliveries_follower on message_deliveries (follower_id, delivered_at)`.execute(
      db,
    );
  await sql`drop index messages_channel_sent`.execute(db);
}
