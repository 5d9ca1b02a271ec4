import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkScreen } from './support/browser';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, startSession } from './support/session';

/**
 * The about page names the bundled IP-to-country data and its licence, and the prefecture
 * boundaries' source, in both languages.
 */

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ server, page, stop } = await startSession({ viewport: PHONE }));
});

afterAll(() => stop?.());

it('credits the country data and the prefecture boundaries on the about page, in Japanese and English, on a phone and a desktop', async () => {
  await page.goto(`${server.url}/service/about`);
  const credits = page.locator('section[aria-labelledby="data-credits"]');
  await credits.scrollIntoViewIfNeeded();
  expect(await credits.getByRole('heading').textContent()).toBe('データの出典');
  expect(await credits.textContent()).toContain('CC BY 4.0');
  expect(await credits.getByRole('link', { name: 'ライセンスを見る' }).getAttribute('href')).toBe(
    'https://creativecommons.org/licenses/by/4.0/',
  );
  expect(await credits.textContent()).toContain('都道府県の境界データ：Natural Earth');
  expect(await credits.getByRole('link', { name: 'Natural Earth' }).getAttribute('href')).toBe(
    'https://www.naturalearthdata.com/',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await checkScreen(page, 'credits-01-about-ja-phone');

  await page.getByTestId('lang-switch').click();
  await expect.poll(() => credits.getByRole('heading').textContent()).toBe('Data sources');
  expect(await credits.textContent()).toContain('Number Resource Organization');
  expect(await credits.textContent()).toContain('Prefecture boundaries: Natural Earth');
  await page.setViewportSize(DESKTOP);
  await checkScreen(page, 'credits-02-about-en-desktop');
});
