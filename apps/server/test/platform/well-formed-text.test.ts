import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { createCode, guestBrowser } from '../helpers/qrcodes';

/**
 * Text must be well-formed Unicode: a lone UTF-16 surrogate (JSON `"\ud800"`) in any field of any
 * call is refused with a field error, never stored as replacement characters.
 */

let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await createTestApp();
  member = await signUpAndActivate(t.app);
});
afterAll(() => t?.close());

const LONE = '\\ud800';
const RULE = 'validation.ill_formed_text';

describe('a lone surrogate is refused in every field with E-400 naming the field', () => {
  it.each([
    ['sign-up e-mail', api.signup, `{"email":"a${LONE}@example.test"}`, 'email', false],
    ['sign-up language', api.signup, `{"email":"a@example.test","language":"j${LONE}"}`, 'language', false],
    [
      'sign-in password',
      api.signin,
      `{"email":"a@example.test","password":"pass${LONE}word"}`,
      'password',
      false,
    ],
    ['text code', api.qrCreate, `{"tab":1,"analysis_type":0,"text":"本日${LONE}"}`, 'text', false],
    [
      'code title',
      api.qrCreate,
      `{"tab":0,"analysis_type":0,"title":"${LONE}","url":"https://example.jp/"}`,
      'title',
      false,
    ],
    [
      'Wi-Fi management name',
      api.qrCreate,
      `{"tab":2,"analysis_type":0,"name":"店${LONE}","ssid":"cafe","password":"coffee1234","encryption":"WPA"}`,
      'name',
      false,
    ],
    [
      'a field no schema knows',
      api.qrCreate,
      `{"tab":1,"analysis_type":0,"text":"ok","extra":"${LONE}"}`,
      'extra',
      false,
    ],
    [
      'a nested value',
      api.qrCreate,
      `{"tab":1,"analysis_type":0,"text":"ok","extra":{"deep":["${LONE}"]}}`,
      'extra.deep.0',
      false,
    ],
    ['user name', api.userInfo, `{"user_name":"太郎${LONE}","company_name":""}`, 'user_name', true],
    ['new e-mail', api.changeEmailRequest, `{"new_email":"b${LONE}@example.test"}`, 'new_email', true],
    ['title update', api.qrTitleUpdate, `{"id":"x","title":"${LONE}"}`, 'title', true],
    [
      'redirect target',
      api.qrRedirectUrlUpdate,
      `{"id":"x","url":"https://example.jp/${LONE}"}`,
      'url',
      true,
    ],
  ])('%s', async (_label, url, rawJson, field, signedIn) => {
    const client = signedIn ? member.client : await newClient(t.app);
    expectError(await client.post(url, undefined, { rawJson }), 'E-400', { field, rule: RULE });
  });

  it('answers in English with lang=en', async () => {
    const client = await newClient(t.app);
    client.cookies.set('lang', 'en');
    const res = await client.post(api.qrCreate, undefined, {
      rawJson: `{"tab":1,"analysis_type":0,"text":"${LONE}"}`,
    });
    expectError(res, 'E-400', { field: 'text', rule: RULE, locale: 'en' });
  });

  it('refuses a body of invalid UTF-8 bytes instead of storing replacement characters', async () => {
    const client = await newClient(t.app);
    const bytes = Buffer.concat([
      Buffer.from('{"tab":1,"analysis_type":0,"text":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: api.qrCreate,
      headers: {
        cookie: `sid=${client.sid}; XSRF-TOKEN=${client.csrfToken}`,
        'x-requested-with': 'XMLHttpRequest',
        'x-xsrf-token': client.csrfToken ?? '',
        'content-type': 'application/json',
      },
      payload: bytes,
    });
    expectError(res, 'E-400', { field: 'body', rule: RULE });
  });

  it('refuses invalid UTF-8 bytes in a form-encoded body too', async () => {
    const client = await newClient(t.app);
    const bytes = Buffer.concat([
      Buffer.from(`_csrf=${encodeURIComponent(client.csrfToken ?? '')}&tab=1&analysis_type=0&text=`),
      Buffer.from([0xff]),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: api.qrCreate,
      headers: {
        cookie: `sid=${client.sid}; XSRF-TOKEN=${client.csrfToken}`,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: bytes,
    });
    expectError(res, 'E-400', { field: 'body', rule: RULE });
  });
});

describe('the payload checked at creation is the payload stored', () => {
  it('a text of astral characters up to the limit downloads in every format', async () => {
    // 582 emoji are 2328 UTF-8 bytes and 1164 UTF-16 units: well-formed pairs are welcome.
    const guest = await guestBrowser(t.app);
    const code = await createCode(guest, { tab: 1, analysis_type: 0, text: '😀'.repeat(582) });
    expect(code.payload).toBe('😀'.repeat(582));
    for (const type of [1, 2, 3, 4]) {
      const res = await guest.get(`${api.qrDownload}?qr_data_id=${code.id}&type=${type}&op_size=1`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    }
  });

  it('a lone surrogate never reaches the store, so no download answers 500', async () => {
    const guest = await guestBrowser(t.app);
    const res = await guest.post(api.qrCreate, undefined, {
      rawJson: `{"tab":1,"analysis_type":0,"text":"${'a'.repeat(2325)}${LONE}"}`,
    });
    expectError(res, 'E-400', { field: 'text', rule: RULE });
    expect(guest.cookies.has('qr_history')).toBe(false);
    expectOk(await guest.get(api.qrListData, { xhr: true }));
  });
});
