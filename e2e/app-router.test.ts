import { paths } from '@qrqr/shared/paths';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { takenOver } from './support/browser';
import type { RunningServer } from './support/server';
import { PHONE, startSession } from './support/session';

/**
 * The app's own router in Chromium: a link is followed without reloading the page, a new page
 * starts at its top, back and forward land where the visitor was, an unknown path shows the
 * not-found page in the site's frame, and a modified click is the browser's.
 */

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;
const consoleErrors: string[] = [];
const UNKNOWN = '/no/such/page';

beforeAll(async () => {
  ({ server, page, stop } = await startSession({ viewport: PHONE }));
  page.on('console', (m) => {
    // The unknown path's own document answers 404, which Chromium logs: that one is meant.
    if (m.type() === 'error' && !m.location().url.endsWith(UNKNOWN)) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
});

afterAll(() => stop?.());

const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
/** Set on the page's window: still there after a navigation only if the page was not reloaded. */
const markDocument = () => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = () =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

it('follows a link in the page, starts the next page at its top, and back and forward restore the scroll', async () => {
  await page.goto(server.url);
  await takenOver(page);
  // The history and the news load after the page and end shorter than their loading state:
  // scrolled before, the position would be clamped when they arrive.
  await page.getByTestId('history-empty').waitFor();
  await page.getByTestId('news-empty').waitFor();
  await markDocument();
  const more = page.locator(`a[href="${paths.serviceAbout}"]`).first();
  await more.scrollIntoViewIfNeeded();
  const scrolled = await scrollY();
  expect(scrolled).toBeGreaterThan(200);
  await more.click();
  await page.waitForURL(`**${paths.serviceAbout}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(scrollY).toBe(0);
  expect(await sameDocument()).toBe(true);

  await page.evaluate(() => window.scrollTo(0, 300));
  const aboutScrolled = await scrollY();
  await page.goBack();
  await page.waitForURL(`${server.url}/`);
  await page.getByTestId('create-panel').waitFor();
  await expect.poll(scrollY).toBe(scrolled);
  await page.goForward();
  await page.waitForURL(`**${paths.serviceAbout}`);
  await expect.poll(scrollY).toBe(aboutScrolled);
  expect(await sameDocument()).toBe(true);
});

it('shows the not-found page inside the site frame for an unknown path, and leaves it by a link', async () => {
  await page.goto(`${server.url}${UNKNOWN}`);
  await takenOver(page);
  await page.getByTestId('lang-switch').waitFor();
  expect(await page.locator('body').textContent()).toContain('404');
  await markDocument();
  await page.locator('header a[href="/"]').first().click();
  await page.waitForURL(`${server.url}/`);
  await page.getByTestId('create-panel').waitFor();
  expect(await sameDocument()).toBe(true);
});

it('leaves a modified click to the browser: the page stays and a new tab opens', async () => {
  await page.goto(server.url);
  await takenOver(page);
  const more = page.locator(`a[href="${paths.serviceAbout}"]`).first();
  const opened = page.context().waitForEvent('page');
  await more.click({ modifiers: ['Control'] });
  const tab = await opened;
  await tab.waitForURL(`**${paths.serviceAbout}`);
  await tab.close();
  expect(new URL(page.url()).pathname).toBe('/');
});

it('logs no console error on the way', () => {
  expect(consoleErrors).toEqual([]);
});
