import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import { SCREEN_PRELOADS_FILE, type ScreenPreloadsFile } from '@qrqr/shared/screen-preloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient, type TestClient } from '../helpers/client';
import { signUpAndActivate } from '../helpers/factories';

/**
 * A guest's first visit to the top page and sign-in gets the screen's HTML in `#app` (without
 * it the phone's largest paint waited for every script): rendered by the build's ssr/prerender.js,
 * once per path, language, layout and settings. A stand-in build here whose renderer says what it
 * was asked; e2e/first-paint.test.ts checks the real one in a browser.
 */

const empty = { ja: [], en: [] };
const preloads: ScreenPreloadsFile = {
  texts: { ja: [], en: [] },
  screens: [
    { path: paths.home, member: false, prerender: true, js: [], css: [], texts: empty },
    { path: paths.signin, member: false, prerender: true, js: [], css: [], texts: empty },
    { path: paths.qrAnalytics, member: false, prerender: false, js: [], css: [], texts: empty },
  ],
};

// Counts its renders, and fails for one path, as a screen that throws would.
const RENDERER = `let renders = 0;
export async function render(pathname, locale, params, layout) {
  if (pathname === '${paths.signin}' && locale === 'en') throw new Error('broken screen');
  renders++;
  return '<p data-path="' + pathname + '" data-locale="' + locale + '" data-mobile="' + layout.mobile +
    '" data-guest="' + params.isGuest + '" data-token="' + params.csrfToken + '" data-render="' + renders + '">' + '日本語'.repeat(500) + '</p>';
}
`;

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
let web: string;
let t: TestApp;
let guest: TestClient;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-web-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="ja"><head><!--app-head--></head><body><div id="app"></div></body></html>',
  );
  fs.writeFileSync(path.join(web, SCREEN_PRELOADS_FILE), JSON.stringify(preloads));
  fs.mkdirSync(path.join(web, 'ssr'));
  fs.writeFileSync(path.join(web, 'ssr', 'prerender.js'), RENDERER);
  t = await createTestApp({ WEB_DIST: web });
  guest = await newClient(t.app);
});

afterAll(async () => {
  await t?.close();
  if (web) fs.rmSync(web, { recursive: true, force: true });
});

const page = async (client: TestClient, url: string, headers: Record<string, string> = {}) =>
  (await client.get(url, { headers: { accept: 'text/html', ...headers } })).body;
/** What the renderer was asked, from the `#app` it filled; null when `#app` is empty. */
const firstPaint = (html: string) => {
  const app = /<div id="app"[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? '';
  if (!app) return null;
  const attrs = Object.fromEntries([...app.matchAll(/data-(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return attrs as Record<string, string>;
};

describe("a guest's first paint in the page", () => {
  it('fills #app for the top page and sign-in, in the language and layout asked, without the token', async () => {
    const top = firstPaint(await page(guest, '/'));
    expect(top).toMatchObject({ path: '/', locale: 'ja', mobile: 'false', guest: 'true', token: '' });
    expect(firstPaint(await page(guest, '/', { 'user-agent': PHONE }))).toMatchObject({ mobile: 'true' });
    expect(firstPaint(await page(guest, '/', { 'sec-ch-ua-mobile': '?1' }))).toMatchObject({
      mobile: 'true',
    });
    expect(firstPaint(await page(guest, '/', { 'accept-language': 'en' }))).toMatchObject({ locale: 'en' });
    expect(firstPaint(await page(guest, paths.signin))).toMatchObject({ path: paths.signin });
    // The layout it was rendered in, for the app to take it over only in that layout.
    expect(await page(guest, '/', { 'user-agent': PHONE })).toContain('<div id="app" data-layout="phone">');
    expect(await page(guest, '/')).toContain('<div id="app" data-layout="wide">');
    // Mantine's light styles apply before its scripts have run.
    expect(await page(guest, '/')).toContain('<html lang="ja" data-mantine-color-scheme="light"');
  });

  it('renders each page once, whoever asks, and not again', async () => {
    const first = firstPaint(await page(guest, '/'))?.render;
    const other = await newClient(t.app);
    expect(firstPaint(await page(other, '/'))?.render).toBe(first);
    expect(firstPaint(await page(guest, '/'))?.render).toBe(first);
  });

  it('leaves #app empty for members, addresses with a query, and other screens', async () => {
    const { client } = await signUpAndActivate(t.app);
    expect(firstPaint(await page(client, '/'))).toBeNull();
    expect(firstPaint(await page(guest, '/?url=https://example.com/'))).toBeNull();
    expect(firstPaint(await page(guest, qrAnalyticsPath('AbCd1234')))).toBeNull();
    expect(firstPaint(await page(guest, '/no/such/screen'))).toBeNull();
  });

  it('a screen that fails to render is left to the browser; the page still answers', async () => {
    const res = await guest.get(paths.signin, { headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(firstPaint(res.body)).toBeNull();
  });

  it('never serves the renderer itself', async () => {
    expect((await guest.get('/ssr/prerender.js')).statusCode).toBe(404);
    expect((await guest.get('/ssr/prerender.js', { headers: { accept: 'text/html' } })).body).not.toContain(
      'export async function render',
    );
  });

  it('sends pages compressed as the browser accepts', async () => {
    const br = await guest.get('/', {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const text = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(firstPaint(text)).toMatchObject({ path: '/' });
    expect(text).toContain('日本語');
    const gz = await guest.get('/', { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(text);
    const refused = await guest.get('/', {
      headers: { accept: 'text/html', 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(firstPaint(refused.body)).toMatchObject({ path: '/' });
  });
});
