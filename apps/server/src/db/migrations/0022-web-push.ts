import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Web Push (modules/push): a push only announces what the follower's inbox already holds.
 *
 * - `push_subscriptions`: a browser's PushSubscription, stored by endpoint (unique: subscribing again
 *   replaces it), belonging to a reader device (`device_hash`, the `qr_device` hash; one subscription
 *   per device: a new endpoint of the device replaces its old one). `user_id` is the member signed in
 *   when the device subscribed (the operator's own devices for a test send), else null.
 * - Push state of every delivery, on the delivery row itself, so the rows are their own durable
 *   queue: `push_state` 0 pending, 1 accepted, 2 gone (404/410 or no subscription), 3 failed;
 *   `push_due_at` (Unix ms) when a pending push may be taken next: a claim moves it a lease ahead,
 *   a backoff or quiet hours further; `push_attempts` counts tries. A partial index keeps only the
 *   pending rows in the claim's path. Rows written before push existed are marked gone.
 * - Quiet hours per channel: off by default; minutes of the day in Japan (21:00–08:00 offered).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('origin', 'varchar(255)', (c) => c.notNull())
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_device')
    .on('push_subscriptions')
    .column('device_hash')
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  for (const table of ['message_deliveries', 'welcome_deliveries']) {
    if (table === 'welcome_deliveries')
      await db.schema
        .alterTable(table)
        .addColumn('push_state', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    await db.schema
      .alterTable(table)
      .addColumn('push_due_at', t.bigint, (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('push_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Deliveries from before push: never pushed now (gone).
    await sql`update ${sql.table(table)} set push_state = 2`.execute(db);
    await sql`create index ${sql.raw(`${table}_push_due`)} on ${sql.table(table)} (push_due_at) where push_state = 0`.execute(
      db,
    );
  }

  await db.schema
    .alterTable('channels')
    .addColumn('quiet_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('channels')
    .addColumn('quiet_start', 'integer', (c) => c.notNull().defaultTo(21 * 60))
    .execute();
  await db.schema
    .alterTable('channels')
    .addColumn('quiet_end', 'integer', (c) => c.notNull().defaultTo(8 * 60))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['message_deliveries', 'welcome_deliveries']) {
    await sql`drop index ${sql.raw(`${table}_push_due`)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('push_due_at').execute();
    await db.schema.alterTable(table).dropColumn('push_attempts').execute();
  }
  await db.schema.alterTable('welcome_deliveries').dropColumn('push_state').execute();
  for (const column of ['quiet_hours', 'quiet_start', 'quiet_end'])
    await db.schema.alterTable('channels').dropColumn(column).execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
