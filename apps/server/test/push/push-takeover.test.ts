import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../../e2e/support/server';
import { createDb, type Db } from '../../src/db/client';
import { newSchemaName, testDb, withSchemaLock } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { seedChannelWithFollowers, seedReservedMessages, subscribeEveryFollower } from '../messaging/seed';
import { FakePushService, type ReceivedPush } from '../support/fake-push-service';

/**
 * Two server processes push one message to 800 subscribed followers; one is killed (SIGKILL) while
 * it holds claimed batches. The other, healthy beside it, pushes what the dead one had claimed
 * within 30 s of the kill (the claims' lease is short and renewed while a batch is worked), never
 * pushes a delivery recorded as accepted again, and a push sent twice (in flight at the kill) has
 * the same Topic header and notification tag, so the push service and the device keep one.
 * The push settings are the defaults but for the concurrency, so a batch takes seconds to push.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = testDb === 'postgres';
const FOLLOWERS = 800;
const CONCURRENCY = 10;
const TAKEOVER_MS = 30_000;

describe.runIf(!onPostgres || databaseUrl)(
  `a pushing process killed beside a healthy one (${testDb})`,
  () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-push-takeover-'));
    const schema = newSchemaName('t_pushtakeover');
    const fake = new FakePushService();
    const servers: ServerProcess[] = [];
    let db: Db | undefined;
    const env = (): Record<string, string> => ({
      DATA_DIR: dataDir,
      PUSH_SERVICE_ORIGINS: fake.origin,
      PUSH_CA_FILE: fake.caFile,
      VAPID_SUBJECT: 'mailto:takeover@qr.test',
      PUSH_CONCURRENCY_PER_ORIGIN: String(CONCURRENCY),
      ...(onPostgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    });
    const open = () =>
      createDb({
        DATABASE_URL: env().DATABASE_URL,
        DATABASE_SCHEMA: env().DATABASE_SCHEMA,
        sqliteFile: path.join(dataDir, 'qrqr.sqlite'),
      });

    async function start(extra: Record<string, string> = {}): Promise<ServerProcess> {
      const run = () => startServer({ ...env(), ...extra }, { webBuild: false, onOutput: () => {} });
      const server = onPostgres ? await withSchemaLock(databaseUrl, run) : await run();
      servers.push(server);
      return server;
    }

    afterAll(async () => {
      await db?.close();
      for (const server of servers) await server.stop();
      await fake.stop();
      if (onPostgres)
        await withSchemaLock(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const states = async (d: Db, messageId: number) =>
      d.kysely
        .selectFrom('message_deliveries as d')
        .innerJoin('followers as f', 'f.id', 'd.follower_id')
        .innerJoin('push_subscriptions as s', 's.device_hash', 'f.device_hash')
        .select(['d.push_state', 's.endpoint'])
        .where('d.message_id', '=', messageId)
        .execute();

    const received = async (count: number) => {
      const deadline = Date.now() + 60_000;
      while (fake.received.length < count && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      expect(fake.received.length).toBeGreaterThanOrEqual(count);
    };

    it('pushes the dead process’s claimed deliveries within 30 s, none accepted twice', async () => {
      await fake.start();
      // 50 pushes a second a process: a batch of 50 is worked for a second or more.
      fake.latencyMs = 200;
      if (onPostgres) await withSchemaLock(databaseUrl, (c) => c.query(`create schema ${schema}`));
      // The first start only migrates (its runner never starts); the seed goes in meanwhile.
      const migrator = await start({ JOBS_START_DELAY_MS: '600000' });
      db = open();
      const { channelId } = await seedChannelWithFollowers(db, FOLLOWERS);
      const subscriptions = await subscribeEveryFollower(db, fake, channelId); // endpoint → fake id
      process.kill(migrator.pid, 'SIGKILL');
      await migrator.stop();

      // Both run before the message is due, so both push it however long a start takes (a start
      // slower than the whole send left the first nothing claimed at the kill on a busy machine).
      const doomed = await start();
      await start();
      const [messageId] = (await seedReservedMessages(db, channelId, 1, Date.now())) as [number];
      // Both push now; the first is killed with batches claimed.
      await received(FOLLOWERS / 2);
      process.kill(doomed.pid, 'SIGKILL');
      const killedAt = Date.now();
      await doomed.stop();
      const atKill = await states(db, messageId);
      const acceptedBefore = atKill.filter((r) => r.push_state === 1).map((r) => r.endpoint);
      expect(atKill.filter((r) => r.push_state === 0).length).toBeGreaterThan(0);

      let doneAt = Number.NaN;
      while (Date.now() - killedAt < TAKEOVER_MS + 10_000) {
        if (!(await states(db, messageId)).some((r) => r.push_state === 0)) {
          doneAt = Date.now();
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const tookMs = doneAt - killedAt;
      console.log(
        `[${testDb}] every push pending at the kill (${atKill.length - acceptedBefore.length}) accepted ${tookMs} ms after it`,
      );
      expect(tookMs).toBeLessThan(TAKEOVER_MS);

      const after = await states(db, messageId);
      expect(after).toHaveLength(FOLLOWERS);
      expect(after.every((r) => r.push_state === 1)).toBe(true);
      expect(fake.errors).toEqual([]);
      // Recorded accepted before the kill: pushed exactly once, ever.
      for (const endpoint of acceptedBefore)
        expect(fake.pushesTo(subscriptions.get(endpoint) as string), endpoint).toHaveLength(1);
      const counts = [...subscriptions.values()].map((id) => fake.pushesTo(id).length);
      expect(Math.min(...counts)).toBe(1);
      // A push sent again names the same Topic and tag as the first: one notification on the device.
      const again = [...subscriptions.values()].map((id) => fake.pushesTo(id)).filter((p) => p.length > 1);
      console.log(`[${testDb}] pushed twice (in flight at the kill): ${again.length}`);
      const tagOf = (p: ReceivedPush) => (p.payload as { tag?: string }).tag;
      for (const pushes of again) {
        const [first] = pushes as [ReceivedPush];
        expect(first.topic).toBe(`m${messageId}`);
        for (const p of pushes) {
          expect(p.topic).toBe(first.topic);
          expect(tagOf(p)).toBe(tagOf(first));
        }
      }
      expect(fake.received.every((p) => tagOf(p) === tagOf(fake.received[0] as ReceivedPush))).toBe(true);
    }, 180_000);
  },
);
