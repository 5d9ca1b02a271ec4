import { api } from '@qrqr/shared/paths';
import { readerResolveAnswer } from '@qrqr/shared/reader-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { createCode, guestBrowser, PHONE_UA, textCode, urlCode, wifiCode } from '../helpers/qrcodes';

let t: TestApp;
let owner: Member;
let reader: TestClient;

beforeAll(async () => {
  t = await createTestApp({ READER_RATE_LIMIT: '5' });
  owner = await signUpAndActivate(t.app);
});
afterAll(() => t?.close());

// Each test reads from its own address: the limit of 5 a minute is tested on its own.
let address = 0;
async function freshReader(): Promise<TestClient> {
  address++;
  reader = await guestBrowser(t.app, `10.1.${Math.floor(address / 250)}.${address % 250}`);
  return reader;
}

const resolve = (body: Record<string, unknown>, client = reader) =>
  client.post(api.readerResolve, body, { headers: { 'user-agent': PHONE_UA } });

/** The reads stored for a code (the day rollups), one `{source}` per read: 1 official, 2 other apps. */
async function officialReads(qrId: string) {
  await t.reads.flush();
  const days = await t.ctx.db.kysely.selectFrom('read_days').selectAll().where('qr_id', '=', qrId).execute();
  return days.flatMap((d) => [
    ...Array.from({ length: d.official }, () => ({ source: 1, day: d.day })),
    ...Array.from({ length: d.other }, () => ({ source: 2, day: d.day })),
  ]);
}

