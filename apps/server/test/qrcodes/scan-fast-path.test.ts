import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQrCodesModule } from '../../src/modules/qrcodes/module';
import type { RedirectTarget } from '../../src/modules/qrcodes/redirect-cache';
import { resolvedByFastPath } from '../../src/modules/qrcodes/scan-fast-path';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectOk } from '../helpers/expect';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { createCode, guestBrowser, PHONE_UA, redirectPath, textCode, urlCode } from '../helpers/qrcodes';

/**
 * /r/ scans of URL codes are answered by the HTTP listener before Fastify (scan-fast-path.ts), from
 * the cache or after one lookup. Over real sockets: the answer and the counting are the same on both
 * paths, the client address is read under TRUST_PROXY as Fastify reads it, and only URL codes take
 * the short path.
 */

let t: TestApp;
let owner: Member;
/** The same service behind one proxy (TRUST_PROXY=1): client addresses come from X-Forwarded-For. */
let proxied: TestApp;

const listen = async (app: TestApp) => {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
};
let base: string;
let proxiedBase: string;

beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: '1' });
  owner = await signUpAndActivate(t.app);
  base = await listen(t);
  proxiedBase = await listen(proxied);
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

const scan = (path: string, init: RequestInit & { xff?: string; via?: string } = {}) =>
  fetch(`${init.via ?? base}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { 'user-agent': PHONE_UA, ...(init.xff ? { 'x-forwarded-for': init.xff } : {}) },
  });

describe('GET /r/{code} over HTTP', () => {
  it('answers the first (database) and later (cached) scans alike and counts each client', async () => {
    const guest = await guestBrowser(proxied.app);
    const code = await createCode(guest, urlCode({ analysis_type: 1, url: 'https://example.jp/a?b=1' }));
    const via = proxiedBase;
    const first = await scan(redirectPath(code), { xff: '133.0.0.1', via });
    const cached = await scan(`${redirectPath(code)}?utm_source=poster`, { xff: '8.8.8.8', via });
    for (const res of [first, cached]) {
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://example.jp/a?b=1');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect((await scan(redirectPath(code), { method: 'HEAD', via })).status).toBe(302);
    await proxied.reads.flush();
    const days = await proxied.ctx.db.kysely
      .selectFrom('read_days')
      .selectAll()
      .where('qr_id', '=', code.id)
      .execute();
    expect(days.map((d) => [d.other, d.uniques_other])).toEqual([[2, 2]]);
    const countries = await proxied.ctx.db.kysely
      .selectFrom('read_dims')
      .select(['value', 'other'])
      .where('qr_id', '=', code.id)
      .where('dim', '=', 'c')
      .orderBy('value')
      .execute();
    expect(countries).toEqual([
      { value: 'JP', other: 1 },
      { value: 'US', other: 1 },
    ]);
  });

  it('follows a new destination at once after a retarget', async () => {
    const code = await createCode(owner.client, urlCode({ analysis_type: 1, url: 'https://example.jp/old' }));
    await scan(redirectPath(code));
    expect((await scan(redirectPath(code))).headers.get('location')).toBe('https://example.jp/old');
    expectOk(
      await owner.client.post(api.qrRedirectUrlUpdate, { id: code.id, url: 'https://example.jp/new' }),
    );
    expect((await scan(redirectPath(code))).headers.get('location')).toBe('https://example.jp/new');
  });
});

describe('which scans take the short path', () => {
  it('only GET and HEAD of a URL code, cached or not; everything else goes on to the app', async () => {
    const stored = await createCode(
      owner.client,
      urlCode({ analysis_type: 1, url: 'https://example.jp/stored' }),
    );
    const text = await createCode(owner.client, textCode({ analysis_type: 1 }));
    // A module of its own: its cache starts empty.
    const module = createQrCodesModule(t.ctx);
    // Requests the short path leaves to the app answer 599 here.
    // What the short path read for each request it handed on (the route answers from it).
    const handed = new Map<string, RedirectTarget | null | undefined>();
    const server = http.createServer(async (req, res) => {
      if (await module.scanFastPath(req, res)) return;
      handed.set(`${req.method} ${req.url}`, resolvedByFastPath(req));
      res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const at = (path: string, method = 'GET') =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, {
        method,
        redirect: 'manual',
        headers: { 'user-agent': PHONE_UA },
      }).then((r) => r.status);
    try {
      expect(await at('/r/Abcdefg1')).toBe(599);
      module.redirects.set('Abcdefg1', { qrId: 'q1', tab: 0, content: 'https://example.jp/' });
      module.redirects.set('Textcode1', { qrId: 'q2', tab: 1, content: 'hello' });
      expect(await at('/r/Abcdefg1')).toBe(302);
      expect(await at('/r/Abcdefg1?x=1')).toBe(302);
      expect(await at('/r/Abcdefg1', 'HEAD')).toBe(302);
      expect(await at('/r/Abcdefg1', 'POST')).toBe(599);
      expect(await at('/r/Abcdefg1/more')).toBe(599);
      expect(await at('/r/Textcode1')).toBe(599);
      expect(await at('/api/health')).toBe(599);
      // Not cached yet: one lookup, then the same answer, now from the cache.
      expect(await at(redirectPath(stored))).toBe(302);
      expect(module.redirects.get(redirectPath(stored).slice(3))?.qrId).toBe(stored.id);
      expect(await at(redirectPath(text))).toBe(599);
      expect(await at('/r/Unknown99')).toBe(599);
      // A text code and an unknown code reach the route with the lookup done (one lookup, not two);
      // a request the short path never looked at carries nothing.
      expect(handed.get(`GET ${redirectPath(text)}`)).toMatchObject({ qrId: text.id, tab: 1 });
      expect(handed.get('GET /r/Unknown99')).toBeNull();
      expect(handed.get('GET /r/Textcode1')).toMatchObject({ qrId: 'q2' });
      expect(handed.get('POST /r/Abcdefg1')).toBeUndefined();
      expect(handed.get('GET /api/health')).toBeUndefined();
      // The three GETs are counted, the HEAD is not.
      expect(module.reads.pendingCount).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
