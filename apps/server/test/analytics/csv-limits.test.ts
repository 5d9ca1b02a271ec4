import { analyticsPath } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/expect';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { createCode, urlCode } from '../helpers/qrcodes';

/** The read-log CSV is a costly export: limited per address and gated (one streams, none waits here). */

let t: TestApp;
let owner: Member;
let codeId: string;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_CSV_RATE_LIMIT: '4', EXPORT_CONCURRENCY: '1', EXPORT_QUEUE: '0' });
  owner = await signUpAndActivate(t.app);
  codeId = (await createCode(owner.client, urlCode({ analysis_type: 1 }))).id;
});
afterAll(() => t?.close());

const csv = () => owner.client.get(`${analyticsPath.csv(codeId)}?from=2026-01-01&to=2026-12-31`);

describe('GET /analytics/csv/{id}/ bounds', () => {
  it('answers E-503 with Retry-After while the export gate is full, and serves once it frees', async () => {
    const release = await t.ctx.exports.acquire();
    const res = await csv();
    expectError(res, 'E-503');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    release();
    const served = await csv();
    expect(served.statusCode).toBe(200);
    expect(served.body.split('\r\n')).toHaveLength(1 + 365 + 1);
    // The slot went back once the streamed body had been sent.
    expect(t.ctx.exports.load).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 429 with Retry-After past ANALYTICS_CSV_RATE_LIMIT a minute per address', async () => {
    // Two calls of the test above counted already (the refused one too).
    for (let i = 0; i < 2; i++) expect((await csv()).statusCode).toBe(200);
    const res = await csv();
    expectError(res, 'E-429');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
