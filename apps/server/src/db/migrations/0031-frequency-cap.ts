import type { Kysely } from 'kysely';

/**
 * The frequency cap (issue 32, modules/messaging/deliver.ts): a channel's `frequency_cap` (0 off,
 * else at most that many messages a follower in a rolling 24 h), the cap a message goes out with
 * (`send_cap`, kept by its claim for its second step) and how many followers of its audience the cap
 * left out (`capped_count`, written once by its second step), and that figure in the message's day
 * rows of channel analytics (`capped`). Every row is kept: channels start with the cap off, messages
 * sent before it capped no one. "Deliveries of a follower since a moment" is read through
 * `message_deliveries_follower` (follower_id, delivered_at), which the inbox already has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('channels')
    .addColumn('frequency_cap', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('messages').addColumn('send_cap', 'integer').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('capped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('channel_message_days')
    .addColumn('capped', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channel_message_days').dropColumn('capped').execute();
  await db.schema.alterTable('messages').dropColumn('capped_count').execute();
  await db.schema.alterTable('messages').dropColumn('send_cap').execute();
  await db.schema.alterTable('channels').dropColumn('frequency_cap').execute();
}
