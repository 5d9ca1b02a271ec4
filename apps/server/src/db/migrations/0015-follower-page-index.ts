import type { Kysely } from 'kysely';

/**
 * The operator's followers page walks a channel's followers newest first: with this index a page
 * is read in order, at either end, and the count is a covering-index count, instead of sorting all
 * 100,000 followers of a channel for every page (bench:operator-load).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('followers_channel_followed')
    .on('followers')
    .columns(['channel_id', 'followed_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('followers_channel_followed').execute();
}
