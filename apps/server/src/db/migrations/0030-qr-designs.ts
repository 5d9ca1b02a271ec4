import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Branded codes (issue 31): a code's design (colours, shapes, logo, call to action) as the JSON of
 * QrDesign in @qrqr/shared, null for the plain code; and a member's named styles, a few each
 * (DESIGN_LIMITS.stylesMax), gone with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema.alterTable('qr_codes').addColumn('design', 'text').execute();
  await db.schema
    .createTable('qr_styles')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('design', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  // One name per member, also under two saves at once.
  await db.schema
    .createIndex('qr_styles_user_name')
    .on('qr_styles')
    .columns(['user_id', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('qr_styles').execute();
  await db.schema.alterTable('qr_codes').dropColumn('design').execute();
}
