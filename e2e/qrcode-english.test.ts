import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkScreen, screenshot, seriousA11yViolations } from './support/browser';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, startSession } from './support/session';
import { signUpFromScreen } from './support/sign-up';

/**
 * The QR manager for an English browser: every validation message of the create form in its English
 * wording, a code made and its download dialog, and the member list with its English calendar,
 * on a phone and on a desktop.
 */

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
const submit = (form: Locator) => form.getByTestId('create-submit').click();

beforeAll(async () => {
  ({ server, page, stop } = await startSession({ viewport: PHONE, locale: 'en-US' }));
});

afterAll(() => stop?.());

it('says every create-form rule in English', async () => {
  await page.goto(server.url);
  await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');

  const url = page.getByTestId('create-form-url');
  await visible(url);
  expect(await url.getByTestId('byte-counter').textContent()).toBe('0 / 2331 bytes');
  await submit(url);
  await visible(url.getByText('Please input URL'));
  await url.locator('input[name="url"]').fill('hello');
  await submit(url);
  await visible(url.getByText('Please enter the URL correctly'));
  await checkScreen(page, 'qr-en-01-url-errors-phone');

  await page.getByTestId('tab-text').click();
  const text = page.getByTestId('create-form-text');
  await submit(text);
  await visible(text.getByText('Please input text'));
  await text.locator('textarea[name="text"]').fill('a'.repeat(2332));
  await visible(text.getByText('The text is too long. Please shorten it.'));

  await page.getByTestId('tab-wifi').click();
  const wifi = page.getByTestId('create-form-wifi');
  await submit(wifi);
  await visible(wifi.getByText('Please input SSID'));
  await wifi.locator('input[name="ssid"]').fill('Sakura Cafe');
  await wifi.locator('input[name="password"]').fill('short');
  await submit(wifi);
  await visible(wifi.getByText('Please enter the password correctly'));
  await checkScreen(page, 'qr-en-02-wifi-errors-phone');
});

it('creates a Wi-Fi code and shows its download dialog in English', async () => {
  await page.setViewportSize(DESKTOP);
  const wifi = page.getByTestId('create-form-wifi');
  await wifi.locator('input[name="password"]').fill('latte-2026');
  await submit(wifi);
  const card = page.getByTestId('result-card');
  await visible(card.getByText('Your QR code is ready'));
  expect(await card.getByTestId('result-content').textContent()).toBe('Sakura Cafe');
  await checkScreen(page, 'qr-en-03-result-wifi');

  await page.getByTestId('result-download').click();
  const dialog = page.getByTestId('download-dialog');
  await visible(dialog);
  await expect.poll(() => dialog.getByTestId('sizing-cell-mm').textContent()).toMatch(/^\d+\.\d{2} mm$/);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await screenshot(page, 'qr-en-04-download-dialog', { fullPage: false });
  expect(await seriousA11yViolations(page)).toEqual([]);
});

it("lists the member's codes and filters them with an English calendar", async () => {
  await page.keyboard.press('Escape');
  await page.goto(`${server.url}/auth/qrqrid/signup`);
  // The offer to carry the guest's Wi-Fi code over appears once the screen knows this browser has
  // codes: a sign-up sent before it carried nothing, and the list below stayed empty.
  const carry = page.getByTestId('carry-over');
  await visible(carry);
  expect(await carry.isChecked()).toBe(true);
  await signUpFromScreen(page, server.url, {
    email: `en-${Date.now()}@example.com`,
    userName: 'Sakura Cafe',
    password: 'latte2026',
  });
  await page.goto(`${server.url}/qrcode/list`);
  const rows = page.getByTestId('code-row');
  await expect.poll(() => rows.count()).toBe(1);
  expect(await page.getByTestId('list-count').textContent()).toBe('1 code (page 1 of 1)');
  await visible(page.getByText('Created from'));
  await checkScreen(page, 'qr-en-05-list');

  const now = new Date();
  const month = now.toLocaleString('en-US', { month: 'long', timeZone: 'Asia/Tokyo' });
  const [day, year] = [
    now.toLocaleString('en-US', { day: 'numeric', timeZone: 'Asia/Tokyo' }),
    now.toLocaleString('en-US', { year: 'numeric', timeZone: 'Asia/Tokyo' }),
  ];
  await page.getByTestId('filter-from').click();
  await visible(page.getByText(`${month} ${year}`));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await screenshot(page, 'qr-en-06-list-calendar', { fullPage: false });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `${month} ${day}, ${year}`, exact: true }).click();
  expect(await page.getByTestId('filter-from').textContent()).toBe(`${month.slice(0, 3)} ${day}, ${year}`);
  await page.getByTestId('filter-search').click();
  await page.waitForURL(/from=/);
  await expect.poll(() => rows.count()).toBe(1);
});
