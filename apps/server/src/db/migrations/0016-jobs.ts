import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Durable background work (platform/jobs/jobs.ts): one row a job. `key` is unique per kind, so
 * enqueueing the same work twice is one job; finished rows stay a week so a late duplicate is
 * still recognised. The runner claims by (state, run_after).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema
    .createTable('jobs')
    .addColumn('id', t.serial, (c) => t.serialKey(c))
    .addColumn('kind', 'varchar(100)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('run_after', t.bigint, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_until', t.bigint)
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('finished_at', t.bigint)
    .addUniqueConstraint('jobs_kind_key', ['kind', 'key'])
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_after']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
