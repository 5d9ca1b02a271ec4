import { messageWithTestAnswer } from '@qrqr/shared/ab-test-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedFollowers } from '../helpers/audience';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { expectAnswer } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { newMessage } from './helpers';

/**
 * The A/B tests' helpers: a test file's app and members, its clock, a test's settings, a draft
 * with one, and a channel's followers.
 */

export const HOUR = 3_600_000;
/** The tests' clock: ten days on, in whole seconds (as send_dt), so nothing is due before a test says. */
export const T0 = Math.ceil((Date.now() + 10 * 24 * HOUR) / 1000) * 1000;

export interface AbTestFile {
  t: TestApp;
  /** Runs the tests. */
  owner: Member;
  /** Must not reach the owner's tests. */
  other: Member;
}

/**
 * The app of one A/B test file and two members of the channel service, made before its first test
 * and closed after its last: `const s = abTestFile();`, then `s.owner`, `s.t` inside the tests.
 */
export function abTestFile(): AbTestFile {
  const state = {} as AbTestFile;
  beforeAll(async () => {
    state.t = await createTestApp();
    state.owner = await registeredMember(state.t.app);
    state.other = await registeredMember(state.t.app);
  });
  afterAll(() => state.t?.close());
  return state;
}

/** A channel of the owner's with `followers` followers: its id and code. */
export async function channelWith(s: AbTestFile, followers: number) {
  const channel = await createChannel(s.owner.client);
  await addFollowers(s.t.ctx.db, channel.channel_id, followers);
  return { id: channel.channel_id, code: channel.channel_code };
}

/** Settings of a test with variant B (and more when `variants` lists them). */
export const abTest = (patch: Record<string, unknown> = {}) => ({
  share_percent: 20,
  metric: 'open',
  wait_hours: 24,
  fallback: 'variant_a',
  variants: [newMessage({ push_text: 'パターンB' })],
  ...patch,
});

export async function saveTestDraft(
  client: TestClient,
  channelId: number,
  patch: Record<string, unknown> = {},
  test: Record<string, unknown> = {},
) {
  const res = await client.post(
    channelPath.messages(channelId),
    newMessage({ push_text: 'パターンA', ab_test: abTest(test), ...patch }),
  );
  return expectAnswer(res, messageWithTestAnswer);
}

/** `n` followers of the channel, written straight into its table. */
export function addFollowers(db: Db, channelId: number, n: number): Promise<number[]> {
  return seedFollowers(
    db,
    channelId,
    Array.from({ length: n }, () => []),
  );
}

/** Every delivery of these messages: follower → message ids. */
export async function deliveriesOf(db: Db, messageIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await db.kysely
    .selectFrom('message_deliveries')
    .select(['follower_id', 'message_id'])
    .where('message_id', 'in', [...messageIds])
    .execute();
  const by = new Map<number, number[]>();
  for (const r of rows)
    by.set(Number(r.follower_id), [...(by.get(Number(r.follower_id)) ?? []), Number(r.message_id)]);
  return by;
}

/** The stored split: follower → variant. */
export async function splitOf(db: Db, messageId: number): Promise<Map<number, number>> {
  const rows = await db.kysely
    .selectFrom('message_test_members')
    .select(['follower_id', 'variant'])
    .where('message_id', '=', messageId)
    .execute();
  return new Map(rows.map((r) => [Number(r.follower_id), Number(r.variant)]));
}

/** A test's parts: the message (A) and its variant rows, then its winner's send if made. */
export async function partsOf(db: Db, messageId: number) {
  const rows = await db.kysely
    .selectFrom('messages')
    .select(['id', 'variant', 'test_part', 'push_text', 'status'])
    .where('test_of', '=', messageId)
    .orderBy('test_part')
    .orderBy('variant')
    .execute();
  const variants = [messageId, ...rows.filter((r) => r.test_part === 1).map((r) => Number(r.id))];
  const winner = rows.find((r) => r.test_part === 2);
  return { variants, winner };
}

/** Marks the first `n` deliveries of a message opened (followers who opened it), at `at`. */
export async function openSome(
  db: Db,
  messageId: number,
  n: number,
  at: number,
  column: 'opened_at' | 'coupon_used_at' = 'opened_at',
) {
  const rows = await db.kysely
    .selectFrom('message_deliveries')
    .select('follower_id')
    .where('message_id', '=', messageId)
    .orderBy('follower_id')
    .limit(n)
    .execute();
  expect(rows.length).toBe(n);
  await db.kysely
    .updateTable('message_deliveries')
    .set(
      column === 'opened_at' ? { opened_at: at } : { coupon_used_at: at, coupon_use_count: 1, opened_at: at },
    )
    .where('message_id', '=', messageId)
    .where(
      'follower_id',
      'in',
      rows.map((r) => Number(r.follower_id)),
    )
    .execute();
}
