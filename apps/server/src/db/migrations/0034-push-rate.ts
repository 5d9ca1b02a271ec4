import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * The measured push rate (modules/messaging/push-rate.ts): one row per push sweep that sent enough
 * pushes to measure (pushes sent, the sweep's elapsed milliseconds, when it ended), the newest few
 * kept, so the editor's projected finish survives a restart and is shared by every process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema
    .createTable('push_rate_samples')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('pushes', 'integer', (c) => c.notNull())
    .addColumn('elapsed_ms', 'integer', (c) => c.notNull())
    .addColumn('at', t.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_rate_samples').execute();
}
