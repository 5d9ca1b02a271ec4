import { type Kysely, sql } from 'kysely';

/**
 * Every stored time in one unit: a message's send time and a welcome message's end were Unix
 * seconds (the date picker's output, as the API still carries them); they become milliseconds like
 * every other time, under names that say so (`send_at`, `send_end_at`). Every row keeps its moment.
 * The index on (status, send_dt) follows the renamed column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').renameColumn('send_dt', 'send_at').execute();
  await sql`update messages set send_at = send_at * 1000 where send_at is not null`.execute(db);
  await db.schema.alterTable('welcome_messages').renameColumn('send_end_dt', 'send_end_at').execute();
  await sql`update welcome_messages set send_end_at = send_end_at * 1000 where send_end_at is not null`.execute(
    db,
  );
}

/** Seconds again (a moment inside a second is cut to its second). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update messages set send_at = send_at / 1000 where send_at is not null`.execute(db);
  await db.schema.alterTable('messages').renameColumn('send_at', 'send_dt').execute();
  await sql`update welcome_messages set send_end_at = send_end_at / 1000 where send_end_at is not null`.execute(
    db,
  );
  await db.schema.alterTable('welcome_messages').renameColumn('send_end_at', 'send_end_dt').execute();
}