describe('POST /api/reader/resolve', () => {
  it('shows a secret code its raw text and counts one official read', async () => {
    await freshReader();
    const code = await createCode(
      owner.client,
      urlCode({ analysis_type: 2, url: 'https://example.jp/menu' }),
    );
    expect(code.payload).toMatch(/^QRQR:/);
    const body = expectAnswer(await resolve({ text: code.payload }), readerResolveAnswer);
    expect(body.result).toEqual({ kind: 'text', text: 'https://example.jp/menu' });
    const reads = await officialReads(code.id);
    expect(reads.map((r) => r.source)).toEqual([1]);
    const count = await t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select('read_count')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(count.read_count).toBe(1);
  });

  it('shows a secret text code as text', async () => {
    await freshReader();
    const code = await createCode(owner.client, textCode({ analysis_type: 2, text: '合言葉は「こもれび」' }));
    expect(expectOk(await resolve({ text: code.payload })).result).toEqual({
      kind: 'text',
      text: '合言葉は「こもれび」',
    });
  });

  it('gives a redirect code its target (ASCII form) and counts it as official, not as another app', async () => {
    await freshReader();
    const code = await createCode(
      owner.client,
      urlCode({ analysis_type: 1, url: 'https://例え.jp/メニュー' }),
    );
    const body = expectOk(await resolve({ text: code.payload }));
    expect(body.result).toEqual({
      kind: 'redirect',
      target: 'https://xn--r8jz45g.jp/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC',
    });
    expect((await officialReads(code.id)).map((r) => r.source)).toEqual([1]);
  });

  it('recognises our redirect address however the host is cased or a slash is added', async () => {
    await freshReader();
    const code = await createCode(owner.client, urlCode({ analysis_type: 1 }));
    const path = new URL(code.payload).pathname;
    const body = expectOk(await resolve({ text: `HTTPS://QR.TEST${path}/` }));
    expect(body.result).toMatchObject({ kind: 'redirect' });
  });

  it('shows a text redirect code as text', async () => {
    await freshReader();
    const code = await createCode(owner.client, textCode({ analysis_type: 1, text: '本日のおすすめ' }));
    expect(expectOk(await resolve({ text: code.payload })).result).toEqual({
      kind: 'text',
      text: '本日のおすすめ',
    });
  });

  it('shows a secret Wi-Fi code with its profile and expiry', async () => {
    await freshReader();
    const code = await createCode(
      owner.client,
      wifiCode({ analysis_type: 2, ssid: 'cafe-guest', password: 'coffee1234', expir_time: 24 }),
    );
    const body = expectOk(await resolve({ text: code.payload }));
    const { wifi_set_at: setAt } = await t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select('wifi_set_at')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(Math.abs((setAt ?? 0) - code.created_at)).toBeLessThan(5_000);
    expect(body.result).toEqual({
      kind: 'wifi',
      expired: false,
      wifi: {
        ssid: 'cafe-guest',
        password: 'coffee1234',
        encryption: 'WPA',
        hidden: false,
        expires_at: (setAt ?? 0) + 24 * 3_600_000,
      },
    });
    expect((await officialReads(code.id)).length).toBe(1);
  });

  it('hides an expired Wi-Fi profile: no network name, no password', async () => {
    await freshReader();
    const code = await createCode(owner.client, wifiCode({ analysis_type: 2, expir_time: 1 }));
    const setAt = Date.now() - 2 * 3_600_000;
    await t.ctx.db.kysely
      .updateTable('qr_codes')
      .set({ created_at: setAt, wifi_set_at: setAt })
      .where('id', '=', code.id)
      .execute();
    const res = await resolve({ text: code.payload });
    const body = expectOk(res);
    expect(body.result).toEqual({ kind: 'wifi', expired: true, expires_at: setAt + 3_600_000 });
    expect(res.body).not.toContain('cafe-guest');
    expect(res.body).not.toContain('coffee1234');
  });

  it('counts the expiry from the last change of the settings (from creation for older codes)', async () => {
    await freshReader();
    const code = await createCode(owner.client, wifiCode({ analysis_type: 2, expir_time: 1 }));
    const twoHoursAgo = Date.now() - 2 * 3_600_000;
    const backdate = (patch: { wifi_set_at: number | null }) =>
      t.ctx.db.kysely
        .updateTable('qr_codes')
        .set({ created_at: twoHoursAgo, ...patch })
        .where('id', '=', code.id)
        .execute();
    // A code from before the settings' time was kept: its hour ran from creation.
    await backdate({ wifi_set_at: null });
    expect(expectOk(await resolve({ text: code.payload })).result).toMatchObject({ expired: true });
    // New settings saved now get their whole hour again.
    const before = Date.now();
    expectOk(
      await owner.client.post(api.qrChangeWifiProfile, {
        id: code.id,
        ssid: 'cafe-new',
        encryption: 'WPA',
        password: 'coffee5678',
        expir_time: 1,
      }),
    );
    const result = expectOk(await resolve({ text: code.payload })).result;
    expect(result).toMatchObject({ kind: 'wifi', expired: false, wifi: { ssid: 'cafe-new' } });
    expect((result as { wifi: { expires_at: number } }).wifi.expires_at).toBeGreaterThanOrEqual(
      before + 3_600_000,
    );
  });

  it('says a deleted code is missing and counts nothing', async () => {
    await freshReader();
    const secret = await createCode(owner.client, urlCode({ analysis_type: 2 }));
    const redirect = await createCode(owner.client, urlCode({ analysis_type: 1 }));
    for (const code of [secret, redirect]) {
      expectOk(await owner.client.get(`${api.qrDelete}?id=${code.id}`, { xhr: true }));
      expect(expectOk(await resolve({ text: code.payload })).result).toEqual({ kind: 'missing' });
    }
    await t.reads.flush();
    const reads = await t.ctx.db.kysely
      .selectFrom('read_days')
      .select('qr_id')
      .where('qr_id', 'in', [secret.id, redirect.id])
      .execute();
    expect(reads).toEqual([]);
  });

  it('passes a channel address on as the channel code', async () => {
    await freshReader();
    const member = await registeredMember(t.app);
    const channel = await createChannel(member.client);
    const body = expectOk(await resolve({ text: `http://qr.test/c/${channel.channel_code}` }));
    expect(body.result).toEqual({ kind: 'channel', channel_code: channel.channel_code });
  });

  it('answers anything else as foreign text, untouched', async () => {
    await freshReader();
    for (const text of [
      'https://example.com/r/abcdefgh',
      'http://qr.test/other',
      'QRQR:not-a-token',
      'ただのテキスト',
    ]) {
      expect(expectOk(await resolve({ text })).result).toEqual({ kind: 'foreign', text });
    }
  });

  it('shows our Wi-Fi code made without analysis as Wi-Fi, with no expiry and no read counted', async () => {
    await freshReader();
    const code = await createCode(
      owner.client,
      wifiCode({ ssid: 'cafe;guest:2F', password: 'pa:ss,word"1\\', encryption: 'WPA' }),
    );
    expect(code.payload).toMatch(/^WIFI:/);
    expect(expectOk(await resolve({ text: code.payload })).result).toEqual({
      kind: 'wifi',
      expired: false,
      plain: true,
      wifi: {
        ssid: 'cafe;guest:2F',
        password: 'pa:ss,word"1\\',
        encryption: 'WPA',
        hidden: false,
        expires_at: null,
      },
    });
    expect(await officialReads(code.id)).toEqual([]);
  });

  it('reads any generator’s WIFI: payload: escapes, hidden flag, WEP and open networks', async () => {
    await freshReader();
    const cases: [string, Record<string, unknown>][] = [
      [
        'WIFI:S:My\\;Home\\:Net;T:WPA;P:se\\;cr\\:et\\\\;H:true;;',
        { ssid: 'My;Home:Net', password: 'se;cr:et\\', encryption: 'WPA', hidden: true },
      ],
      [
        'WIFI:T:WEP;S:old-router;P:ABCDEF0123;;',
        { ssid: 'old-router', password: 'ABCDEF0123', encryption: 'WEP' },
      ],
      [
        'WIFI:T:nopass;S:Free Wi-Fi;;',
        { ssid: 'Free Wi-Fi', password: '', encryption: 'nopass', hidden: false },
      ],
      // Some generators write WPA2 and leave off the last `;`: the password is still there.
      ['WIFI:T:WPA2;S:shop;P:latte500', { ssid: 'shop', password: 'latte500', encryption: 'WPA' }],
    ];
    for (const [text, wifi] of cases) {
      const result = expectOk(await resolve({ text })).result;
      expect(result, text).toMatchObject({ kind: 'wifi', expired: false, plain: true, wifi });
      expect((result as { wifi: { expires_at: unknown } }).wifi.expires_at).toBeNull();
    }
  });

  it('leaves a malformed WIFI: text as foreign text', async () => {
    for (const batch of [
      ['WIFI:T:WPA;P:secretpass;;', 'WIFI:T:WPA4;S:home;P:x;;', 'WIFI:S:;T:WPA;P:x;;'],
      ['WIFI:S:home;garbage;P:x;;', 'WIFI:T:WPA2-EAP;S:corp;E:PEAP;I:me;P:x;;', 'wifi:S:home;;'],
    ]) {
      await freshReader();
      for (const text of batch) {
        expect(expectOk(await resolve({ text })).result, text).toEqual({ kind: 'foreign', text });
      }
    }
  });

  it('issues the device cookie on the first read and keeps it after', async () => {
    const client = await freshReader();
    expect(client.cookies.get('qr_device')).toBeUndefined();
    const res = await resolve({ text: 'hello' });
    const first = client.cookies.get('qr_device');
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(String(res.headers['set-cookie'])).toMatch(/qr_device=.*HttpOnly/i);
    await resolve({ text: 'hello again' });
    expect(client.cookies.get('qr_device')).toBe(first);
  });

  it('maps a consented position to a prefecture and ignores one outside Japan', async () => {
    await freshReader();
    const code = await createCode(owner.client, textCode({ analysis_type: 2 }));
    const recorded: { prefecture?: string; deviceHash?: string }[] = [];
    const original = t.reads.record.bind(t.reads);
    t.reads.record = (scan) => {
      recorded.push(scan);
      original(scan);
    };
    try {
      expectOk(await resolve({ text: code.payload, position: { lat: 34.985, lng: 135.758 } })); // Kyoto Station
      expectOk(await resolve({ text: code.payload, position: { lat: 48.85, lng: 2.35 } })); // Paris
      expectOk(await resolve({ text: code.payload }));
    } finally {
      t.reads.record = original;
    }
    expect(recorded.map((s) => s.prefecture)).toEqual(['26', undefined, undefined]);
    expect(recorded.every((s) => s.deviceHash && /^[0-9a-f]{64}$/.test(s.deviceHash))).toBe(true);
    // Kyoto counted once; the position itself is nowhere in what is stored.
    expect(await officialReads(code.id)).toHaveLength(3);
    const stored = await t.ctx.db.kysely
      .selectFrom('read_dims')
      .selectAll()
      .where('qr_id', '=', code.id)
      .execute();
    expect(stored.filter((d) => d.dim === 'p').map((d) => [d.value, d.official])).toEqual([['26', 1]]);
    expect(JSON.stringify(stored)).not.toContain('34.98');
  });

  it('refuses ill-formed input with the field named', async () => {
    await freshReader();
    expectError(await resolve({}), 'E-400', { field: 'text', rule: 'validation.required' });
    expectError(await resolve({ text: '' }), 'E-400', { field: 'text', rule: 'validation.required' });
    expectError(await resolve({ text: 'x'.repeat(7090) }), 'E-400', {
      field: 'text',
      rule: 'validation.invalid',
    });
    const bad = await resolve({ text: 'ok', position: { lat: 'north', lng: 1 } });
    expect(bad.statusCode).toBe(400);
    const lone = await reader.post(api.readerResolve, undefined, { rawJson: '{"text":"\\ud800"}' });
    expectError(lone, 'E-400', { field: 'text', rule: 'validation.ill_formed_text' });
  });

  it('refuses cross-site calls: X-Requested-With and our own origin, no session token needed', async () => {
    await freshReader();
    expectError(await reader.post(api.readerResolve, { text: 'x' }, { noXrw: true }), 'E-403');
    const foreign = { headers: { origin: 'https://evil.example' } };
    expectError(await reader.post(api.readerResolve, { text: 'x' }, foreign), 'E-403');
    const crossSite = { headers: { 'sec-fetch-site': 'cross-site' } };
    expectError(await reader.post(api.readerResolve, { text: 'x' }, crossSite), 'E-403');
    // A visitor whose page came from the offline cache may have no sid: that is fine.
    const res = await t.app.inject({
      method: 'POST',
      url: api.readerResolve,
      remoteAddress: '10.9.9.9',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        origin: 'http://qr.test',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ text: 'x' }),
    });
    expectOk(res);
  });

  it('limits reads per address and answers 429 past the limit', async () => {
    const client = await freshReader();
    for (let i = 0; i < 5; i++) expectOk(await resolve({ text: `n${i}` }, client));
    const res = await resolve({ text: 'one too many' }, client);
    expectError(res, 'E-429');
    // Another address is not affected.
    const other = await freshReader();
    expectOk(await resolve({ text: 'fine' }, other));
  });
});

describe('the reader pages', () => {
  it('serves /reader and a known channel page; an unknown channel code answers 404', async () => {
    const page = await t.app.inject({ url: '/reader', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
    expect(String(page.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    const member = await registeredMember(t.app);
    const channel = await createChannel(member.client);
    expect((await t.app.inject({ url: `/c/${channel.channel_code}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/c/AAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/c/bad code!' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/reader/unknown', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
  });
});
