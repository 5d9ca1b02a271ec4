import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * A/B tests of messages (modules/messaging/ab-*.ts). Every row is kept: existing messages carry
 * no test (the new columns are null).
 * - `messages.test_of`: the message a row is a part of, with `variant` (0 = A … 3 = D) and
 *   `test_part` (1 a variant B–D, whose content the operator wrote; 2 the winner's send to the rest
 *   of the audience). Variant A is the message itself. Parts go with their message.
 * - `message_tests`: a message's test settings, and once sent its decision time; once decided the
 *   verdict (winner, how, rates and z-test as JSON) and the winner's send.
 * - `message_test_members`: the split, one row per follower of the test share with its variant,
 *   written once by the send's claim, so a crash or restart never moves a follower.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema
    .alterTable('messages')
    .addColumn('test_of', t.bigint, (c) => c.references('messages.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('messages').addColumn('variant', 'integer').execute();
  await db.schema.alterTable('messages').addColumn('test_part', 'integer').execute();
  await sql`create index messages_test_of on messages (test_of) where test_of is not null`.execute(db);
  // One winner's send a test, whatever the races.
  await sql`create unique index messages_test_winner on messages (test_of) where test_part = 2`.execute(db);

  await db.schema
    .createTable('message_tests')
    .addColumn('message_id', t.bigint, (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('share_percent', 'integer', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('wait_hours', 'integer', (c) => c.notNull())
    .addColumn('fallback', 'text', (c) => c.notNull())
    .addColumn('group_size', 'integer')
    .addColumn('decide_at', t.bigint)
    .addColumn('decided_at', t.bigint)
    .addColumn('winner', 'integer')
    .addColumn('decided_by', 'text')
    .addColumn('verdict', 'text')
    .addColumn('winner_message_id', t.bigint)
    .execute();
  await sql`create index message_tests_due on message_tests (decide_at) where decided_at is null`.execute(db);

  await db.schema
    .createTable('message_test_members')
    .addColumn('message_id', t.bigint, (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('follower_id', t.bigint, (c) => c.notNull())
    .addColumn('variant', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_test_members_pk', ['message_id', 'follower_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_test_members').execute();
  await db.schema.dropTable('message_tests').execute();
  await sql`drop index messages_test_winner`.execute(db);
  await sql`drop index messages_test_of`.execute(db);
  await db.schema.alterTable('messages').dropColumn('test_part').execute();
  await db.schema.alterTable('messages').dropColumn('variant').execute();
  await db.schema.alterTable('messages').dropColumn('test_of').execute();
}
