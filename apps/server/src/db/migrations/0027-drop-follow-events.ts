import { type Kysely, sql } from 'kysely';
import { up as createFollowEvents } from './0020-follow-events';

/**
 * `follow_events` (migration 0020) had writers and no reader: channel analytics counts follows and
 * unfollows into its own days (migration 0023) as they happen. The table goes, and with it the
 * jobs of the `points.followed` event, which no module listened to: a job of a kind no handler is
 * registered for would wait in `jobs` for ever.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where kind = 'followers.followed-event'`.execute(db);
  await db.schema.dropTable('follow_events').execute();
}

/** The empty table again (its rows are not kept). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await createFollowEvents(db);
}
