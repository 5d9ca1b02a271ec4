import iconv from 'iconv-lite';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { launchChromium, screenshot, seriousA11yViolations } from './support/browser';
import { signUpOperatorWithChannel } from './support/operator-channel';
import {
  chooseCallToAction,
  chooseLogo,
  drawnChannelIcon,
  onPlaywright,
  openDesignPanel,
  uploadDrawnPicture,
} from './support/qr-design-steps';
import { type RunningServer, sharedServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';

/**
 * The screens of branded and bulk codes (issue 31) photographed in Japanese and English, at 375 px
 * and on a computer: the design panel with a logo, a frame and a call to action; the CSV preview
 * with an error row; a Western (Latin-1) file refused with its reason; the export dialog's ZIP and
 * PDF tabs. Each is checked by axe and must not stick out sideways (e2e/artifacts/qr31-*).
 */

let server: RunningServer;
let browser: Browser;

const TEXTS = {
  ja: {
    locale: 'ja-JP',
    design: 'デザイン',
    large: '大（誤り訂正H）',
    coupon: '読み取ってクーポンGET',
    csv: iconv.encode(
      ['タイトル,内容', 'テーブル①,https://example.jp/table/1', '髙橋様の席,本日のおすすめ', '空の行,'].join(
        '\r\n',
      ),
      'cp932',
    ),
    summary: '2件を作成できます。エラーの1件は作成されません。',
    charset: 'CSVの文字コードがUTF-8でもShift_JISでもないため',
    pdfTab: '印刷用PDF',
  },
  en: {
    locale: 'en-US',
    design: 'Design',
    large: 'Large (level H)',
    // The frame prints the Japanese phrase; the English screen says what it means.
    coupon: '読み取ってクーポンGET (get a coupon)',
    csv: Buffer.from(
      [
        'title,content',
        'Table 1,https://example.jp/table/1',
        'Mr Lee’s table,Today’s special',
        'Empty row,',
      ].join('\r\n'),
    ),
    summary: '2 can be created. The 1 with errors will not be.',
    charset: 'The CSV is in neither UTF-8 nor Shift_JIS',
    pdfTab: 'PDF to print',
  },
} as const;
type Lang = keyof typeof TEXTS;

const LATIN1 = Buffer.from('title,content\r\nCrème brûlée,https://example.jp/dessert\r\n', 'latin1');

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);

/** The screen settled, photographed, checked by axe, and nothing wider than the window. */
async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  try {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(page, name, { fullPage: false });
    expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `overflow on ${name}`,
    ).toBeLessThanOrEqual(0);
  } finally {
    await still.evaluate((style) => (style as Element).remove()).catch(() => undefined);
  }
}

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['ja', 'en'] as const)('issue 31 screens in %s', (lang: Lang) => {
  const text = TEXTS[lang];
  let page: Page;
  let channelId = 0;
  let codeId = '';

  beforeAll(async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      locale: text.locale,
      timezoneId: 'Asia/Tokyo',
    });
    page = await context.newPage();
    ({ channelId } = await signUpOperatorWithChannel(
      page,
      server.url,
      {
        email: `screens-${lang}-${Date.now()}@example.jp`,
        userName: lang === 'ja' ? '店主' : 'Kim Lee',
        password: 'screens2026',
      },
      lang === 'ja' ? '珈琲こもれび' : 'Komorebi Coffee',
    ));
    expect(await page.evaluate(uploadDrawnPicture, drawnChannelIcon(channelId, false))).toBe(200);
    ({
      qrcode: { id: codeId },
    } = await apiCall<{ qrcode: { id: string } }>(page, 'POST', '/qrcode/create/', {
      tab: 0,
      url: 'https://example.jp/menu',
      title: lang === 'ja' ? '店頭ポスター' : 'Shop poster',
      analysis_type: 0,
    }));
  });

  for (const [size, viewport] of [
    ['375', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`the design panel with a logo, a frame and a call to action (${size})`, async () => {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/qrcode/list`);
      const row = page.locator(`[data-testid="code-row"][data-id="${codeId}"]:visible`);
      await row.getByTestId('row-actions').click();
      await page.getByTestId('action-download').click();
      await visible(page.getByTestId('download-dialog'));
      const design = onPlaywright(page);
      await openDesignPanel(design, text.design);
      await chooseLogo(design, String(channelId), text.large);
      await chooseCallToAction(design, 'coupon');
      expect(await page.getByTestId('design-cta').locator('option:checked').textContent()).toBe(text.coupon);
      await check(page, `qr31-design-${lang}-${size}`);
      // The panel's end: saving the design and keeping it as a named style.
      await page.getByTestId('style-save').scrollIntoViewIfNeeded();
      await check(page, `qr31-design-styles-${lang}-${size}`);
    });

    it(`the CSV preview, a Latin-1 file refused, and the export dialog (${size})`, async () => {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/qrcode/list`);
      await page.getByTestId('bulk-create').click();
      const dialog = page.getByTestId('bulk-create-dialog');
      const input = dialog.locator('input[type="file"]');
      await input.setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: LATIN1 });
      await visible(dialog.getByTestId('bulk-failure'));
      expect(await dialog.getByTestId('bulk-failure').textContent()).toContain(text.charset);
      await check(page, `qr31-csv-latin1-${lang}-${size}`);

      await input.setInputFiles({ name: 'tables.csv', mimeType: 'text/csv', buffer: text.csv });
      await expect.poll(() => dialog.getByTestId('bulk-summary').textContent()).toBe(text.summary);
      await check(page, `qr31-csv-preview-${lang}-${size}`);
      await dialog.getByTestId('bulk-submit').click();
      await visible(dialog.getByTestId('bulk-created'));
      await dialog.getByTestId('bulk-download-created').click();

      const exporter = page.getByTestId('bulk-export-dialog');
      await visible(exporter.getByTestId('bulk-zip'));
      await check(page, `qr31-export-zip-${lang}-${size}`);
      await exporter.getByRole('tab', { name: text.pdfTab }).click();
      await visible(exporter.getByTestId('bulk-pdf'));
      await check(page, `qr31-export-pdf-${lang}-${size}`);
      await exporter.getByTestId('bulk-export-close').click();
    });
  }
});
