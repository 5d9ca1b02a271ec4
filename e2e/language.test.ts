import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './support/browser';
import type { RunningServer } from './support/server';
import { PHONE, startSession } from './support/session';

/** The language switch turns every screen to English, and the choice survives a reload. */

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ server, page, stop } = await startSession({ viewport: PHONE }));
});

afterAll(() => stop?.());

it('switches to English from the footer and keeps it', async () => {
  await page.goto(server.url);
  await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ja');
  await page.getByTestId('lang-switch').click();
  await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');

  await page.goto(`${server.url}/auth/qrqrid/signin`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Log in');
  await page.click('button[type="submit"]');
  await expect.poll(() => page.getByText('Please input your email address').first().isVisible()).toBe(true);
  await screenshot(page, 'en-01-signin-errors-phone');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto(`${server.url}/auth/qrqrid/activate?user_id=nobody&confirmation_code=wrong`);
  await expect
    .poll(() => page.getByText('It seems the correct link was not clicked').first().isVisible())
    .toBe(true);
  await screenshot(page, 'en-02-activate-bad-link-phone');
  expect(await seriousA11yViolations(page)).toEqual([]);
});
