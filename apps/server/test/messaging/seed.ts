import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client';
import { insertChannelRow } from '../helpers/audience';
import type { FakePushService, TestSubscription } from '../support/fake-push-service';

/**
 * A channel with `followers` followers and reserved messages written straight into the tables (for
 * the delivery tests and bench, which need tens of thousands of rows in seconds). Returns the ids.
 */
export async function seedChannelWithFollowers(db: Db, followers: number): Promise<{ channelId: number }> {
  const now = Date.now();
  const userId = await insertMemberRow(db);
  const channelId = await insertChannelRow(db, userId, 'delivery');
  for (let i = 0; i < followers; i += 2000) {
    const n = Math.min(2000, followers - i);
    await db.kysely
      .insertInto('followers')
      .values(
        Array.from({ length: n }, () => ({
          channel_id: channelId,
          device_hash: randomBytes(32).toString('hex'),
          followed_at: now,
        })),
      )
      .execute();
  }
  return { channelId };
}

/** An active member of the channel service (no session), written straight into its table; answers its id. */
export async function insertMemberRow(db: Db): Promise<string> {
  const now = Date.now();
  const userId = `u-${randomBytes(6).toString('hex')}`;
  await db.kysely
    .insertInto('users')
    .values({
      id: userId,
      email: `${userId}@example.test`,
      status: 'active',
      user_name: 'seed',
      company_name: '',
      password_hash: null,
      locale: 'ja',
      carry_over_key: null,
      channel_service_registered: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return userId;
}

/** `count` reserved messages to all followers, due at `sendAt` (Unix ms). */
export async function seedReservedMessages(
  db: Db,
  channelId: number,
  count: number,
  sendAt: number,
): Promise<number[]> {
  const now = Date.now();
  const rows = await db.kysely
    .insertInto('messages')
    .values(
      Array.from({ length: count }, (_, i) => ({
        channel_id: channelId,
        status: 1,
        layout: 1,
        send_at: sendAt,
        push_text: `予約 ${i + 1}`,
        reserved_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * A reserved message with an A/B test of `variants` parts (A the message, B… drafts as the editor
 * saves them), due at `sendAt`, waiting an hour; answers its id. `content` adds to each part's
 * columns (bench's longer detail text).
 */
export async function seedTestMessage(
  db: Db,
  channelId: number,
  input: {
    sendAt: number;
    sharePercent: number;
    variants: number;
    fallback?: string;
    content?: (letter: string) => { push_text?: string; detail_text?: string };
  },
): Promise<number> {
  const now = Date.now();
  const content = (letter: string) => ({
    channel_id: channelId,
    layout: 1,
    push_text: `パターン${letter}`,
    ...input.content?.(letter),
    created_at: now,
    updated_at: now,
  });
  const message = await db.kysely
    .insertInto('messages')
    .values({ ...content('A'), status: 1, send_at: input.sendAt, reserved_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(message.id);
  await db.kysely
    .insertInto('message_tests')
    .values({
      message_id: id,
      share_percent: input.sharePercent,
      metric: 'open',
      wait_hours: 1,
      fallback: input.fallback ?? 'variant_a',
    })
    .execute();
  await db.kysely
    .insertInto('messages')
    .values(
      Array.from({ length: input.variants - 1 }, (_, i) => ({
        ...content('BCD'[i] as string),
        status: 0,
        test_of: id,
        variant: i + 1,
        test_part: 1,
      })),
    )
    .execute();
  return id;
}

/** Each device subscribed with its subscription (from the fake push service), 1,000 rows a statement. */
export async function seedSubscriptions(
  db: Db,
  origin: string,
  devices: ReadonlyArray<{ deviceHash: string; sub: Pick<TestSubscription, 'endpoint' | 'keys'> }>,
): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < devices.length; i += 1000)
    await db.kysely
      .insertInto('push_subscriptions')
      .values(
        devices.slice(i, i + 1000).map(({ deviceHash, sub }) => ({
          endpoint: sub.endpoint,
          origin,
          device_hash: deviceHash,
          user_id: null,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
}

/** Every follower of the channel subscribed at the fake push service; answers endpoint → its id there. */
export async function subscribeEveryFollower(
  db: Db,
  fake: Pick<FakePushService, 'origin' | 'subscription'>,
  channelId: number,
): Promise<Map<string, string>> {
  const followers = await db.kysely
    .selectFrom('followers')
    .select('device_hash')
    .where('channel_id', '=', channelId)
    .execute();
  const ids = new Map<string, string>();
  await seedSubscriptions(
    db,
    fake.origin,
    followers.map((f) => {
      const sub = fake.subscription();
      ids.set(sub.endpoint, sub.id);
      return { deviceHash: f.device_hash, sub };
    }),
  );
  return ids;
}
