import { api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchChromium, linkFromMailbox } from './support/browser';
import { type RunningServer, sharedServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * A colleague given only "edit title" finds the code in the shared tab by its title and date: no
 * image, no content, no read count or analysis, and no read-log or download action.
 * Screenshots: e2e/artifacts/shared-without-view-*.
 */

let server: RunningServer;
let browser: Browser;
let colleague: Page;
let code: QrCodeDto;

async function post(page: Page, url: string, data: unknown) {
  await page.goto(`${server.url}/qrcode/list`);
  const token = await page.getAttribute('meta[name="csrf-token"]', 'content');
  const res = await page.request.post(`${server.url}${url}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token ?? '' },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

const stamp = Date.now();

async function memberPage(email: string, userName: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await signUpThroughApi(page, server.url, { email, userName, password: 'Secret123' });
  return page;
}

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
  // Addresses of this run's own: the server is shared with the worker's other files.
  const owner = await memberPage(`owner-${stamp}@example.test`, '山田花子');
  colleague = await memberPage(`colleague-${stamp}@example.test`, '佐藤一郎');
  code = (
    await post(owner, api.qrCreate, {
      tab: 1,
      text: '本日限定の合言葉',
      title: '秘密の合言葉',
      analysis_type: 2,
    })
  ).qrcode as QrCodeDto;
  await post(owner, api.shareInput, {
    id: code.id,
    emails: [`colleague-${stamp}@example.test`],
    permissions: ['edit_title'],
  });
  const link = await linkFromMailbox(owner, server.url, '/auth/qrqrid/signin?code=');
  await post(colleague, api.shareAccept, { code: new URL(link).searchParams.get('code') });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the shared tab for a recipient without view', () => {
  it.each([
    ['ja', 'phone'],
    ['ja', 'desktop'],
    ['en', 'desktop'],
    ['en', 'phone'],
  ] as const)('shows title and date only (%s, %s)', async (lang, size) => {
    await colleague.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
    await colleague.setViewportSize(size === 'phone' ? PHONE : DESKTOP);
    await colleague.goto(`${server.url}/qrcode/list?tab=2`);
    const row = colleague.getByTestId('code-row').filter({ hasText: '秘密の合言葉' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('content-hidden').textContent()).toBe(
      lang === 'ja'
        ? '閲覧権限がないため、内容は表示されません'
        : 'You may not view this code, so its content is not shown',
    );
    await row.getByTestId('code-image-hidden').waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).not.toContain('本日限定の合言葉');
    expect(text).not.toContain(lang === 'ja' ? '計測なし' : 'Not measured');
    expect(await row.locator('img[src^="data:image/svg"]').count()).toBe(0);
    await checkScreen(colleague, `shared-without-view-${size}-${lang}`);
    await row.getByTestId('row-actions').click();
    await colleague.getByTestId('action-title').waitFor();
    const actions = await colleague
      .locator('[data-testid^="action-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(actions.sort()).toEqual(['action-share', 'action-title']);
    await colleague.keyboard.press('Escape');
  });
});
