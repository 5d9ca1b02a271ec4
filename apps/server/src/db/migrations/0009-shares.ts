import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Sharing a code's read log by e-mail invitation, with permissions: `qr_shares` holds accepted shares (a recipient
 * member and their permissions), `share_invitations` the open invitations (the invited address,
 * a SHA-256 of the one-time code, the expiry). Both cascade from the code; a share also from its
 * recipient's account. An accepted invitation is deleted, so its code works once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('qr_shares')
    .addColumn('qr_id', 'varchar(32)', (c) => c.notNull().references('qr_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('can_view', 'integer', (c) => c.notNull())
    .addColumn('can_edit_title', 'integer', (c) => c.notNull())
    .addColumn('can_delete_code', 'integer', (c) => c.notNull())
    .addColumn('can_manage_users', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('qr_shares_pk', ['qr_id', 'user_id'])
    .execute();
  // The shared tab lists a member's shares.
  await db.schema.createIndex('qr_shares_user').on('qr_shares').columns(['user_id', 'qr_id']).execute();

  await db.schema
    .createTable('share_invitations')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('qr_id', 'varchar(32)', (c) => c.notNull().references('qr_codes.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('can_view', 'integer', (c) => c.notNull())
    .addColumn('can_edit_title', 'integer', (c) => c.notNull())
    .addColumn('can_delete_code', 'integer', (c) => c.notNull())
    .addColumn('can_manage_users', 'integer', (c) => c.notNull())
    .addColumn('invited_by', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  // One open invitation per address and code; activation looks invitations up by address.
  await db.schema
    .createIndex('share_invitations_qr_email')
    .on('share_invitations')
    .columns(['qr_id', 'email'])
    .unique()
    .execute();
  await db.schema.createIndex('share_invitations_email').on('share_invitations').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_invitations').execute();
  await db.schema.dropTable('qr_shares').execute();
}
