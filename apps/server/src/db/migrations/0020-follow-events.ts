import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Follows and unfollows as dated events (modules/followers writes one in the transaction of each
 * change): an unfollow deletes the follower row, and this is what is left of it, so analytics can
 * count both per day. `kind` 1 follow, 2 unfollow; `at` Unix milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema
    .createTable('follow_events')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('follow_events_channel_at')
    .on('follow_events')
    .columns(['channel_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('follow_events').execute();
}
