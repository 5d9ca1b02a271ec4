import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('company_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('locale', 'varchar(8)', (c) => c.notNull().defaultTo('ja'))
    .addColumn('carry_over_key', 'varchar(128)')
    .addColumn('channel_service_registered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('confirmations')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('new_email', 'varchar(254)')
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('used_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('confirmations_user_purpose')
    .on('confirmations')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox', 'confirmations', 'sessions', 'users', 'app_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
