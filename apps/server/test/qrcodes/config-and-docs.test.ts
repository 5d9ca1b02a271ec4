import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, expectOk } from '../helpers/expect';
import { guestBrowser, urlCode } from '../helpers/qrcodes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GUEST_HISTORY_DAYS: '7' });
});
afterAll(() => t?.close());

interface OpenApi {
  paths: Record<
    string,
    Record<string, { tags?: string[]; parameters?: unknown[]; requestBody?: unknown; responses?: unknown }>
  >;
}

describe('OpenAPI of the QR manager and news', () => {
  it('documents every call with its parameters and response', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const op = (method: string, path: string) => doc.paths[path]?.[method];
    for (const [method, path] of [
      ['post', api.qrCreate],
      ['get', api.qrListData],
      ['post', api.qrTitleUpdate],
      ['post', api.qrRedirectUrlUpdate],
      ['get', api.qrDelete],
      ['get', api.qrDownload],
      ['get', '/r/{code}'],
      ['get', api.news],
    ] as const) {
      expect(op(method, path), `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(op('post', api.qrCreate)?.requestBody)).toContain('analysis_type');
    expect(JSON.stringify(op('post', api.qrCreate)?.responses)).toContain('redirect_url');
    expect(JSON.stringify(op('get', api.qrDownload)?.parameters)).toContain('op_dpi');
    expect(JSON.stringify(op('get', api.qrListData)?.responses)).toContain('total_count');
  });
});

describe('GUEST_HISTORY_DAYS', () => {
  it('sets the history cookie lifetime and history_days', async () => {
    const res = await t.app.inject({ method: 'GET', url: api.qrListData });
    expect(res.json().history_days).toBe(7);
  });

  it('defaults to 1 day and accepts 1 to 365 whole days', () => {
    expect(loadConfig({}).GUEST_HISTORY_DAYS).toBe(1);
    expect(loadConfig({ GUEST_HISTORY_DAYS: '365' }).GUEST_HISTORY_DAYS).toBe(365);
    for (const bad of ['0', '366', '1.5', 'week']) {
      expect(() => loadConfig({ GUEST_HISTORY_DAYS: bad })).toThrow(ConfigError);
    }
  });
});

describe('QR_CREATE_RATE_LIMIT', () => {
  it('answers 429 past the limit a minute per address', async () => {
    const limited = await createTestApp({ QR_CREATE_RATE_LIMIT: '2' });
    try {
      const guest = await guestBrowser(limited.app);
      expectOk(await guest.post(api.qrCreate, urlCode()));
      expectOk(await guest.post(api.qrCreate, urlCode()));
      expectError(await guest.post(api.qrCreate, urlCode()), 'E-429');
    } finally {
      await limited.close();
    }
  });
});
