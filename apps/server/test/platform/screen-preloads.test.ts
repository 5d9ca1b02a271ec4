import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import { SCREEN_PRELOADS_FILE, type ScreenPreloadsFile } from '@qrqr/shared/screen-preloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient, type TestClient } from '../helpers/client';
import { signUpAndActivate } from '../helpers/factories';

/**
 * The page names the requested screen's files: the build's screen-preloads.json says
 * which, the server writes them into index.html as modulepreload and stylesheet links, so the
 * browser fetches a screen in one round. A stand-in build here; e2e/screen-preloads.test.ts
 * checks the real one.
 */

const preloads: ScreenPreloadsFile = {
  texts: { ja: ['/assets/locale-ja-1.js'], en: ['/assets/locale-en-1.js'] },
  screens: [
    { path: paths.home, member: false, js: ['/assets/top-page-1.js'], css: [], texts: { ja: [], en: [] } },
    {
      path: paths.qrAnalytics,
      member: false,
      js: ['/assets/read-log-route-1.js', '/assets/tables-1.js'],
      css: ['/assets/dates-1.css'],
      texts: { ja: ['/assets/locale-ja-readlog-1.js'], en: ['/assets/locale-en-readlog-1.js'] },
    },
    {
      path: paths.qrList,
      member: true,
      js: ['/assets/qr-list-page-1.js'],
      css: [],
      texts: { ja: [], en: [] },
    },
    {
      path: paths.channelRegister,
      member: false,
      js: ['/assets/channel-register-page-1.js'],
      css: [],
      texts: { ja: [], en: [] },
    },
  ],
};

let web: string;
let t: TestApp;
let guest: TestClient;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-web-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="ja"><head><!--app-head--><script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(web, SCREEN_PRELOADS_FILE), JSON.stringify(preloads));
  t = await createTestApp({ WEB_DIST: web });
  guest = await newClient(t.app);
});

afterAll(async () => {
  await t?.close();
  if (web) fs.rmSync(web, { recursive: true, force: true });
});

const page = async (client: TestClient, url: string, headers: Record<string, string> = {}) =>
  (await client.get(url, { headers: { accept: 'text/html', ...headers } })).body;
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const stylesheets = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('screen preloads in the page', () => {
  it("names a screen's chunks, styles and texts in the page's language, after the entry", async () => {
    const html = await page(guest, qrAnalyticsPath('AbCd1234'));
    expect(preloaded(html)).toEqual([
      '/assets/locale-ja-1.js',
      '/assets/locale-ja-readlog-1.js',
      '/assets/read-log-route-1.js',
      '/assets/tables-1.js',
    ]);
    expect(stylesheets(html)).toEqual(['/assets/dates-1.css']);
    // In <head>, after the entry script, so the entry's own files go first.
    expect(html.indexOf('/assets/index-1.js')).toBeLessThan(html.indexOf('rel="modulepreload"'));
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('</head>'));

    const english = await page(guest, qrAnalyticsPath('AbCd1234'), { 'accept-language': 'en' });
    expect(preloaded(english)).toEqual([
      '/assets/locale-en-1.js',
      '/assets/locale-en-readlog-1.js',
      '/assets/read-log-route-1.js',
      '/assets/tables-1.js',
    ]);
  });

  it('matches the top page and paths written with a trailing slash either way', async () => {
    expect(preloaded(await page(guest, '/'))).toEqual(['/assets/locale-ja-1.js', '/assets/top-page-1.js']);
    expect(preloaded(await page(guest, '/qrchannel/register/'))).toContain(
      '/assets/channel-register-page-1.js',
    );
    expect(preloaded(await page(guest, '/qrchannel/register'))).toContain(
      '/assets/channel-register-page-1.js',
    );
    expect(preloaded(await page(guest, '/?next=x'))).toContain('/assets/top-page-1.js');
  });

  it('names nothing for an unknown path, nor a deeper path under a screen', async () => {
    expect(preloaded(await page(guest, '/no/such/screen'))).toEqual([]);
    expect(preloaded(await page(guest, `${qrAnalyticsPath('AbCd1234')}/more`))).toEqual([]);
    expect(stylesheets(await page(guest, '/no/such/screen'))).toEqual([]);
  });

  it("names a member's screen for members only (a guest is sent to sign-in)", async () => {
    expect(preloaded(await page(guest, paths.qrList))).toEqual([]);
    const { client } = await signUpAndActivate(t.app);
    expect(preloaded(await page(client, paths.qrList))).toEqual([
      '/assets/locale-ja-1.js',
      '/assets/qr-list-page-1.js',
    ]);
  });

  it('pages of a build without the file name nothing more', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-web-'));
    fs.copyFileSync(path.join(web, 'index.html'), path.join(bare, 'index.html'));
    const app = await createTestApp({ WEB_DIST: bare });
    try {
      const html = await page(await newClient(app.app), '/');
      expect(html).toContain('/assets/index-1.js');
      expect(preloaded(html)).toEqual([]);
    } finally {
      await app.close();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
