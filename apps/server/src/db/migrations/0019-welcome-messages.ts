import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Welcome messages (modules/welcomemessages): a message without a send list, with `send_end_dt`
 * (Unix seconds). At most one is on (status 1) per channel: a partial unique index, so two
 * operators turning on two at once cannot both succeed.
 *
 * `welcome_deliveries` is keyed by (welcome message, device hash), not by follower: a device gets a
 * welcome message once, also when it unfollows and follows again (its follower row is new then;
 * `follower_id` is the follow that received it, set null when that follow ends).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('welcome_messages')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('layout', 'integer', (c) => c.notNull())
    .addColumn('send_end_dt', t.bigint)
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
    .addColumn('turned_on_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('welcome_messages_channel')
    .on('welcome_messages')
    .columns(['channel_id', 'id'])
    .execute();
  await sql`create unique index welcome_messages_one_on on welcome_messages (channel_id) where status = 1`.execute(
    db,
  );

  await db.schema
    .createTable('welcome_deliveries')
    .addColumn('welcome_message_id', t.bigint, (c) =>
      c.notNull().references('welcome_messages.id').onDelete('cascade'),
    )
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('follower_id', t.bigint, (c) => c.references('followers.id').onDelete('set null'))
    .addColumn('delivered_at', t.bigint, (c) => c.notNull())
    .addColumn('opened_at', t.bigint)
    .addColumn('coupon_used_at', t.bigint)
    .addColumn('coupon_use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('welcome_deliveries_pk', ['welcome_message_id', 'device_hash'])
    .execute();
  await db.schema
    .createIndex('welcome_deliveries_follower')
    .on('welcome_deliveries')
    .column('follower_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('welcome_deliveries').execute();
  await db.schema.dropTable('welcome_messages').execute();
}
