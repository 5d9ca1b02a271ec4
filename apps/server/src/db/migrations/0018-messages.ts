import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Messages of a channel (modules/messages), their deliveries, and the frozen copies of the coupons
 * messages carry (modules/coupons owns `coupon_copies`; welcome messages point at them too).
 *
 * - `messages`: a channel's push messages (draft, reserved, sent). `send_dt` is Unix seconds (the date picker's output); `sendlist_id`
 *   null means all followers (no foreign key: a list deleted after the reserve is sent with
 *   `sendlist_filter`, the list's boxes as they were when reserved). `push_tags` and
 *   `coupon_use_tags` are JSON arrays of tag ids (at most 10 each). `coupon_id` names the library
 *   coupon (no foreign key: a deleted one is "select the coupon again"); `coupon_copy_id` the copy
 *   taken when reserved.
 * - `message_deliveries`: one row per (message, follower), the primary key making a second write
 *   of the same pair impossible; written whole by one INSERT … SELECT in the transaction that
 *   marks the message sent. An unfollowed device sees nothing of the channel: the inbox finds rows
 *   by the follower id it has now, and the rows of a follow that ended are deleted after it.
 * - `coupon_copies`: a coupon as it was when the message was reserved, with its own picture row,
 *   so editing or deleting the library coupon changes no sent message. Cancelling marks it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('coupon_copies')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('coupon_id', t.bigint)
    .addColumn('image_id', t.bigint, (c) => c.references('images.id').onDelete('set null'))
    .addColumn('discount_type', 'integer', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('value_percent', 'integer')
    .addColumn('value_yen', 'integer')
    .addColumn('regular_price', 'integer')
    .addColumn('coupon_price', 'integer')
    .addColumn('free_text_small', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('free_text_large', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('text_shadow', 'integer', (c) => c.notNull())
    .addColumn('coupon_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('available_count', 'integer', (c) => c.notNull())
    .addColumn('code_type', 'integer', (c) => c.notNull())
    .addColumn('code_text', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('date_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('date_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('cancelled_at', t.bigint)
    .addColumn('cancel_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_copies_channel').on('coupon_copies').column('channel_id').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('layout', 'integer', (c) => c.notNull())
    .addColumn('send_dt', t.bigint)
    .addColumn('sendlist_id', t.bigint)
    .addColumn('sendlist_filter', 'text')
    .addColumn('push_text', 'text', (c) => c.notNull())
    .addColumn('push_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('coupon_use_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('detail_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('background_image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coupon_id', t.bigint)
    .addColumn('coupon_copy_id', t.bigint, (c) => c.references('coupon_copies.id').onDelete('set null'))
    .addColumn('coupon_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coupon_text_summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coupon_text_detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivered_count', 'integer')
    .addColumn('reserved_at', t.bigint)
    .addColumn('sent_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  // The list: one status of one channel, newest first.
  await db.schema
    .createIndex('messages_channel_status')
    .on('messages')
    .columns(['channel_id', 'status', 'id'])
    .execute();
  // The scheduler: reserved messages by send time (and sent ones by their end, for publish finished).
  await db.schema.createIndex('messages_status_send').on('messages').columns(['status', 'send_dt']).execute();

  await db.schema
    .createTable('message_deliveries')
    .addColumn('message_id', t.bigint, (c) => c.notNull().references('messages.id').onDelete('cascade'))
    // No foreign key to followers: checking one per row doubled the fan-out on PostgreSQL
    // (bench:fanout). The inbox reaches rows only through the device's current follower id, and
    // the messages module deletes an unfollowed follower's rows (points.unfollowed).
    .addColumn('follower_id', t.bigint, (c) => c.notNull())
    .addColumn('delivered_at', t.bigint, (c) => c.notNull())
    .addColumn('opened_at', t.bigint)
    .addColumn('coupon_used_at', t.bigint)
    .addColumn('coupon_use_count', 'integer', (c) => c.notNull().defaultTo(0))
    // For the push issue: 0 not yet pushed.
    .addColumn('push_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('message_deliveries_pk', ['message_id', 'follower_id'])
    .execute();
  // The inbox: a follower's deliveries, newest first.
  await db.schema
    .createIndex('message_deliveries_follower')
    .on('message_deliveries')
    .columns(['follower_id', 'delivered_at'])
    .execute();
  // The inbox across channels finds a device's follows by its hash.
  await sql`create index followers_device on followers (device_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index followers_device`.execute(db);
  await db.schema.dropTable('message_deliveries').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('coupon_copies').execute();
}
