import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Wi-Fi welcome pages (modules/wifi): a page of a channel with its optional coupon, the
 * Wi-Fi codes linked to it with their release times, the coupons guests used (one row a device:
 * once per device), and the daily rollups of what guests did (Asia/Tokyo days).
 *
 * A page's status is not stored: it is published when one of its links' `release_at` has passed,
 * read at each request, so a release is exact to the millisecond in every server process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('wifi_pages')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    // The stable address of the page (/w/{code}, /api/reader/welcomepage/{code}).
    .addColumn('code', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_folded', 'text', (c) => c.notNull())
    .addColumn('header_type', 'integer', (c) => c.notNull())
    .addColumn('header_text', 'text', (c) => c.notNull())
    .addColumn('header_image_id', t.bigint, (c) => c.references('images.id').onDelete('set null'))
    .addColumn('free_text', 'text', (c) => c.notNull())
    .addColumn('footer_text', 'text', (c) => c.notNull())
    .addColumn('text_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('background_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('background_image_id', t.bigint, (c) => c.references('images.id').onDelete('set null'))
    // JSON list of {text, url}.
    .addColumn('relation_links', 'text', (c) => c.notNull())
    // The coupon: null `coupon_type` is a page without one.
    .addColumn('coupon_type', 'integer')
    .addColumn('coupon_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coupon_value_percent', 'integer')
    .addColumn('coupon_value_off', 'integer')
    .addColumn('coupon_regular_price', 'integer')
    .addColumn('coupon_price', 'integer')
    .addColumn('coupon_free_text_small', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coupon_free_text_large', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coupon_text_color', 'varchar(7)', (c) => c.notNull().defaultTo('#ffffff'))
    .addColumn('coupon_text_shadow', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('coupon_text_detail', 'text', (c) => c.notNull().defaultTo(''))
    // How many a page hands out (-1 unlimited) and how many went: the use call's conditional UPDATE.
    .addColumn('coupon_available_count', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('coupon_used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_code_type', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('coupon_code_text', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('coupon_image_id', t.bigint, (c) => c.references('images.id').onDelete('set null'))
    .addColumn('coupon_image_draft_id', t.bigint, (c) => c.references('images.id').onDelete('set null'))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wifi_pages_user')
    .on('wifi_pages')
    .columns(['user_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('wifi_page_links')
    // A code greets with one page at most.
    .addColumn('qr_id', 'varchar(32)', (c) => c.primaryKey().references('qr_codes.id').onDelete('cascade'))
    .addColumn('page_id', t.bigint, (c) => c.notNull().references('wifi_pages.id').onDelete('cascade'))
    .addColumn('release_at', t.bigint, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wifi_page_links_page')
    .on('wifi_page_links')
    .columns(['page_id', 'release_at'])
    .execute();

  await db.schema
    .createTable('wifi_coupon_uses')
    .addColumn('page_id', t.bigint, (c) => c.notNull().references('wifi_pages.id').onDelete('cascade'))
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('wifi_coupon_uses_pk', ['page_id', 'device_hash'])
    .execute();

  await db.schema
    .createTable('wifi_page_days')
    .addColumn('page_id', t.bigint, (c) => c.notNull().references('wifi_pages.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('scans', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uniques', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('follows', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wifi_page_days_pk', ['page_id', 'day'])
    .execute();

  await db.schema
    .createTable('wifi_page_link_days')
    .addColumn('page_id', t.bigint, (c) => c.notNull().references('wifi_pages.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('link_index', 'integer', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wifi_page_link_days_pk', ['page_id', 'day', 'link_index'])
    .execute();

  // Devices that viewed a page on a day (the day's unique count); kept 2 days (housekeeping).
  await db.schema
    .createTable('wifi_page_visitors')
    .addColumn('page_id', t.bigint, (c) => c.notNull().references('wifi_pages.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('wifi_page_visitors_pk', ['page_id', 'day', 'device_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'wifi_page_visitors',
    'wifi_page_link_days',
    'wifi_page_days',
    'wifi_coupon_uses',
    'wifi_page_links',
    'wifi_pages',
  ])
    await db.schema.dropTable(table).execute();
}
