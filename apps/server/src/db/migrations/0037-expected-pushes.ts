import type { Kysely } from 'kysely';

/**
 * A reserved message's expected pushes (its devices at its send time, counted when it is
 * reserved), so the editor's projected finish of a later send counts the pushes of the sends
 * reserved to go before it (modules/messaging/push-waiting.ts). Null for the messages before it:
 * the sent ones are in the line as their deliveries' pending pushes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('expected_pushes', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('expected_pushes').execute();
}
