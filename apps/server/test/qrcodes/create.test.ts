import { api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { parseWifiPayload } from '@qrqr/shared/wifi-payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate } from '../helpers/factories';
import { createCode, guestBrowser, textCode, urlCode, wifiCode } from '../helpers/qrcodes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const aBytes = (n: number) => 'a'.repeat(n);
const urlOfBytes = (n: number) => `https://example.jp/${aBytes(n - 'https://example.jp/'.length)}`;

describe('POST /qrcode/create/ refuses each invalid input with the message of the rule it breaks', () => {
  it.each([
    ['an empty URL', urlCode({ url: '' }), 'url', 'validation.url_required'],
    ['no URL at all', urlCode({ url: undefined }), 'url', 'validation.url_required'],
    ['an ftp URL', urlCode({ url: 'ftp://x' }), 'url', 'validation.url_invalid'],
    ['a javascript: URL', urlCode({ url: 'javascript:alert(1)' }), 'url', 'validation.url_invalid'],
    ['a word that is no address', urlCode({ url: 'hello' }), 'url', 'validation.url_invalid'],
    ['a URL of 2332 bytes', urlCode({ url: urlOfBytes(2332) }), 'url', 'validation.content_too_long'],
    ['an empty text', textCode({ text: '' }), 'text', 'validation.text_required'],
    ['a text of spaces', textCode({ text: '  ' }), 'text', 'validation.text_required'],
    ['a text of 2332 bytes', textCode({ text: aBytes(2332) }), 'text', 'validation.content_too_long'],
    ['778 kanji (2334 bytes)', textCode({ text: '漢'.repeat(778) }), 'text', 'validation.content_too_long'],
    ['no SSID', wifiCode({ ssid: '' }), 'ssid', 'validation.ssid_required'],
    ['a 33-character SSID', wifiCode({ ssid: 's'.repeat(33) }), 'ssid', 'validation.ssid_invalid'],
    ['a full-width SSID', wifiCode({ ssid: 'カフェ' }), 'ssid', 'validation.ssid_full_width'],
    ['a Japanese SSID with ASCII', wifiCode({ ssid: 'カフェWiFi' }), 'ssid', 'validation.ssid_full_width'],
    ['full-width letters', wifiCode({ ssid: 'ＣＡＦＥ' }), 'ssid', 'validation.ssid_full_width'],
    ['a control character in the SSID', wifiCode({ ssid: 'cafe\tguest' }), 'ssid', 'validation.ssid_invalid'],
    ['an empty WPA password', wifiCode({ password: '' }), 'password', 'validation.wifi_password_required'],
    [
      'a 7-character WPA password',
      wifiCode({ password: 'short12' }),
      'password',
      'validation.wifi_password_invalid',
    ],
    [
      'a 6-character WEP password',
      wifiCode({ encryption: 'WEP', password: 'abcdef' }),
      'password',
      'validation.wifi_password_invalid',
    ],
    [
      'a 33-character management name',
      wifiCode({ name: '店'.repeat(33) }),
      'name',
      'validation.wifi_name_too_long',
    ],
    [
      'the redirect method on Wi-Fi',
      wifiCode({ analysis_type: 1 }),
      'analysis_type',
      'validation.analysis_type',
    ],
    ['an unknown analysis type', urlCode({ analysis_type: 5 }), 'analysis_type', 'validation.analysis_type'],
    ['a 256-character title', urlCode({ title: 't'.repeat(256) }), 'title', 'validation.title_too_long'],
  ])('%s', async (_label, body, field, rule) => {
    const guest = await guestBrowser(t.app);
    expectError(await guest.post(api.qrCreate, body), 'E-400', { field, rule });
    // Nothing was made, so no history cookie was issued.
    expect(guest.cookies.has('qr_history')).toBe(false);
  });

  it('answers in English with lang=en', async () => {
    const guest = await guestBrowser(t.app);
    guest.cookies.set('lang', 'en');
    const body = expectError(await guest.post(api.qrCreate, urlCode({ url: '' })), 'E-400', {
      field: 'url',
      rule: 'validation.url_required',
      locale: 'en',
    });
    expect(body.errors?.[0]?.message).toBe('Please input URL');
  });

  it('refuses a request without the CSRF token (403)', async () => {
    const guest = await guestBrowser(t.app);
    expectError(await guest.post(api.qrCreate, urlCode(), { csrf: 'omit' }), 'E-403');
  });
});

describe('POST /qrcode/create/ for a guest', () => {
  it('makes a plain URL code and issues the history cookie', async () => {
    const guest = await guestBrowser(t.app);
    const res = await guest.post(api.qrCreate, urlCode({ title: 'メニュー' }));
    const code = expectOk(res).qrcode as QrCodeDto;
    expect(code).toMatchObject({
      title: 'メニュー',
      tab: 0,
      type: 1,
      url: 'https://example.jp/menu',
      payload: 'https://example.jp/menu',
      analysis: false,
      analysis_type: 0,
      redirect_url: null,
      wifi: null,
      total_read_count: 0,
      version: 2,
      is_owner: true,
    });
    expect(code.id).toMatch(/^[0-9A-Za-z]{16}$/);
    const cookie = res.cookies.find((c) => c.name === 'qr_history');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86_400 });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The database keeps only the key's hash.
    const row = await t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select(['user_id', 'guest_key_hash'])
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(row.guest_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.guest_key_hash).not.toContain(cookie?.value);
  });

  it.each([
    ['example.com', 'https://example.com'],
    ['www.店.jp/menu', 'https://www.店.jp/menu'],
  ])('reads a URL typed without a scheme (%s) as https and encodes that', async (url, stored) => {
    const code = await createCode(await guestBrowser(t.app), urlCode({ url }));
    expect(code).toMatchObject({ url: stored, payload: stored });
  });

  it('keeps the same history key for later codes and renews the cookie', async () => {
    const guest = await guestBrowser(t.app);
    await createCode(guest, urlCode());
    const key = guest.cookies.get('qr_history');
    const res = await guest.post(api.qrCreate, textCode());
    expect(res.cookies.find((c) => c.name === 'qr_history')?.value).toBe(key);
  });

  it('makes a redirect URL code holding {PUBLIC_URL}/r/{short code}', async () => {
    const code = await createCode(await guestBrowser(t.app), urlCode({ analysis_type: 1 }));
    expect(code.payload).toMatch(/^http:\/\/qr\.test\/r\/[0-9A-Za-z]{8}$/);
    expect(code.redirect_url).toBe(code.payload);
    expect(code).toMatchObject({ url: 'https://example.jp/menu', analysis: true, analysis_type: 1 });
  });

  it('makes secret codes holding QRQR: and 9 random bytes', async () => {
    const guest = await guestBrowser(t.app);
    for (const body of [
      urlCode({ analysis_type: 2 }),
      textCode({ analysis_type: 2 }),
      wifiCode({ analysis_type: 2 }),
    ]) {
      const code = await createCode(guest, body);
      expect(code.payload).toMatch(/^QRQR:[A-Za-z0-9_-]{12}$/);
      expect(code.redirect_url).toBeNull();
    }
  });

  it('makes text codes with each method', async () => {
    const guest = await guestBrowser(t.app);
    expect((await createCode(guest, textCode())).payload).toBe('本日のおすすめ');
    const redirect = await createCode(guest, textCode({ analysis_type: 1 }));
    expect(redirect).toMatchObject({ tab: 1, url: '本日のおすすめ', analysis_type: 1 });
    expect(redirect.payload).toMatch(/^http:\/\/qr\.test\/r\//);
  });

  it('accepts exactly 2331 bytes and reports version 40', async () => {
    const guest = await guestBrowser(t.app);
    expect((await createCode(guest, textCode({ text: aBytes(2331) }))).version).toBe(40);
    expect((await createCode(guest, urlCode({ url: urlOfBytes(2331) }))).version).toBe(40);
    expect((await createCode(guest, textCode({ text: '漢'.repeat(777) }))).version).toBe(40);
  });

  it('makes a Wi-Fi code with the standard payload and type 3', async () => {
    const code = await createCode(
      await guestBrowser(t.app),
      wifiCode({ ssid: 'cafe;guest', password: 'pa:ss,word"1', hidden: true, expir_time: 24 }),
    );
    expect(code).toMatchObject({
      tab: 2,
      type: 3,
      url: 'cafe;guest',
      wifi: {
        name: '店内Wi-Fi',
        ssid: 'cafe;guest',
        password: 'pa:ss,word"1',
        encryption: 'WPA',
        hidden: true,
        expir_time: 24,
      },
    });
    expect(code.payload).toBe('WIFI:T:WPA;S:cafe\\;guest;P:pa\\:ss\\,word\\"1;H:true;;');
    expect(parseWifiPayload(code.payload)).toMatchObject({ ssid: 'cafe;guest', password: 'pa:ss,word"1' });
  });

  it('accepts a 32-character management name, an open network and "forever"', async () => {
    const code = await createCode(
      await guestBrowser(t.app),
      wifiCode({ name: '店'.repeat(32), encryption: 'nopass', password: '', expir_time: 'forever' }),
    );
    expect(code.payload).toBe('WIFI:T:nopass;S:cafe-guest;;');
    expect(code.wifi).toMatchObject({ name: '店'.repeat(32), expir_time: null });
  });

  it('accepts a form-encoded body', async () => {
    const guest = await guestBrowser(t.app);
    const res = await guest.post(api.qrCreate, urlCode({ analysis_type: '1', tab: '0' }), {
      form: true,
      csrfField: true,
    });
    expect(expectOk(res).qrcode).toMatchObject({ tab: 0, analysis_type: 1 });
  });
});

describe('POST /qrcode/create/ for a member', () => {
  it("stores the code under the member's account and issues no history cookie", async () => {
    const m = await signUpAndActivate(t.app);
    const res = await m.client.post(api.qrCreate, urlCode());
    const code = expectOk(res).qrcode as { id: string };
    expect(res.cookies.find((c) => c.name === 'qr_history')).toBeUndefined();
    const row = await t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select(['user_id', 'guest_key_hash'])
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: m.user.user_id, guest_key_hash: null });
  });
});
