import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { guestBrowser, redirectPath, urlCode } from '../helpers/qrcodes';

/** REDIS_URL names a Redis that is not there (nothing listens on port 1). */
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { REDIS_URL: 'redis://127.0.0.1:1', QR_CREATE_RATE_LIMIT: '2', LOG_LEVEL: 'error' },
    { logStream: { write: (line) => logLines.push(line) } },
  );
});
afterAll(() => t?.close());

describe('with Redis away', () => {
  it('starts, keeps answering limited routes and redirects (limits not applied), and logs the outage', async () => {
    const guest = await guestBrowser(t.app, '10.9.0.1');
    const statuses: number[] = [];
    let code = '';
    for (let i = 0; i < 3; i += 1) {
      const res = await guest.post(api.qrCreate, urlCode({ analysis_type: 1 }));
      statuses.push(res.statusCode);
      if (res.statusCode === 200) code = redirectPath(res.json().qrcode);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const scan = await guest.get(code);
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe('https://example.jp/menu');
    expect(logLines.some((l) => l.includes('redis: connection error'))).toBe(true);
  });
});
