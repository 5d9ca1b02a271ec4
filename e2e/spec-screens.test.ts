import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchChromium } from './support/browser';
import { type RunningServer, sharedServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';

/**
 * Some screens' addresses are written with a trailing slash (`/qrchannel/register/`, where the header's
 * channel button leads, and `/qrwifi/welcomepage/`): loaded as a page, with or without it, they
 * answer HTTP 200 and show their screen (test/platform/health-session-pages.test.ts checks every
 * screen's path by status). Photographed as e2e/artifacts/spec-screens-*.
 */

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('screens published with a trailing slash', () => {
  it.each([
    ['ja', PHONE, 'ja-JP', 'チャネルサービスを始める'],
    ['en', DESKTOP, 'en-US', 'Start the channel service'],
  ] as const)(
    'the header’s channel button leads to a 200 page (%s)',
    async (lang, viewport, locale, title) => {
      const context = await browser.newContext({ viewport, locale, timezoneId: 'Asia/Tokyo' });
      try {
        const page = await context.newPage();
        await page.goto(server.url);
        const header = page.getByRole('banner');
        // On a phone the header's buttons are in its menu.
        if (lang === 'ja') await header.getByRole('button', { name: 'メニューを開く' }).click();
        const button = page.getByRole('link', { name: lang === 'ja' ? 'チャネル' : 'Channel', exact: true });
        const href = (await button.first().getAttribute('href')) ?? '';
        expect(href).toBe('/qrchannel/register/');
        for (const path of [href, '/qrchannel/register']) {
          const res = await page.goto(`${server.url}${path}`);
          expect(res?.status(), path).toBe(200);
          await page.getByRole('heading', { name: title }).waitFor();
        }
        await checkScreen(page, `spec-screens-channel-register-${lang}`);
      } finally {
        await context.close();
      }
    },
  );

  it.each(['/qrwifi/welcomepage/', '/qrwifi/welcomepage'])(
    '%s answers 200 and the app takes a guest on to sign-in',
    async (path) => {
      const context = await browser.newContext({ viewport: PHONE, locale: 'ja-JP' });
      try {
        const page = await context.newPage();
        const res = await page.goto(`${server.url}${path}`);
        expect(res?.status()).toBe(200);
        await page.waitForURL(/\/auth\/qrqrid\/signin/);
      } finally {
        await context.close();
      }
    },
  );
});
