import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/** Failed sign-ins per e-mail address, so one account cannot be guessed at from many addresses. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema
    .createTable('sign_in_locks')
    .addColumn('email_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locks', 'integer', (c) => c.notNull())
    .addColumn('locked_until', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_locks').execute();
}
