import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Daily rollups of reads (official-app and other-app reads, unique users, region): what the
 * read-log graph reads, at most one row per code
 * and Asia/Tokyo day in `read_days`, and one per code, day and dimension value in `read_dims`,
 * however many reads a code has. The flush adds to them. `read_visitors` holds the day's visitor
 * (or reader device) hashes only as long as a day's unique users can still grow: 48 hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const t = dialectSql(dialect);
  // On SQLite the rows live in their primary key's order (no separate rowid table), so a range of
  // one code's days is one contiguous read.
  const clustered = dialect === 'sqlite' ? sql`without rowid` : sql``;

  await db.schema
    .createTable('read_days')
    .addColumn('qr_id', 'varchar(32)', (c) => c.notNull().references('qr_codes.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // Reads by our reader (official app) and by any other app through /r/.
    .addColumn('official', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('other', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uniques_official', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uniques_other', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('read_days_pk', ['qr_id', 'day'])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable('read_dims')
    .addColumn('qr_id', 'varchar(32)', (c) => c.notNull().references('qr_codes.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // c = country (ISO alpha-2, ZZ unknown), p = prefecture (JIS X 0401), o = operating system.
    .addColumn('dim', 'varchar(1)', (c) => c.notNull())
    .addColumn('value', 'varchar(8)', (c) => c.notNull())
    .addColumn('official', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('other', 'integer', (c) => c.notNull().defaultTo(0))
    // Ordered by value before day: the graph sums each value over a range of days, which then
    // reads in group order instead of sorting.
    .addPrimaryKeyConstraint('read_dims_pk', ['qr_id', 'dim', 'value', 'day'])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable('read_visitors')
    .addColumn('qr_id', 'varchar(32)', (c) => c.notNull().references('qr_codes.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('visitor', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('read_visitors_pk', ['qr_id', 'day', 'visitor'])
    .modifyEnd(clustered)
    .execute();
  await db.schema.createIndex('read_visitors_created').on('read_visitors').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('read_visitors').execute();
  await db.schema.dropTable('read_dims').execute();
  await db.schema.dropTable('read_days').execute();
}
