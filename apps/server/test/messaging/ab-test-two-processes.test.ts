import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { newSchemaName, testDb, withSchemaLock } from '../helpers/app';
import { testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { openSome, partsOf } from './ab-helpers';
import { expectExactlyOnce, reachCap } from './ab-seed';
import { until } from './killed-server';
import { seedChannelWithFollowers, seedTestMessage } from './seed';

/**
 * Two server processes on one PostgreSQL and one Redis, both sweeping: six A/B tests due at the
 * same second (each its own channel, one with a frequency cap) are split, sent, decided when their
 * waiting time ends and their winners sent, each once; every follower has exactly one variant or
 * the winner, none only when capped.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const TESTS = 6;
const FOLLOWERS = 1000;

describe.runIf(databaseUrl && testDb === 'postgres')('A/B tests sent by two server processes', () => {
  const schema = newSchemaName('t_ab2');
  const servers: ServerProcess[] = [];
  let db: Db;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: uniqueRedisPrefix('ab2'),
    };
    await withSchemaLock(databaseUrl, async (client) => {
      await client.query(`create schema ${schema}`);
      for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env));
    });
    db = createDb({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, sqliteFile: '' });
  }, 90_000);

  afterAll(async () => {
    await db?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await withSchemaLock(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
  });

  const statuses = async (ids: readonly number[]) =>
    (
      await db.kysely
        .selectFrom('messages')
        .select('status')
        .where('id', 'in', [...ids])
        .execute()
    ).map((r) => Number(r.status));

  it('each test is split once and its winner sent once: one variant or the winner each', async () => {
    const sendAt = Date.now() + 3000;
    const tests: Array<{ channelId: number; messageId: number; capped: Set<number> }> = [];
    for (let i = 0; i < TESTS; i++) {
      const { channelId } = await seedChannelWithFollowers(db, FOLLOWERS);
      const capped = i === 0 ? await reachCap(db, channelId, 1, 9) : new Set<number>();
      const messageId = await seedTestMessage(db, channelId, {
        sendAt,
        sharePercent: 30 + 10 * (i % 3),
        variants: 2 + (i % 2),
        fallback: i % 2 === 0 ? 'variant_a' : 'best',
      });
      tests.push({ channelId, messageId, capped });
    }
    const ids = tests.map((t) => t.messageId);
    await until(async () => (await statuses(ids)).every((s) => s === 2), 60_000);
    expect(await statuses(ids)).toEqual(ids.map(() => 2));

    // Half the tests have a clear winner (B opened); then every waiting time ends at once.
    for (const [i, t] of tests.entries())
      if (i % 2 === 0)
        await openSome(db, (await partsOf(db, t.messageId)).variants[1] as number, 40, Date.now());
    await db.kysely
      .updateTable('message_tests')
      .set({ decide_at: Date.now() })
      .where('message_id', 'in', ids)
      .execute();
    const winners = async () => Promise.all(ids.map(async (id) => (await partsOf(db, id)).winner));
    await until(async () => (await winners()).every((w) => w?.status === 2), 60_000);

    for (const [i, t] of tests.entries()) {
      const { winnerId } = await expectExactlyOnce(db, t.channelId, t.messageId, t.capped);
      const winner = await db.kysely
        .selectFrom('messages')
        .select('variant')
        .where('id', '=', winnerId)
        .executeTakeFirstOrThrow();
      // B won where it was opened; elsewhere the fallback: A, or the best (no opens: A).
      expect(winner.variant).toBe(i % 2 === 0 ? 1 : 0);
    }
    // One winner's send per test, whatever both processes did.
    const sends = await db.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('test_of', 'in', ids)
      .where('test_part', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(sends.n)).toBe(TESTS);
  }, 180_000);
});
