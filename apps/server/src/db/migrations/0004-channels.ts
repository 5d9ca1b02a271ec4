import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';
import { industryRows } from './industries-seed';

/**
 * The channel service: the industry list and channels. Every later channel table (followers,
 * tags, send lists, coupons, messages) references channels.id with ON DELETE CASCADE, so deleting
 * a channel row removes all of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('industries')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('industries.id'))
    .addColumn('name_ja', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ industries: ReturnType<typeof industryRows>[number] }>)
    .insertInto('industries')
    .values(industryRows())
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('channel_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_user_type', 'integer', (c) => c.notNull())
    .addColumn('industory_id', 'integer', (c) => c.references('industries.id'))
    .addColumn('sub_industory_id', 'integer', (c) => c.references('industries.id'))
    .addColumn('description_short', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_long', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_route', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    // A JSON array of {text, url}: always read and written whole with the channel, never queried.
    .addColumn('relation_links', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_official', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channels_user_created')
    .on('channels')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('channels').execute();
  await db.schema.dropTable('industries').execute();
}
