import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue, deliverRest } from '../../src/modules/messaging/deliver';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertChannelRow, seedFollowers } from '../helpers/audience';
import { registeredMember } from '../helpers/channels';

/**
 * The frequency cap against a plain model, over random audiences, caps, send times, followers
 * joining between sends, push subscriptions (the claim's part) and second steps that fail once and
 * are retried: after each send every follower of the audience has the message or is counted capped,
 * never both, never neither, and exactly those the model says reached the cap (N deliveries since
 * 24 h before the send time) are left out.
 */
let t: TestApp;
let userId: string;
/** Messages whose second step fails once (before its commit), then succeeds on the retry. */
const failOnce = new Set<number>();

beforeAll(async () => {
  t = await createTestApp();
  userId = (await registeredMember(t.app)).user.user_id;
  t.ctx.registry.register(points.delivered, async (e) => {
    if (e.messageId !== null && failOnce.delete(e.messageId) && e.welcomeMessageId === null)
      throw new Error('the second step dies before its commit');
  });
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const WINDOW = 24 * HOUR;

const send = fc.record({
  /** Minutes after the previous send (0: the same moment). */
  gap: fc.integer({ min: 0, max: 20 * 60 }),
  joiners: fc.integer({ min: 0, max: 3 }),
  failRest: fc.boolean(),
});
const scenario = fc.record({
  cap: fc.integer({ min: 1, max: 10 }),
  followers: fc.integer({ min: 0, max: 20 }),
  subscribedShare: fc.double({ min: 0, max: 1, noNaN: true }),
  sends: fc.array(send, { minLength: 1, maxLength: 7 }),
  seed: fc.integer(),
});

async function addFollowers(channelId: number, n: number, subscribedShare: number, rand: () => number) {
  const ids = await seedFollowers(
    t.ctx.db,
    channelId,
    Array.from({ length: n }, () => []),
  );
  for (const id of ids) {
    if (rand() >= subscribedShare) continue;
    const { device_hash } = await t.ctx.db.kysely
      .selectFrom('followers')
      .select('device_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await t.ctx.db.kysely
      .insertInto('push_subscriptions')
      .values({
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`,
        origin: 'https://fcm.googleapis.com',
        device_hash,
        user_id: null,
        p256dh: 'p',
        auth: 'a',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return ids;
}

describe('the frequency cap, property', () => {
  it('writes or counts every follower of the audience, never both, as the model says', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        let state = s.seed;
        const rand = () => {
          state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
          return Math.abs(state) / 2_147_483_648;
        };
        const channelId = await insertChannelRow(t.ctx.db, userId, 'cap');
        await t.ctx.db.kysely
          .updateTable('channels')
          .set({ frequency_cap: s.cap })
          .where('id', '=', channelId)
          .execute();
        const audience = await addFollowers(channelId, s.followers, s.subscribedShare, rand);
        /** The model: each follower's delivery times. */
        const received = new Map<number, number[]>(audience.map((id) => [id, []]));
        let at = Date.now() + 30 * 24 * HOUR;
        for (const step of s.sends) {
          at += step.gap * 60_000;
          for (const id of await addFollowers(channelId, step.joiners, s.subscribedShare, rand)) {
            audience.push(id);
            received.set(id, []);
          }
          const row = await t.ctx.db.kysely
            .insertInto('messages')
            .values({
              channel_id: channelId,
              status: 1,
              layout: 1,
              send_at: at,
              push_text: 'p',
              reserved_at: at - HOUR,
              created_at: at - HOUR,
              updated_at: at - HOUR,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(row.id);
          const sentAt = at;
          expect(await claimDue(t.ctx, () => sentAt)).toBe(1);
          if (step.failRest) {
            failOnce.add(id);
            expect(await deliverRest(t.ctx)).toBe(0);
          }
          expect(await deliverRest(t.ctx)).toBe(1);
          failOnce.delete(id);

          const expected = audience.filter(
            (f) => (received.get(f) ?? []).filter((x) => x > sentAt - WINDOW).length < s.cap,
          );
          const delivered = (
            await t.ctx.db.kysely
              .selectFrom('message_deliveries')
              .select('follower_id')
              .where('message_id', '=', id)
              .execute()
          ).map((r) => Number(r.follower_id));
          const message = await t.ctx.db.kysely
            .selectFrom('messages')
            .select(['status', 'delivered_count', 'capped_count'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          expect(delivered.sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
          expect(Number(message.status)).toBe(2);
          expect(Number(message.delivered_count)).toBe(delivered.length);
          // Written or counted capped: never both (delivered ⊆ audience, the sum exact), never neither.
          expect(Number(message.delivered_count) + Number(message.capped_count)).toBe(audience.length);
          for (const f of expected) received.get(f)?.push(sentAt);
        }
        // No follower ever had more than the cap within any 24 h.
        for (const times of received.values())
          for (const start of times)
            expect(times.filter((x) => x >= start && x < start + WINDOW).length).toBeLessThanOrEqual(s.cap);
      }),
      { numRuns: 30 },
    );
  }, 300_000);
});
