import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { newSchemaName, testDb, withSchemaLock } from '../helpers/app';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { seedChannelWithFollowers, seedReservedMessages } from './seed';

/**
 * Two server processes on one PostgreSQL, 200 messages due at the same second to 500 followers:
 * both sweep, each message is claimed by one of them (one atomic update, SKIP LOCKED), every
 * follower gets every message exactly once, and each is sent within 5 s of its send time.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const FOLLOWERS = 500;
const MESSAGES = 200;

describe.runIf(databaseUrl && testDb === 'postgres')(
  'two server processes sending 200 messages due at once',
  () => {
    const schema = newSchemaName('t_send2');
    const servers: ServerProcess[] = [];
    let db: Db;

    beforeAll(async () => {
      await withSchemaLock(databaseUrl, async (client) => {
        await client.query(`create schema ${schema}`);
        for (let i = 0; i < 2; i++)
          servers.push(await startServerProcess({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }));
      });
      db = createDb({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, sqliteFile: '' });
    }, 90_000);

    afterAll(async () => {
      await db?.close();
      await Promise.all(servers.map((s) => s.stop()));
      await withSchemaLock(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
    });

    it('each follower gets each message exactly once, within 5 s', async () => {
      const { channelId } = await seedChannelWithFollowers(db, FOLLOWERS);
      const sendAt = Date.now() + 3000;
      const ids = await seedReservedMessages(db, channelId, MESSAGES, sendAt);
      const deadline = Date.now() + 60_000;
      const sentCount = async () =>
        Number(
          (
            await db.kysely
              .selectFrom('messages')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('id', 'in', ids)
              .where('status', '=', 2)
              .executeTakeFirstOrThrow()
          ).n,
        );
      while ((await sentCount()) < MESSAGES && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      const rows = await db.kysely
        .selectFrom('messages')
        .select(['id', 'status', 'delivered_count', 'sent_at', 'send_at'])
        .where('id', 'in', ids)
        .execute();
      expect(rows.every((r) => r.status === 2 && r.delivered_count === FOLLOWERS)).toBe(true);
      const late = rows.map((r) => Number(r.sent_at) - Number(r.send_at));
      expect(Math.max(...late)).toBeLessThan(5000);
      const pairs = await db.kysely
        .selectFrom('message_deliveries')
        .select((eb) => [
          eb.fn.countAll().as('n'),
          eb.fn.count('message_id').distinct().as('messages'),
          eb.fn.count('follower_id').distinct().as('followers'),
        ])
        .where('message_id', 'in', ids)
        .executeTakeFirstOrThrow();
      expect({
        n: Number(pairs.n),
        messages: Number(pairs.messages),
        followers: Number(pairs.followers),
      }).toEqual({
        n: MESSAGES * FOLLOWERS,
        messages: MESSAGES,
        followers: FOLLOWERS,
      });
      // Per (message, follower): exactly one row (the primary key), and none missing (the count above).
    }, 120_000);
  },
);
