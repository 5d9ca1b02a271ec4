import { type Kysely, sql } from 'kysely';

/**
 * A message is sent in two steps (modules/messaging/deliver.ts): the claim writes the deliveries
 * of the followers with a push subscription, so their pushes start at once, and a second
 * transaction the rest of the audience. `rest_pending` is 1 between the two; a process that dies
 * there leaves it for any process's next sweep. Sent messages before this migration are complete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('rest_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The sweep looks for the few pending ones among all messages.
  await sql`create index messages_rest_pending on messages (id) where rest_pending = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index messages_rest_pending`.execute(db);
  await db.schema.alterTable('messages').dropColumn('rest_pending').execute();
}
