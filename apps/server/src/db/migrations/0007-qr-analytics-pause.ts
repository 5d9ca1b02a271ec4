import type { Kysely } from 'kysely';

/**
 * A redirect or secret code can stop counting reads and start again without being reprinted
 * (the read-log page): `analytics_paused` is 1 while it does not count. `analysis_type` keeps
 * saying what the printed code holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('qr_codes')
    .addColumn('analytics_paused', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('qr_codes').dropColumn('analytics_paused').execute();
}
