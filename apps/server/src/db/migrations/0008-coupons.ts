import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Stored images (platform/media/images.ts: channel icons and backgrounds, coupon pictures) and the
 * coupon library of a channel (modules/coupons). Both cascade from the channel, so deleting a
 * channel removes its pictures with its rows; a coupon's picture goes with the coupon.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('images')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    // What the picture is for ('coupon', 'channel_icon', …), so an owner lists only its own.
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    // Content-hashed file name (hex of SHA-256, 128 bits, plus extension): the immutable URL.
    .addColumn('name', 'varchar(48)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('data', t.bytes, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_name').on('images').column('name').execute();
  await db.schema.createIndex('images_channel').on('images').columns(['channel_id', 'purpose']).execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
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
    // Calendar dates (yyyy-MM-dd, Japan time): a coupon is valid through the whole last day.
    .addColumn('date_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('date_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coupons_channel_created')
    .on('coupons')
    .columns(['channel_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupons').execute();
  await db.schema.dropTable('images').execute();
}
