import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../src/db/migrations/0027-drop-follow-events';
import type { Jobs } from '../../src/platform/jobs/jobs';
import { asSchemaChange, createTestApp, type TestApp } from '../helpers/app';
import { insertChannelRow } from '../helpers/audience';
import { registeredMember } from '../helpers/channels';

/**
 * Migration 0027 drops `follow_events` (written, never read) and the stored jobs of the
 * `points.followed` event (no listener): run on a database that has rows of both.
 */
let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await registeredMember(t.app)).user.user_id;
});
afterAll(() => t?.close());

const db = () => t.ctx.db.kysely;

async function tableExists(): Promise<boolean> {
  try {
    await sql`select count(*) as n from follow_events`.execute(db());
    return true;
  } catch {
    return false;
  }
}

const jobKinds = async () =>
  (await db().selectFrom('jobs').select('kind').where('key', 'like', 'mig27:%').execute())
    .map((j) => j.kind)
    .sort();

describe('migration 0027: follow_events and the followed-event jobs go', () => {
  it('drops the table with its rows and only the followed-event jobs, and comes back empty on down', async () => {
    const channelId = await insertChannelRow(t.ctx.db, userId, 'events');
    expect(await tableExists()).toBe(false);
    await asSchemaChange(t, () => migration.down(db() as never));
    try {
      const at = Date.now();
      await sql`insert into follow_events (channel_id, kind, at) values
        (${channelId}, 1, ${at}), (${channelId}, 2, ${at + 1}), (${channelId}, 1, ${at + 2})`.execute(db());
      const rows = await sql<{ n: number | string }>`select count(*) as n from follow_events`.execute(db());
      expect(Number(rows.rows[0]?.n)).toBe(3);
      // Jobs of the version before: its list still had the followed event.
      const earlierJobs = t.ctx.jobs as unknown as Jobs<{
        [kind: string]: { channelId: number; followerId: number };
      }>;
      for (const [kind, key] of [
        ['followers.followed-event', 'mig27:1'],
        ['followers.followed-event', 'mig27:2'],
        ['followers.unfollowed-event', 'mig27:3'],
      ] as const)
        await earlierJobs.enqueue({
          kind,
          key,
          payload: { channelId, followerId: 1 },
          runAfter: Date.now() + 3_600_000,
        });
      expect(await jobKinds()).toEqual([
        'followers.followed-event',
        'followers.followed-event',
        'followers.unfollowed-event',
      ]);
    } finally {
      await asSchemaChange(t, () => migration.up(db() as never));
    }
    expect(await tableExists()).toBe(false);
    expect(await jobKinds()).toEqual(['followers.unfollowed-event']);
    // The channel and its own rows are untouched.
    expect(await db().selectFrom('channels').select('id').where('id', '=', channelId).execute()).toHaveLength(
      1,
    );
    await db().deleteFrom('jobs').where('key', 'like', 'mig27:%').execute();
  });
});
