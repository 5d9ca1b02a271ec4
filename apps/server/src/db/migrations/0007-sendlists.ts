import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Send lists (owned by the sendlists module): a named pair of tag boxes. A box's tags are rows of
 * `sendlist_tags` rather than a list in a column, so "is this tag used by a send list" (E-710) is
 * one indexed query, and a deleted channel or list takes its rows with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('sendlists')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('sendlist_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('box_filter_1', 'integer', (c) => c.notNull())
    .addColumn('box_filter_2', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  // E-713: one name per channel, also under two saves at once.
  await db.schema
    .createIndex('sendlists_channel_name')
    .on('sendlists')
    .columns(['channel_id', 'sendlist_name'])
    .unique()
    .execute();

  await db.schema
    .createTable('sendlist_tags')
    .addColumn('sendlist_id', t.bigint, (c) => c.notNull().references('sendlists.id').onDelete('cascade'))
    .addColumn('box', 'integer', (c) => c.notNull())
    .addColumn('tag_id', t.bigint, (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sendlist_tags_pk', ['sendlist_id', 'box', 'tag_id'])
    .execute();
  // E-710: which of these tags does a list of the channel use.
  await db.schema
    .createIndex('sendlist_tags_channel_tag')
    .on('sendlist_tags')
    .columns(['channel_id', 'tag_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sendlist_tags').execute();
  await db.schema.dropTable('sendlists').execute();
}
