import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDay } from '../../src/modules/qrcodes/visitors';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectOk } from '../helpers/expect';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { createCode, PHONE_UA, redirectPath, textCode, urlCode } from '../helpers/qrcodes';

let t: TestApp;
let owner: Member;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndActivate(t.app);
});
afterAll(() => t?.close());

const scan = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: path, headers: { 'user-agent': PHONE_UA, ...headers } });

async function readsOf(qrId: string) {
  await t.reads.flush();
  const k = t.ctx.db.kysely;
  const days = await k.selectFrom('read_days').selectAll().where('qr_id', '=', qrId).execute();
  const dims = await k.selectFrom('read_dims').selectAll().where('qr_id', '=', qrId).orderBy('dim').execute();
  const visitors = await k.selectFrom('read_visitors').selectAll().where('qr_id', '=', qrId).execute();
  const code = await t.ctx.db.kysely
    .selectFrom('qr_codes')
    .select('read_count')
    .where('id', '=', qrId)
    .executeTakeFirstOrThrow();
  return { days, dims, visitors, count: code.read_count };
}

describe('GET /r/:code', () => {
  it('answers 302 to the URL with no-store', async () => {
    const code = await createCode(
      owner.client,
      urlCode({ analysis_type: 1, url: 'https://example.jp/menu?x=1' }),
    );
    const res = await scan(redirectPath(code));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.jp/menu?x=1');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends a Japanese URL in its ASCII form', async () => {
    const code = await createCode(
      owner.client,
      urlCode({ analysis_type: 1, url: 'https://例え.jp/メニュー' }),
    );
    const res = await scan(redirectPath(code));
    expect(res.headers.location).toBe('https://xn--r8jz45g.jp/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC');
  });

  it('shows a text code on a page of its own, escaped, in the request language', async () => {
    const code = await createCode(
      owner.client,
      textCode({ analysis_type: 1, text: '本日の<b>おすすめ</b>\n& more' }),
    );
    const res = await scan(redirectPath(code));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('本日の&#60;b&#62;おすすめ&#60;/b&#62;\n&#38; more');
    expect(res.body).toContain('<html lang="ja">');
    expect(res.body).toContain('name="viewport"');
    // A page a browser renders keeps the security headers the bare 302 goes without.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const en = await scan(redirectPath(code), { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body).toContain('<html lang="en">');
  });

  it('counts a scan into the day rollups and read_count after the flush, without the address', async () => {
    const code = await createCode(owner.client, urlCode({ analysis_type: 1 }));
    await scan(redirectPath(code), { 'x-forwarded-for': '203.0.113.9' });
    await scan(redirectPath(code));
    const { days, dims, visitors, count } = await readsOf(code.id);
    expect(count).toBe(2);
    expect(days).toEqual([
      {
        qr_id: code.id,
        day: tokyoDay(Date.now()),
        official: 0,
        other: 2,
        uniques_official: 0,
        uniques_other: 1,
      },
    ]);
    // A loopback address is in no country.
    expect(dims.map((d) => [d.dim, d.value, d.other])).toEqual([
      ['c', 'ZZ', 2],
      ['o', 'ios', 2],
    ]);
    // Same browser and address, same day: the same visitor, kept as a keyed hash only.
    expect(visitors).toHaveLength(1);
    expect(visitors[0]?.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify({ days, dims, visitors })).not.toContain('127.0.0.1');
    const listed = expectOk(await owner.client.get(api.qrListData)).qrcodes as Array<{
      id: string;
      total_read_count: number;
    }>;
    expect(listed.find((c) => c.id === code.id)?.total_read_count).toBe(2);
  });

  it('tells different visitors apart', async () => {
    const code = await createCode(owner.client, urlCode({ analysis_type: 1 }));
    await t.app.inject({
      url: redirectPath(code),
      headers: { 'user-agent': PHONE_UA },
      remoteAddress: '198.51.100.1',
    });
    await t.app.inject({
      url: redirectPath(code),
      headers: { 'user-agent': PHONE_UA },
      remoteAddress: '198.51.100.2',
    });
    const { days, visitors } = await readsOf(code.id);
    expect(new Set(visitors.map((v) => v.visitor)).size).toBe(2);
    expect(days[0]).toMatchObject({ other: 2, uniques_other: 2 });
  });

  it('does not count HEAD requests or known bots', async () => {
    const code = await createCode(owner.client, urlCode({ analysis_type: 1 }));
    const head = await scan(redirectPath(code), {}, 'HEAD');
    expect(head.statusCode).toBe(302);
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      'Slackbot-LinkExpanding 1.0',
      '',
    ]) {
      expect((await scan(redirectPath(code), { 'user-agent': ua })).statusCode).toBe(302);
    }
    expect(await readsOf(code.id)).toEqual({ days: [], dims: [], visitors: [], count: 0 });
  });

  it('follows a new destination at once; the printed code stays the same', async () => {
    const code = await createCode(owner.client, urlCode({ analysis_type: 1, url: 'https://example.jp/old' }));
    expect((await scan(redirectPath(code))).headers.location).toBe('https://example.jp/old');
    expectOk(
      await owner.client.post(api.qrRedirectUrlUpdate, { id: code.id, url: 'https://example.jp/new' }),
    );
    expect((await scan(redirectPath(code))).headers.location).toBe('https://example.jp/new');
  });

  it('answers the 404 page after the code is deleted, and for unknown codes', async () => {
    const code = await createCode(owner.client, urlCode({ analysis_type: 1 }));
    await t.reads.flush();
    await scan(redirectPath(code));
    expectOk(await owner.client.get(`${api.qrDelete}?id=${code.id}`, { xhr: true }));
    const gone = await scan(redirectPath(code), { accept: 'text/html' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('text/html');
    // A read buffered before the delete is dropped at the flush, not retried for ever.
    expect(await t.reads.flush()).toBe(0);
    expect(t.reads.pendingCount).toBe(0);
    for (const path of ['/r/Zz9Zz9Zz', '/r/x', '/r/%3Cscript%3E']) {
      expect((await scan(path, { accept: 'text/html' })).statusCode).toBe(404);
    }
    expect((await scan('/r/Zz9Zz9Zz')).json().status.code).toBe('E-404');
  });

  it('tells a scanning customer in their language that a deleted or unknown code is no longer in use', async () => {
    const code = await createCode(owner.client, urlCode({ analysis_type: 1 }));
    expectOk(await owner.client.get(`${api.qrDelete}?id=${code.id}`, { xhr: true }));
    const phone = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const path of [redirectPath(code), '/r/Zz9Zz9Zz', '/r/x']) {
      const ja = await scan(path, { accept: phone, 'accept-language': 'ja-JP,ja;q=0.9' });
      expect(ja.statusCode, path).toBe(404);
      expect(ja.headers['content-type']).toContain('text/html');
      expect(ja.headers['cache-control']).toBe('no-store');
      expect(ja.body).toContain('<html lang="ja"');
      expect(ja.body).toContain('このQRコードは現在使われていません');
      // A small page of its own: no app bundle for a customer on a phone.
      expect(ja.body).not.toContain('<script');
      expect(ja.body.length).toBeLessThan(3000);
      const en = await scan(path, { accept: phone, 'accept-language': 'en-US,en;q=0.9' });
      expect(en.statusCode, path).toBe(404);
      expect(en.body).toContain('<html lang="en"');
      expect(en.body).toContain('This QR code is no longer in use');
    }
  });

  it('answers 404 at once for the codes of an account that unsubscribed, though they were cached', async () => {
    const leaving = await signUpAndActivate(t.app);
    const code = await createCode(leaving.client, urlCode({ analysis_type: 1 }));
    expect((await scan(redirectPath(code))).statusCode).toBe(302);
    expectOk(await leaving.client.post(api.unsubscribe, { password: leaving.password }));
    expect((await scan(redirectPath(code))).statusCode).toBe(404);
  });
});
