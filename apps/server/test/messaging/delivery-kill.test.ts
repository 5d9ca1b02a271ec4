import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SqlBool, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../../e2e/support/server';
import { createDb, type Db } from '../../src/db/client';
import { newSchemaName, testDb, withSchemaLock } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { seedChannelWithFollowers, seedReservedMessages } from './seed';

/**
 * A crash in the middle of a send: the real server claims a message due now to 20,000 followers,
 * writes every delivery row and is killed (SIGKILL) while its transaction is still open
 * (DELIVERY_HOLD_MS holds it). Nothing of the send is left: the message is still reserved, no
 * delivery exists. Restarted on the same database, the server sends it: every follower has
 * exactly one delivery. The same for a kill between the claim (which writes the deliveries of the
 * followers with a push subscription) and the rest of the audience, and for that kill with the
 * channel's frequency cap on: the capped followers are counted once.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = testDb === 'postgres';
const FOLLOWERS = 20_000;

describe.runIf(!onPostgres || databaseUrl)(`a server killed in the middle of a send (${testDb})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-send-kill-'));
  const schema = newSchemaName('t_sendkill');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(onPostgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
  };
  const servers: ServerProcess[] = [];
  let db: Db | undefined;
  const pending: Array<Promise<unknown>> = [];

  /**
   * `migrates`: the start may migrate, so on PostgreSQL it takes the schema lock the other test
   * files' migrations take. A sender to be killed starts on a migrated schema without it: its start
   * may wait out its 60 s health wait, and the lock held that long stalled other files' clean-up.
   */
  async function start(
    extra: Record<string, string>,
    onOutput?: (text: string) => void,
    migrates = true,
  ): Promise<ServerProcess> {
    const run = () =>
      startServer({ ...env, ...extra }, { webBuild: false, onOutput: onOutput ?? (() => {}) });
    const server = onPostgres && migrates ? await withSchemaLock(databaseUrl, run) : await run();
    servers.push(server);
    return server;
  }

  afterAll(async () => {
    await db?.close();
    for (const server of servers) await server.stop();
    if (onPostgres)
      await withSchemaLock(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const open = () =>
    createDb({
      DATABASE_URL: env.DATABASE_URL,
      DATABASE_SCHEMA: env.DATABASE_SCHEMA,
      sqliteFile: path.join(dataDir, 'qrqr.sqlite'),
    });

  /**
   * Starts a sender whose every step keeps its transaction open `holdMs` after writing, and kills
   * it (SIGKILL) while `step` is held. On SQLite the held transaction keeps the process's one
   * connection, so its health check (and startServer) waits for the commit: the sender is killed
   * by the pid its log line names.
   */
  async function killWhileHeld(step: 'claim' | 'rest', holdMs: number) {
    let heldPid = 0;
    const sending = start(
      { DELIVERY_HOLD_MS: String(holdMs) },
      (text) => {
        const line = text
          .split('\n')
          .find((l) => l.includes('held before commit') && JSON.parse(l).step === step);
        if (line) heldPid = Number(JSON.parse(line).pid);
      },
      false,
    ).catch(() => undefined);
    const deadline = Date.now() + 30_000;
    while (!heldPid && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(heldPid).toBeGreaterThan(0);
    process.kill(heldPid, 'SIGKILL');
    // Not awaited: startServer's health wait does not notice a death by signal and runs out after 60 s.
    pending.push(sending);
  }

  /** Waits until the message is sent (both steps of deliver.ts done). */
  const sent = async (id: number) => {
    const until = Date.now() + 30_000;
    while ((await state(id)).status !== 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  };

  const state = async (id: number) => {
    const d = db as Db;
    const message = await d.kysely
      .selectFrom('messages')
      .select(['status', 'delivered_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rows = await d.kysely
      .selectFrom('message_deliveries')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('follower_id').distinct().as('followers')])
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      status: message.status,
      delivered: message.delivered_count,
      rows: Number(rows.n),
      followers: Number(rows.followers),
    };
  };

  it('leaves nothing, then the restarted server sends each follower exactly one', async () => {
    if (onPostgres) await withSchemaLock(databaseUrl, (c) => c.query(`create schema ${schema}`));
    // The first start only migrates (its runner never starts); the seed goes in meanwhile.
    const migrator = await start({ JOBS_START_DELAY_MS: '600000' });
    db = open();
    const { channelId } = await seedChannelWithFollowers(db, FOLLOWERS);
    const [messageId] = (await seedReservedMessages(db, channelId, 1, Date.now())) as [number];
    // Killed, not stopped: a graceful stop runs what is due (the message) before it exits.
    process.kill(migrator.pid, 'SIGKILL');
    await migrator.stop();

    // Only the servers hold the database while they run.
    await db.close();
    db = undefined;
    await killWhileHeld('claim', 60_000);
    db = open();
    expect(await state(messageId)).toEqual({ status: 1, delivered: null, rows: 0, followers: 0 });

    const restarted = await start({});
    await sent(messageId);
    expect(await state(messageId)).toEqual({
      status: 2,
      delivered: FOLLOWERS,
      rows: FOLLOWERS,
      followers: FOLLOWERS,
    });
    await restarted.stop();
  }, 120_000);

  it('killed after the claim, before the rest of the audience: the restarted server writes the rest once', async () => {
    const d = db as Db;
    const channelId = Number(
      (await d.kysely.selectFrom('channels').select('id').executeTakeFirstOrThrow()).id,
    );
    const [messageId] = (await seedReservedMessages(d, channelId, 1, Date.now())) as [number];
    await d.close();
    db = undefined;
    // Each step holds its transaction 3 s: the claim commits, the rest is killed while held.
    await killWhileHeld('rest', 3_000);
    db = open();
    // Claimed, with the followers that have a push subscription (none here); still reserved, as
    // its rest is not written.
    expect(await state(messageId)).toEqual({ status: 1, delivered: 0, rows: 0, followers: 0 });

    await start({});
    await sent(messageId);
    expect(await state(messageId)).toEqual({
      status: 2,
      delivered: FOLLOWERS,
      rows: FOLLOWERS,
      followers: FOLLOWERS,
    });
  }, 120_000);

  it('with a frequency cap, killed in the rest: the restarted server counts the capped followers once', async () => {
    for (const server of servers) await server.stop();
    const d = db as Db;
    const channelId = Number(
      (await d.kysely.selectFrom('channels').select('id').executeTakeFirstOrThrow()).id,
    );
    // Every follower has the two messages above; the followers of even id lose the second's row,
    // so under a cap of 2 they get the next message and the others are capped.
    const second = await d.kysely
      .selectFrom('messages')
      .select('id')
      .where('channel_id', '=', channelId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await d.kysely
      .deleteFrom('message_deliveries')
      .where('message_id', '=', Number(second.id))
      .where(sql<SqlBool>`follower_id % 2 = 0`)
      .execute();
    const evens = Number(
      (
        await d.kysely
          .selectFrom('followers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('channel_id', '=', channelId)
          .where(sql<SqlBool>`id % 2 = 0`)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(evens).toBeGreaterThan(0);
    await d.kysely.updateTable('channels').set({ frequency_cap: 2 }).where('id', '=', channelId).execute();
    const [messageId] = (await seedReservedMessages(d, channelId, 1, Date.now())) as [number];
    await d.close();
    db = undefined;
    await killWhileHeld('rest', 3_000);
    db = open();
    expect(await state(messageId)).toEqual({ status: 1, delivered: 0, rows: 0, followers: 0 });

    await start({});
    await sent(messageId);
    expect(await state(messageId)).toEqual({ status: 2, delivered: evens, rows: evens, followers: evens });
    const { capped_count } = await (db as Db).kysely
      .selectFrom('messages')
      .select('capped_count')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(Number(capped_count)).toBe(FOLLOWERS - evens);
  }, 120_000);
});
