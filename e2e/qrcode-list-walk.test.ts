import type { QrListData } from '@qrqr/shared/qrcode-schemas';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, seriousA11yViolations, takenOver } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * A member walks the list, the result card and the download dialog:
 * reads not measured, the short link and its copy button, a named red delete button, a Monday-first
 * calendar printing yyyy-MM-dd, a filter bar that does not move for its message, honest download
 * figures and preview, and a list that lands on its last page. Photographed (e2e/artifacts/walk-*)
 * at 375 px and on a desktop, in Japanese and in English.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
const rows = () => page.getByTestId('code-row');
const settled = () =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

/** Photographs the screen (only the window when a dialog is open) and audits it with axe. */
async function check(name: string, options: { dialog?: boolean } = {}) {
  await page.waitForLoadState('networkidle');
  await settled();
  await screenshot(page, name, { fullPage: !options.dialog });
  expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
}

async function listData(query = ''): Promise<QrListData> {
  const res = await page.request.get(`${server.url}/qrcode/list/data${query}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as QrListData;
}

/** Creates text codes through the API (the flows for the form are in qrcode-flow). */
async function createTextCodes(count: number, prefix: string) {
  const token = await page.getAttribute('meta[name="csrf-token"]', 'content');
  for (let i = 1; i <= count; i += 1) {
    const res = await page.request.post(`${server.url}/qrcode/create/`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token ?? '' },
      data: { tab: 1, text: `${prefix} ${i}`, title: `${prefix}${String(i).padStart(2, '0')}` },
    });
    expect(res.ok()).toBe(true);
  }
}

/** The colour a CSS colour expression computes to, e.g. var(--mantine-color-red-9). */
function computedColour(expression: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, expression);
}

async function openRowAction(hasText: string, action: string) {
  await rows().filter({ hasText }).first().getByTestId('row-actions').click();
  await page.getByTestId(`action-${action}`).click();
}

async function setLanguage(lang: 'ja' | 'en') {
  await context.addCookies([{ name: 'lang', value: lang, url: server.url }]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in Tokyo, the days the list's date filters count in. */
function tokyoToday(): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

beforeAll(async () => {
  // Item 10 needs 61 codes in one go: more than the default 60 a minute.
  server = await startServer({ QR_CREATE_RATE_LIMIT: '1000' });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  await signUpThroughApi(page, server.url, {
    email: `walk-${Date.now()}@example.jp`,
    userName: '一覧を歩く',
    password: 'walk2026',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the result card (item 14)', () => {
  it('says reads are not measured for a code without analysis', async () => {
    await page.goto(server.url);
    const form = page.getByTestId('create-form-url');
    await visible(form);
    await form.locator('input[name="url"]').fill('https://example.com/menu');
    await form.locator('input[name="title"]').fill('メニュー');
    await form.getByTestId('create-submit').click();
    const card = page.getByTestId('result-card');
    await visible(card);
    expect(await card.getByTestId('result-analysis').textContent()).toBe('なし');
    expect(await card.getByTestId('result-reads-unmeasured').textContent()).toBe(
      'このQRコードの読み取り数は計測しません',
    );
    expect(await card.getByTestId('short-link').count()).toBe(0);
    await check('walk-01-result-no-analysis');
  });

  it('shows the short link of a redirect code with a copy button that copies it', async () => {
    await page.getByTestId('create-another').click();
    const form = page.getByTestId('create-form-url');
    await form.locator('input[name="url"]').fill('https://example.com/poster');
    await form.locator('input[name="title"]').fill('店頭ポスター');
    await form.getByTestId('analysis-redirect').check();
    await form.getByTestId('create-submit').click();
    const card = page.getByTestId('result-card');
    await visible(card);
    expect(await card.getByTestId('result-reads-unmeasured').count()).toBe(0);
    const link = await card.getByTestId('result-redirect').textContent();
    expect(link).toMatch(new RegExp(`^${server.url.replace(/[.:/]/g, '\\$&')}/r/\\w{8}$`));
    const copy = card.getByTestId('short-link-copy');
    expect(await copy.textContent()).toBe('コピー');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('コピーしました');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await check('walk-02-result-short-link');
    await page.setViewportSize(PHONE);
    await check('walk-03-result-short-link-phone');
    await page.setViewportSize(DESKTOP);
  });
});

describe('the member list', () => {
  it('shows 「計測なし」 instead of a read count, and the short link with its copy button (item 14)', async () => {
    await page.goto(`${server.url}/qrcode/list`);
    await expect.poll(() => rows().count()).toBe(2);
    const plain = rows().filter({ hasText: 'メニュー' });
    const redirect = rows().filter({ hasText: '店頭ポスター' });
    expect(await plain.getByTestId('code-reads').textContent()).toBe('計測なし');
    expect(await redirect.getByTestId('code-reads').textContent()).toBe('0');
    expect(await plain.getByTestId('short-link').count()).toBe(0);
    expect(await redirect.getByTestId('short-link-url').textContent()).toMatch(/\/r\/\w{8}$/);
    const copy = redirect.getByTestId('short-link-copy');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('コピーしました');
    await check('walk-04-list-desktop');

    await page.setViewportSize(PHONE);
    await expect.poll(() => page.getByTestId('code-table').count()).toBe(0);
    expect(await rows().filter({ hasText: 'メニュー' }).getByTestId('code-reads').textContent()).toMatch(
      /· 読み取り数：計測なし$/,
    );
    expect(await rows().filter({ hasText: '店頭ポスター' }).getByTestId('code-reads').textContent()).toMatch(
      /· 読み取り0回$/,
    );
    await visible(rows().filter({ hasText: '店頭ポスター' }).getByTestId('short-link-copy'));
    await check('walk-05-list-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('names the delete action 「削除する」 in the destructive red (item 15)', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await openRowAction('メニュー', 'delete');
      await visible(page.getByTestId('delete-dialog'));
      const confirm = page.getByTestId('confirm-ok');
      expect(await confirm.textContent()).toBe('削除する');
      expect(await confirm.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        await computedColour('var(--mantine-color-red-9)'),
      );
      await check(`walk-06-delete-confirm-${viewport === PHONE ? 'phone' : 'desktop'}`, { dialog: true });
      await page.getByRole('button', { name: 'キャンセル' }).click();
      await expect.poll(() => page.getByTestId('delete-dialog').count()).toBe(0);
    }
    await page.setViewportSize(DESKTOP);
  });

  it('starts calendar weeks on Monday, keeps the weekend colours and shows yyyy-MM-dd (item 11)', async () => {
    const today = tokyoToday();
    await page.goto(`${server.url}/qrcode/list`);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.getByTestId('filter-from').click();
      const calendar = page.getByRole('dialog', { name: '作成日（から）' });
      await visible(calendar.getByText(`${today.year}年${today.month}月`));
      const weekdays = await calendar.locator('thead th').allTextContents();
      expect(weekdays).toEqual(['月', '火', '水', '木', '金', '土', '日']);

      // Every Saturday sits in the sixth column in blue, every Sunday in the seventh in red.
      const weekend = await calendar.locator('tbody button:not([data-outside])').evaluateAll((buttons) =>
        buttons.map((b) => ({
          label: b.getAttribute('aria-label') ?? '',
          column: (b.closest('td') as HTMLTableCellElement).cellIndex,
          colour: getComputedStyle(b).color,
          selected: b.hasAttribute('data-selected'),
        })),
      );
      const weekday = (label: string) => {
        const [y, m, d] = label.match(/\d+/g)?.map(Number) ?? [];
        return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay();
      };
      const red = await computedColour('var(--mantine-color-red-9)');
      const blue = await computedColour('var(--mantine-color-blue-9)');
      const saturdays = weekend.filter((d) => weekday(d.label) === 6);
      const sundays = weekend.filter((d) => weekday(d.label) === 0);
      expect(saturdays.length).toBeGreaterThanOrEqual(4);
      expect(sundays.length).toBeGreaterThanOrEqual(4);
      for (const d of saturdays)
        expect({ column: d.column, colour: d.colour }).toEqual({ column: 5, colour: blue });
      for (const d of sundays)
        expect({ column: d.column, colour: d.colour }).toEqual({ column: 6, colour: red });
      await check(`walk-07-calendar-${viewport === PHONE ? 'phone' : 'desktop'}`, { dialog: true });

      await calendar
        .getByRole('button', { name: `${today.year}年${today.month}月${today.day}日`, exact: true })
        .click();
      expect(await page.getByTestId('filter-from').textContent()).toBe(
        `${today.year}-${pad(today.month)}-${pad(today.day)}`,
      );
      await page.getByRole('button', { name: '作成日（から）を消去' }).click();
    }
    await page.setViewportSize(DESKTOP);
  });

  it('keeps the filter bar still when the date-range message appears (item 16)', async () => {
    const today = tokyoToday();
    const lastMonth =
      today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/qrcode/list`);
      // Measured on the app's screen, not on the wide one the server painted (hidden at 375 px).
      await takenOver(page);
      await expect.poll(() => rows().count()).toBe(2);
      // Positions on the page, not in the window: picking a date may scroll.
      const boxes = () =>
        Promise.all(
          [
            page.getByRole('search'),
            page.getByTestId('filter-search'),
            page.getByTestId('filter-to'),
            rows().first(),
          ].map((l) =>
            l.evaluate((el) => {
              const r = el.getBoundingClientRect();
              return { top: r.top + window.scrollY, left: r.left, width: r.width, height: r.height };
            }),
          ),
        );
      const before = await boxes();

      await page.getByTestId('filter-from').click();
      await page
        .getByRole('button', { name: `${today.year}年${today.month}月${today.day}日`, exact: true })
        .click();
      await settled();
      await page.getByTestId('filter-to').click();
      const calendar = page.getByRole('dialog', { name: '作成日（まで）' });
      await calendar.getByRole('button', { name: '前の月' }).click();
      await calendar
        .getByRole('button', { name: `${lastMonth.year}年${lastMonth.month}月1日`, exact: true })
        .click();
      await settled();
      await page.getByTestId('filter-search').click();
      await visible(page.getByText('終了日を開始日より前に設定することはできません'));
      expect(page.url()).not.toContain('to=');
      expect(await boxes()).toEqual(before);
      await check(`walk-08-range-message-${viewport === PHONE ? 'phone' : 'desktop'}`);
    }
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/qrcode/list`);
  });

  it('shows the code title, dashes for impossible sizes, and the chosen margin in the preview (item 17)', async () => {
    await expect.poll(() => rows().count()).toBe(2);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await openRowAction('店頭ポスター', 'download');
      const dialog = page.getByTestId('download-dialog');
      await visible(dialog);
      expect(await page.getByTestId('download-code-title').textContent()).toBe('店頭ポスター');
      const figure = (id: string) => dialog.getByTestId(`sizing-${id}`).textContent();
      const previewWidth = () =>
        dialog
          .getByTestId('download-preview')
          .getAttribute('src')
          .then((src) => Number(/width="(\d+)"/.exec(decodeURIComponent(src ?? ''))?.[1]));
      const widthAtFour = await previewWidth();
      expect(await figure('image-px')).toMatch(/^\d+ × \d+ px$/);

      // A cell size out of range: the figures it drives become dashes, never the defaults' figures.
      await dialog.getByTestId('download-cell-size').fill('0');
      await expect.poll(() => figure('image-px')).toBe('—');
      expect(await figure('cell-mm')).toBe('—');
      expect(await figure('code-region')).toBe('—');
      expect(await figure('image-mm')).toBe('—');
      expect(await figure('cells')).toMatch(/^\d+ × \d+$/);
      expect(await dialog.getByTestId('download-link').isDisabled()).toBe(true);
      await check(`walk-09-download-bad-cell-${viewport === PHONE ? 'phone' : 'desktop'}`, { dialog: true });
      await dialog.getByTestId('download-cell-size').fill('10');

      // A margin out of range: the pixel and print sizes of the whole image are dashes.
      await dialog.getByTestId('download-margin').fill('21');
      await expect.poll(() => figure('image-px')).toBe('—');
      expect(await figure('image-mm')).toBe('—');
      expect(await figure('cell-mm')).toMatch(/mm$/);

      // The preview draws the margin chosen: 0 cells takes 4 cells off each side.
      await dialog.getByTestId('download-margin').fill('0');
      await expect.poll(() => figure('image-px')).toMatch(/^\d+ × \d+ px$/);
      await expect.poll(previewWidth).toBeLessThan(widthAtFour);
      expect(await dialog.getByText('余白0セル', { exact: false }).count()).toBe(1);
      await check(`walk-10-download-margin-0-${viewport === PHONE ? 'phone' : 'desktop'}`, { dialog: true });
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    }
    await page.setViewportSize(DESKTOP);
  });

  it('lands on the last page that exists after deleting its last code, or for a page past the end (item 10)', async () => {
    await createTextCodes(59, '在庫メモ');
    expect((await listData()).total_count).toBe(61);
    await page.goto(`${server.url}/qrcode/list?page=4`);
    await expect.poll(() => rows().count()).toBe(1);
    expect(await page.getByTestId('list-count').textContent()).toBe('全61件（4 / 4ページ）');

    await rows().first().getByTestId('row-actions').click();
    await page.getByTestId('action-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(/page=3$/);
    await expect.poll(() => rows().count()).toBe(20);
    expect(await page.getByTestId('list-count').textContent()).toBe('全60件（3 / 3ページ）');
    expect(await page.getByTestId('list-empty').count()).toBe(0);
    expect(await page.getByTestId('pager').locator('[aria-current="page"]').textContent()).toBe('3');
    await check('walk-11-list-after-deleting-last-page');

    await page.goto(`${server.url}/qrcode/list?page=9`);
    await page.waitForURL(/page=3$/);
    await expect.poll(() => rows().count()).toBe(20);
    expect(await page.getByTestId('list-count').textContent()).toBe('全60件（3 / 3ページ）');
    await page.setViewportSize(PHONE);
    await check('walk-12-list-page-past-end-phone');
    await page.setViewportSize(DESKTOP);
  });
});

describe('the same screens in English', () => {
  it('says the same in English at 375 px and on a desktop', async () => {
    await setLanguage('en');
    for (const viewport of [DESKTOP, PHONE]) {
      const size = viewport === PHONE ? 'phone' : 'desktop';
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/qrcode/list?title=${encodeURIComponent('在庫メモ01')}`);
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
      await expect.poll(() => rows().count()).toBe(1);
      expect(await rows().first().getByTestId('code-reads').textContent()).toMatch(
        /Not measured|not measured$/,
      );
      await check(`walk-13-en-list-${size}`);

      await page.goto(`${server.url}/qrcode/list?title=${encodeURIComponent('店頭')}`);
      await expect.poll(() => rows().count()).toBe(1);
      expect(await rows().first().getByTestId('short-link-copy').textContent()).toBe('Copy');
      await openRowAction('店頭ポスター', 'delete');
      expect(await page.getByTestId('confirm-ok').textContent()).toBe('Delete');
      await check(`walk-14-en-delete-${size}`, { dialog: true });
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByTestId('filter-from').click();
      const calendar = page.getByRole('dialog', { name: 'Created from' });
      await visible(calendar);
      expect((await calendar.locator('thead th').allTextContents())[0]).toBe('Mo');
      await check(`walk-15-en-calendar-${size}`, { dialog: true });
      await page.keyboard.press('Escape');

      await openRowAction('店頭ポスター', 'download');
      const dialog = page.getByTestId('download-dialog');
      await visible(dialog);
      await dialog.getByTestId('download-cell-size').fill('99');
      await expect.poll(() => dialog.getByTestId('sizing-image-px').textContent()).toBe('—');
      await check(`walk-16-en-download-bad-cell-${size}`, { dialog: true });
      await page.keyboard.press('Escape');
    }
    await setLanguage('ja');
  });
});
