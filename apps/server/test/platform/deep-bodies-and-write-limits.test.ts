import { api } from '@qrqr/shared/paths';

const MAX_JSON_DEPTH = 32;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError } from '../helpers/expect';
import { redisTestsRun, testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';

/**
 * A stranger's body must not cost the server more than its length: JSON nested thousands deep was
 * walked recursively (quadratic, then a stack overflow answered 500). And every call that writes
 * is rate-limited, including those that set no limit of their own (WRITE_RATE_LIMIT).
 */

const WRITE_LIMIT = 3;
const nested = (depth: number, inner = '"x"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

// The write calls the probe found without a limit: each takes a body anyone may send.
const writeCalls = [
  ['titleUpdate', api.qrTitleUpdate, { id: 'x', title: 't' }],
  ['redirectUrlUpdate', api.qrRedirectUrlUpdate, { id: 'x', url: 'https://example.jp/' }],
  ['changeWifiProfile', api.qrChangeWifiProfile, { id: 'x', name: 'n', ssid: 's', password: 'p12345678' }],
  ['analyticsUpdate', api.qrAnalyticsUpdate, { id: 'x', analysis_type: 1 }],
] as const;

describe('a body nested deeper than MAX_JSON_DEPTH', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each([
    ['9,000 levels (18 KB, the probe’s body)', 9000],
    ['one level past the limit', MAX_JSON_DEPTH + 1],
  ])('%s: a guest gets E-400 on `body`, not a 500', async (_label, depth) => {
    const guest = await newClient(t.app);
    const res = await guest.post(api.qrTitleUpdate, undefined, { rawJson: nested(depth) });
    expectError(res, 'E-400', { field: 'body', rule: 'validation.json_too_deep' });
  });

  it('a deep value inside an object is refused alike, in English with lang=en', async () => {
    const guest = await newClient(t.app);
    guest.cookies.set('lang', 'en');
    const rawJson = `{"id":"x","title":${nested(5000, '"\\ud800"')}}`;
    const res = await guest.post(api.qrTitleUpdate, undefined, { rawJson });
    expectError(res, 'E-400', { field: 'body', rule: 'validation.json_too_deep', locale: 'en' });
  });

  it('brackets inside strings are text, not nesting', async () => {
    const guest = await newClient(t.app);
    const rawJson = JSON.stringify({ id: 'x', title: `${'['.repeat(100)}"\\{`, extra: [[['ok']]] });
    const res = await guest.post(api.qrTitleUpdate, undefined, { rawJson });
    // Past the depth check: the unknown code is what answers now.
    expect(res.json().errors?.[0]?.rule).not.toBe('validation.json_too_deep');
    expect(res.statusCode).toBeLessThan(500);
  });

  it('costs a few milliseconds at most, whatever the depth', async () => {
    const guest = await newClient(t.app);
    const rawJson = nested(500_000);
    const started = performance.now();
    const res = await guest.post(api.qrTitleUpdate, undefined, { rawJson });
    const elapsed = performance.now() - started;
    expectError(res, 'E-400', { field: 'body', rule: 'validation.json_too_deep' });
    // The recursive walk took seconds (or overflowed) here; the scan stops at level 33.
    expect(elapsed).toBeLessThan(200);
  });
});

describe('every write call is rate-limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WRITE_RATE_LIMIT: String(WRITE_LIMIT) });
  });
  afterAll(() => t?.close());

  it.each(writeCalls.map(([name, url, body], i) => [name, url, body, i] as const))(
    '%s: the call past WRITE_RATE_LIMIT within a minute answers E-429',
    async (_name, url, body, i) => {
      const guest = await newClient(t.app, `10.1.0.${i + 1}`);
      for (let n = 0; n < WRITE_LIMIT; n++) {
        const res = await guest.post(url, body);
        expect(res.statusCode, res.body).not.toBe(429);
        expect(res.headers['x-ratelimit-limit']).toBe(String(WRITE_LIMIT));
      }
      expectError(await guest.post(url, body), 'E-429');
      // Another address is not affected.
      const elsewhere = await newClient(t.app, `10.2.0.${i + 1}`);
      expect((await elsewhere.post(url, body)).statusCode).not.toBe(429);
    },
  );

  it('a deep body counts against the limit too', async () => {
    const guest = await newClient(t.app, '10.3.0.1');
    for (let n = 0; n < WRITE_LIMIT; n++) {
      const res = await guest.post(api.qrTitleUpdate, undefined, { rawJson: nested(9000) });
      expectError(res, 'E-400', { field: 'body', rule: 'validation.json_too_deep' });
    }
    expectError(await guest.post(api.qrTitleUpdate, undefined, { rawJson: nested(9000) }), 'E-429');
  });

  it('reading is not limited by it', async () => {
    const guest = await newClient(t.app, '10.3.0.2');
    for (let n = 0; n < WRITE_LIMIT + 2; n++) expect((await guest.get(api.session)).statusCode).toBe(200);
  });
});

// With REDIS_URL every server process counts in the same keys (skipped without Redis).
describe.runIf(redisTestsRun)('the write limit with REDIS_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      WRITE_RATE_LIMIT: String(WRITE_LIMIT),
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: uniqueRedisPrefix('write-limit'),
    });
  });
  afterAll(() => t?.close());

  it('titleUpdate past the limit answers E-429', async () => {
    const guest = await newClient(t.app, '10.4.0.1');
    for (let n = 0; n < WRITE_LIMIT; n++)
      expect((await guest.post(api.qrTitleUpdate, { id: 'x', title: 't' })).statusCode).not.toBe(429);
    expectError(await guest.post(api.qrTitleUpdate, { id: 'x', title: 't' }), 'E-429');
  });
});
