import { type SqlBool, sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { deliveriesOf, partsOf, splitOf } from './ab-helpers';

/**
 * For the A/B tests of real server processes (crash, two processes; the test itself is written by
 * seed.ts's seedTestMessage): followers brought to the cap, and the check every one of them ends
 * with: each follower of the audience has exactly one variant (its group's) or the winner, or
 * nothing when capped.
 */

/**
 * Followers whose every delivery goes over the channel's cap of `cap`: each gets `cap` deliveries
 * of an earlier message sent an hour ago. Answers their ids.
 */
export async function reachCap(db: Db, channelId: number, cap: number, every: number): Promise<Set<number>> {
  const now = Date.now();
  await db.kysely.updateTable('channels').set({ frequency_cap: cap }).where('id', '=', channelId).execute();
  const followers = await db.kysely
    .selectFrom('followers')
    .select('id')
    .where('channel_id', '=', channelId)
    .where(sql<SqlBool>`id % ${sql.lit(every)} = 0`)
    .execute();
  const ids = followers.map((f) => Number(f.id));
  for (let m = 0; m < cap; m++) {
    const earlier = await db.kysely
      .insertInto('messages')
      .values({
        channel_id: channelId,
        status: 2,
        layout: 1,
        send_at: now - 3_600_000,
        sent_at: now - 3_600_000,
        delivered_count: ids.length,
        push_text: '先の配信',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < ids.length; i += 1000)
      await db.kysely
        .insertInto('message_deliveries')
        .values(
          ids.slice(i, i + 1000).map((follower_id) => ({
            message_id: Number(earlier.id),
            follower_id,
            delivered_at: now - 3_600_000,
          })),
        )
        .execute();
  }
  return new Set(ids);
}

/** The test's send list: every follower of the channel. */
async function audienceOf(db: Db, channelId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('followers')
    .select('id')
    .where('channel_id', '=', channelId)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Exactly once: every follower of the channel has one delivery of the test's parts and winner's
 * send, its group's variant if in the split, else the winner; none when `capped` holds it. The
 * capped are counted once, on the message (its groups) and on the winner's send (the rest).
 */
export async function expectExactlyOnce(
  db: Db,
  channelId: number,
  messageId: number,
  capped = new Set<number>(),
) {
  const { variants, winner } = await partsOf(db, messageId);
  expect(winner?.status).toBe(2);
  const winnerId = Number(winner?.id);
  const split = await splitOf(db, messageId);
  const got = await deliveriesOf(db, [...variants, winnerId]);
  const audience = await audienceOf(db, channelId);
  const wrong: string[] = [];
  for (const follower of audience) {
    const group = split.get(follower);
    const expected = capped.has(follower)
      ? []
      : [group === undefined ? winnerId : (variants[group] as number)];
    const actual = got.get(follower) ?? [];
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      wrong.push(`${follower}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  const counted = await db.kysely
    .selectFrom('messages')
    .select(['id', 'capped_count', 'delivered_count'])
    .where('id', 'in', [messageId, winnerId])
    .execute();
  const cappedCount = counted.reduce((sum, r) => sum + Number(r.capped_count ?? 0), 0);
  expect(cappedCount).toBe(capped.size);
  const winnerRow = counted.find((r) => Number(r.id) === winnerId);
  const toRest = [...got.values()].filter((ids) => ids[0] === winnerId).length;
  expect(Number(winnerRow?.delivered_count)).toBe(toRest);
  return { split, variants, winnerId };
}
