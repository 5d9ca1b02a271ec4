import { api } from '@qrqr/shared/paths';
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/expect';
import { createCode, twoMembersPerFile, urlCode } from '../helpers/qrcodes';

/** A redirect code never points to one of our own /r/ codes (PUBLIC_URL is http://qr.test here). */

const s = twoMembersPerFile();
const RULE = 'validation.url_own_redirect';

const own = [
  'http://qr.test/r/AbCdEfGh',
  'https://qr.test/r/AbCdEfGh',
  'HTTP://QR.TEST/R/AbCdEfGh',
  'http://qr.test./r/AbCdEfGh',
  'http://qr.test//r/AbCdEfGh',
  'http://qr.test/%72/AbCdEfGh',
  'http://qr.test:80/r/AbCdEfGh?utm=1#x',
];

describe('POST /qrcode/create/ with the redirect method', () => {
  it.each(own)('refuses our own redirect code %s as the target', async (url) => {
    expectError(await s.owner.client.post(api.qrCreate, urlCode({ analysis_type: 1, url })), 'E-400', {
      field: 'url',
      rule: RULE,
    });
  });

  it.each([
    'https://other.example/r/AbCdEfGh',
    'http://qr.test:8080/r/AbCdEfGh',
    'http://qr.test/rabbit',
    'http://qr.test/qrcode/list',
  ])('accepts %s', async (url) => {
    expectOk(await s.owner.client.post(api.qrCreate, urlCode({ analysis_type: 1, url })));
  });

  it('a plain URL code may hold one of our redirect URLs (it is read once)', async () => {
    expectOk(await s.owner.client.post(api.qrCreate, urlCode({ analysis_type: 0, url: own[0] })));
  });
});

describe('POST /qrcode/redirectUrlUpdate/', () => {
  it.each(own)('refuses %s as the new target', async (url) => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    expectError(await s.owner.client.post(api.qrRedirectUrlUpdate, { id: code.id, url }), 'E-400', {
      field: 'url',
      rule: RULE,
    });
  });

  it('refuses the code itself and another of its codes: no loop, no chain', async () => {
    const a = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const b = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    for (const url of [a.redirect_url ?? '', b.redirect_url ?? '']) {
      expectError(await s.owner.client.post(api.qrRedirectUrlUpdate, { id: a.id, url }), 'E-400', {
        field: 'url',
        rule: RULE,
      });
    }
    const res = await s.owner.client.get(`/r/${a.redirect_url?.split('/r/')[1]}`, {
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' },
    });
    expect(res.headers.location).toBe('https://example.jp/menu');
  });
});
