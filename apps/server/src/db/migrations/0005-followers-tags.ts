import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Followers (anonymous devices following a channel) and the channel's tags. The followers module
 * owns `followers` and `follower_tags`; the tags module owns `tags`. Both cascade from the channel,
 * and a follower's tags cascade from the follower and from the tag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('tags')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('tag_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tags_channel_name')
    .on('tags')
    .columns(['channel_id', 'tag_name'])
    .unique()
    .execute();

  await db.schema
    .createTable('followers')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    // SHA-256 (hex) of the device id cookie: the same device following twice is one follow.
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('followed_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('followers_channel_device')
    .on('followers')
    .columns(['channel_id', 'device_hash'])
    .unique()
    .execute();

  await db.schema
    .createTable('follower_tags')
    .addColumn('follower_id', t.bigint, (c) => c.notNull().references('followers.id').onDelete('cascade'))
    .addColumn('tag_id', t.bigint, (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('channel_id', t.bigint, (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('follower_tags_pk', ['follower_id', 'tag_id'])
    .execute();
  // Send-list counts walk a tag's followers.
  await db.schema
    .createIndex('follower_tags_tag')
    .on('follower_tags')
    .columns(['tag_id', 'follower_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('follower_tags').execute();
  await db.schema.dropTable('followers').execute();
  await db.schema.dropTable('tags').execute();
}
