import { api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSchemaName, testDb, withSchemaLock } from '../helpers/app';
import { TestClient } from '../helpers/client';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { httpApp } from '../helpers/http-app';
import { createCode, redirectPath, urlCode } from '../helpers/qrcodes';
import { testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

const databaseUrl = process.env.TEST_DATABASE_URL;
const DOWNLOAD_LIMIT = 4;

/**
 * Two server processes behind one proxy, as self-hosters run them: one PostgreSQL schema and one
 * Redis. Needs both, so it runs in the PostgreSQL project (TEST_DATABASE_URL, which CI sets, with
 * Redis on the same machine); a local run without TEST_DATABASE_URL skips it.
 */
describe.runIf(databaseUrl && testDb === 'postgres')('two server processes on PostgreSQL and Redis', () => {
  const url = databaseUrl ?? '';
  const schema = newSchemaName('t_multi');
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let owner: Member;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: uniqueRedisPrefix('multi'),
      AUTH_RATE_LIMIT: '1000',
      SIGNIN_RATE_LIMIT: '1000',
      QR_CREATE_RATE_LIMIT: '1000',
      QR_DOWNLOAD_RATE_LIMIT: String(DOWNLOAD_LIMIT),
    };
    // The servers migrate the schema at start; other files' migrations and drops wait meanwhile.
    await withSchemaLock(url, async (client) => {
      await client.query(`create schema ${schema}`);
      for (const name of ['A', 'B']) {
        const server = await startServerProcess(env);
        servers.push(server);
        if (name === 'A') a = server;
        else b = server;
      }
    });
    owner = await signUpAndActivate(httpApp(a.url));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await withSchemaLock(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
  });

  /** The owner's browser, talking to the given process (sessions live in the shared database). */
  const ownerOn = (server: ServerProcess) => {
    const client = new TestClient(httpApp(server.url));
    for (const [name, value] of owner.client.cookies) client.cookies.set(name, value);
    return client;
  };

  const locationOn = async (server: ServerProcess, code: QrCodeDto) => {
    const res = await fetch(new URL(redirectPath(code), server.url), { redirect: 'manual' });
    return res.headers.get('location');
  };

  it('a retarget through one process reaches the redirect of the other within one second', async () => {
    const code = await createCode(
      ownerOn(a),
      urlCode({ analysis_type: 1, url: 'https://example.jp/before' }),
    );
    // B reads the code once, so its cache holds the old target.
    expect(await locationOn(b, code)).toBe('https://example.jp/before');
    expect(await locationOn(b, code)).toBe('https://example.jp/before');

    const res = await ownerOn(a).post(api.qrRedirectUrlUpdate, {
      id: code.id,
      url: 'https://example.jp/after',
    });
    expect(res.statusCode, res.body).toBe(200);
    const retargetedAt = Date.now();
    let seen = await locationOn(b, code);
    while (seen !== 'https://example.jp/after' && Date.now() - retargetedAt < 1000) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await locationOn(b, code);
    }
    expect(seen).toBe('https://example.jp/after');
    expect(Date.now() - retargetedAt).toBeLessThan(1000);
  });

  it('a rate limit counts the requests of both processes together', async () => {
    const code = await createCode(ownerOn(a), urlCode());
    const download = (server: ServerProcess) =>
      ownerOn(server).get(`${api.qrDownload}?qr_data_id=${code.id}&type=1`);
    const statuses: number[] = [];
    for (let i = 0; i < DOWNLOAD_LIMIT; i += 1) statuses.push((await download(i % 2 ? b : a)).statusCode);
    expect(statuses).toEqual(Array(DOWNLOAD_LIMIT).fill(200));
    // Each process has answered only half the limit itself; together they have used all of it.
    expect((await download(a)).statusCode).toBe(429);
    expect((await download(b)).statusCode).toBe(429);
  });
});
