import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '@qrqr/shared/paths';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { newSchemaName, testDb, withSchemaLock } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectOk } from '../helpers/expect';
import { uniqueEmail } from '../helpers/factories';
import { httpApp } from '../helpers/http-app';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

/**
 * A crash loses no mail: the real server answers a sign-up, is killed (SIGKILL, no shutdown) before
 * its job runner has started (JOBS_START_DELAY_MS), and once restarted on the same database sends
 * the activation mail, exactly once. Read from the outbox table directly: /dev/mailbox would run
 * the jobs itself.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = testDb === 'postgres';

describe.runIf(!onPostgres || databaseUrl)(`a server killed after a sign-up answered (${testDb})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-kill-'));
  const schema = newSchemaName('t_kill');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '1000',
    ...(onPostgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
  };
  const servers: ServerProcess[] = [];
  let db: Db | undefined;

  /** The server migrates at start; on PostgreSQL other files' migrations and drops wait meanwhile. */
  async function start(extra: Record<string, string>): Promise<ServerProcess> {
    const run = () => startServerProcess({ ...env, ...extra });
    const server = onPostgres ? await withSchemaLock(databaseUrl, run) : await run();
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

  const mailsTo = async (address: string) =>
    (db as Db).kysely.selectFrom('mail_outbox').select('subject').where('to_address', '=', address).execute();
  const jobStates = async () =>
    (db as Db).kysely
      .selectFrom('jobs')
      .select(['kind', 'state'])
      .where('kind', 'in', ['auth.sign-up', 'mail'])
      .orderBy('id')
      .execute();

  it('sends the mail once after the restart', async () => {
    if (onPostgres) await withSchemaLock(databaseUrl, (c) => c.query(`create schema ${schema}`));
    const first = await start({ JOBS_START_DELAY_MS: '600000' });
    db = createDb({
      DATABASE_URL: env.DATABASE_URL,
      DATABASE_SCHEMA: env.DATABASE_SCHEMA,
      sqliteFile: path.join(dataDir, 'qrqr.sqlite'),
    });
    const email = uniqueEmail('killed');
    expectOk(await (await newClient(httpApp(first.url))).post(api.signup, { email }));
    // Answered, stored, not sent.
    expect(await jobStates()).toEqual([{ kind: 'auth.sign-up', state: 'pending' }]);
    expect(await mailsTo(email)).toEqual([]);

    process.kill(first.pid, 'SIGKILL');
    await first.stop();
    expect(await mailsTo(email)).toEqual([]);

    await start({});
    const deadline = Date.now() + 15_000;
    while ((await mailsTo(email)).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // A few more polls of the runner (2 s apart) find nothing more to send.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await mailsTo(email)).toEqual([{ subject: '【QRQR】会員登録を完了してください' }]);
    expect(await jobStates()).toEqual([
      { kind: 'auth.sign-up', state: 'done' },
      { kind: 'mail', state: 'done' },
    ]);
  }, 90_000);
});
