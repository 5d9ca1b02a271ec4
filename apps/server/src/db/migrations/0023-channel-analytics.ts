import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Channel analytics (modules/chanalytics): daily rollups per channel and per message
 * (Asia/Tokyo days), counted as events happen, and each channel's running follower count: the
 * followers at the end of a day are that count less the follows and plus the unfollows counted
 * after it (exact, read from the rollups alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  const counter = (name: string) => (b: ReturnType<typeof db.schema.createTable>) =>
    b.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));

  await db.schema
    .createTable('channel_follower_totals')
    .addColumn('channel_id', t.bigint, (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
    .addColumn('followers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Channels that already have followers start from their count now.
  await sql`INSERT INTO channel_follower_totals (channel_id, followers)
    SELECT channel_id, COUNT(*) FROM followers GROUP BY channel_id`.execute(db);

  let days = db.schema
    .createTable('channel_days')
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull());
  for (const name of CHANNEL_COUNTERS) days = counter(name)(days);
  await days.addPrimaryKeyConstraint('channel_days_pk', ['channel_id', 'day']).execute();

  // One row per message (kind 1) or welcome message (kind 2) and day; kept when the message goes.
  let items = db.schema
    .createTable('channel_message_days')
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('item_id', t.bigint, (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull());
  for (const name of MESSAGE_COUNTERS) items = counter(name)(items);
  await items.addPrimaryKeyConstraint('channel_message_days_pk', ['kind', 'item_id', 'day']).execute();
  await db.schema
    .createIndex('channel_message_days_by_channel')
    .on('channel_message_days')
    .columns(['channel_id', 'day'])
    .execute();
}

const CHANNEL_COUNTERS = [
  'follows',
  'unfollows',
  'deliveries',
  'push_reachable',
  'push_accepted',
  'opens_inbox',
  'opens_push',
  'coupon_uses',
];
const MESSAGE_COUNTERS = [
  'targeted',
  'push_reachable',
  'push_accepted',
  'opens_inbox',
  'opens_push',
  'coupon_users',
  'coupon_uses',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['channel_message_days', 'channel_days', 'channel_follower_totals'])
    await db.schema.dropTable(table).execute();
}
