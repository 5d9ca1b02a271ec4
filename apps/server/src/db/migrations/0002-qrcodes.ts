import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/** The QR manager (codes, reads, daily visitor keys) and the news box of the top page. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('qr_codes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_key_hash', 'varchar(64)')
    .addColumn('tab', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    // NFKC + lower case of the title: the list's search is the same on both databases.
    .addColumn('title_folded', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('analysis_type', 'integer', (c) => c.notNull())
    .addColumn('short_code', 'varchar(16)', (c) => c.unique())
    .addColumn('secret_token', 'varchar(64)', (c) => c.unique())
    .addColumn('wifi_name', 'varchar(255)')
    .addColumn('wifi_ssid', 'varchar(64)')
    .addColumn('wifi_password', 'varchar(255)')
    .addColumn('wifi_encryption', 'varchar(8)')
    .addColumn('wifi_hidden', 'integer')
    .addColumn('wifi_expire_hours', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('read_count', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('qr_codes_user_created')
    .on('qr_codes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('qr_codes_guest_created')
    .on('qr_codes')
    .columns(['guest_key_hash', 'created_at'])
    .execute();

  await db.schema
    .createTable('qr_reads')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('qr_id', 'varchar(32)', (c) => c.notNull().references('qr_codes.id').onDelete('cascade'))
    .addColumn('read_at', t.bigint, (c) => c.notNull())
    // 1 = our reader (official app), 2 = any other reader through /r/.
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('visitor_hash', 'varchar(32)')
    // ISO 3166 country; filled by the analytics issue.
    .addColumn('country', 'varchar(2)')
    // ios | android | windows | macos | linux | other: enough for a device chart, no fingerprint.
    .addColumn('os', 'varchar(8)')
    .execute();
  await db.schema.createIndex('qr_reads_qr_read_at').on('qr_reads').columns(['qr_id', 'read_at']).execute();

  await db.schema
    .createTable('read_salts')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('news_items')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('title_ja', 'varchar(255)', (c) => c.notNull())
    .addColumn('body_ja', 'text', (c) => c.notNull())
    .addColumn('title_en', 'varchar(255)')
    .addColumn('body_en', 'text')
    .addColumn('published_at', t.bigint, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_items_published').on('news_items').column('published_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news_items', 'read_salts', 'qr_reads', 'qr_codes']) {
    await db.schema.dropTable(table).execute();
  }
}
