import type { Kysely } from 'kysely';

/**
 * A channel's icon and background: the stored picture's name (`{hash}.{jpg|png}` in `images`,
 * which cascades from the channel), so presenting a channel needs no join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channels').addColumn('icon_image', 'varchar(64)').execute();
  await db.schema.alterTable('channels').addColumn('background_image', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channels').dropColumn('background_image').execute();
  await db.schema.alterTable('channels').dropColumn('icon_image').execute();
}
