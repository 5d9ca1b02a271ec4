import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../../e2e/support/server';
import { createDb, type Db } from '../../src/db/client';
import { newSchemaName, testDb, withSchemaLock } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { seedChannelWithFollowers, seedReservedMessages, subscribeEveryFollower } from '../messaging/seed';
import { FakePushService } from '../support/fake-push-service';

/**
 * A server killed (SIGKILL) in the middle of pushing a message to 600 subscribed followers: the
 * restarted server resumes the pending pushes, and no delivery the database had recorded as
 * accepted is pushed again. Only pushes not recorded yet (in flight at the kill: at most
 * PUSH_CONCURRENCY_PER_ORIGIN) may arrive twice, and the service worker's tag (the message id)
 * makes the second replace the first.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = testDb === 'postgres';
const FOLLOWERS = 600;
const CONCURRENCY = 4;

describe.runIf(!onPostgres || databaseUrl)(`a server killed in the middle of pushing (${testDb})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-push-kill-'));
  const schema = newSchemaName('t_pushkill');
  const fake = new FakePushService();
  const servers: ServerProcess[] = [];
  let db: Db | undefined;
  const env = (): Record<string, string> => ({
    DATA_DIR: dataDir,
    PUSH_SERVICE_ORIGINS: fake.origin,
    PUSH_CA_FILE: fake.caFile,
    VAPID_SUBJECT: 'mailto:kill@qr.test',
    PUSH_CONCURRENCY_PER_ORIGIN: String(CONCURRENCY),
    PUSH_TIMEOUT_MS: '1000',
    ...(onPostgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
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

  it('resumes after the restart and never pushes an accepted delivery again', async () => {
    await fake.start();
    fake.latencyMs = 20;
    if (onPostgres) await withSchemaLock(databaseUrl, (c) => c.query(`create schema ${schema}`));
    // The first start only migrates (its runner never starts); the seed goes in meanwhile.
    const migrator = await start({ JOBS_START_DELAY_MS: '600000' });
    const open = () =>
      createDb({
        DATABASE_URL: env().DATABASE_URL,
        DATABASE_SCHEMA: env().DATABASE_SCHEMA,
        sqliteFile: path.join(dataDir, 'qrqr.sqlite'),
      });
    db = open();
    const { channelId } = await seedChannelWithFollowers(db, FOLLOWERS);
    const now = Date.now();
    const subscriptions = await subscribeEveryFollower(db, fake, channelId); // endpoint → fake id
    const [messageId] = (await seedReservedMessages(db, channelId, 1, now)) as [number];
    process.kill(migrator.pid, 'SIGKILL');
    await migrator.stop();
    await db.close();
    db = undefined;

    const pusher = await start();
    const deadline = Date.now() + 30_000;
    while (fake.received.length < FOLLOWERS / 4 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    process.kill(pusher.pid, 'SIGKILL');
    await pusher.stop();
    db = open();
    const atKill = await states(db, messageId);
    const acceptedBefore = atKill.filter((r) => r.push_state === 1).map((r) => r.endpoint);
    expect(acceptedBefore.length).toBeGreaterThan(0);
    expect(acceptedBefore.length).toBeLessThan(FOLLOWERS);
    await db.close();
    db = undefined;
    await start();
    db = open();
    const until = Date.now() + 60_000;
    while ((await states(db, messageId)).some((r) => r.push_state === 0) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    const after = await states(db, messageId);
    expect(after).toHaveLength(FOLLOWERS);
    expect(after.every((r) => r.push_state === 1)).toBe(true);
    expect(fake.errors).toEqual([]);
    // Accepted before the kill: pushed exactly once, ever.
    for (const endpoint of acceptedBefore)
      expect(fake.pushesTo(subscriptions.get(endpoint) as string), endpoint).toHaveLength(1);
    // Every device got it. A second copy only where the push was not recorded accepted: in flight
    // at the kill, or timed out on this loaded machine (then tried again, as it should be).
    const counts = [...subscriptions.values()].map((id) => fake.pushesTo(id).length);
    expect(Math.min(...counts)).toBe(1);
    const twice = [...subscriptions].filter(([, id]) => fake.pushesTo(id).length > 1).map(([e]) => e);
    expect(twice.filter((e) => acceptedBefore.includes(e))).toEqual([]);
  }, 150_000);
});
