import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, seriousA11yViolations } from './support/browser';
import { decodeQrImage } from './support/qr-decode';
import { type RunningServer, sharedServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { newMemberPage } from './support/sign-up';
import { zipEntries } from './support/unzip';

/**
 * A restaurant makes one code per table: a CSV of its 30 tables saved by Excel (Shift_JIS) is
 * uploaded from the member's list at 375 px, its preview shows the bad row's error in the create
 * form's words, the good rows are created at once and downloaded as a ZIP of PNGs and as an A4 PDF
 * sheet whose pages, rendered by Ghostscript, hold every table's code. Photographed
 * (e2e/artifacts/bulk-*).
 */

let server: RunningServer;
let browser: Browser;
let page: Page;

const TABLES = Array.from({ length: 30 }, (_, i) => ({
  title: i === 0 ? 'テーブル①' : i === 1 ? '髙橋様の席' : `テーブル${i + 1}`,
  url: `https://example.jp/table/${i + 1}`,
}));
const CSV = ['タイトル,内容', ...TABLES.map((t) => `${t.title},${t.url}`), '空の行,'].join('\r\n');

/** The codes on each page of a PDF, rendered by Ghostscript at 150 dpi and decoded. */
function pdfPageCodes(pdf: Buffer): Promise<string[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-bulk-pdf-'));
  try {
    const file = join(dir, 'sheet.pdf');
    writeFileSync(file, pdf);
    execFileSync('gs', [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-sDEVICE=pnggray',
      '-r150',
      `-sOutputFile=${join(dir, 'p%d.png')}`,
      file,
    ]);
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort((a, b) => Number(a.slice(1, -4)) - Number(b.slice(1, -4)));
    return Promise.all(pages.map((f) => decodeQrImage(readFileSync(join(dir, f)))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function check(name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await screenshot(page, name, { fullPage: false });
  expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
}

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
  page = await newMemberPage(
    browser,
    server.url,
    { email: `bulk-${Date.now()}@example.jp`, userName: '一括で作る', password: 'bulk2026' },
    { viewport: PHONE },
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('codes from a Shift_JIS CSV, then a ZIP of them', () => {
  it('previews every row with its error, creates the valid ones and downloads them', async () => {
    await page.goto(`${server.url}/qrcode/list`);
    await page.getByTestId('bulk-create').click();
    const dialog = page.getByTestId('bulk-create-dialog');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'テーブル.csv',
      mimeType: 'text/csv',
      buffer: iconv.encode(CSV, 'cp932'),
    });
    await expect
      .poll(() => dialog.getByTestId('bulk-summary').textContent())
      .toBe('30件を作成できます。エラーの1件は作成されません。');
    const rows = await dialog.getByTestId('bulk-row').allTextContents();
    expect(rows).toHaveLength(31);
    expect(rows[0]).toContain('テーブル①');
    expect(rows[1]).toContain('髙橋様の席');
    expect(rows[30]).toContain('空の行');
    expect(await dialog.getByTestId('bulk-row-error').textContent()).toBe('内容：テキストを入力してください');
    expect(await dialog.getByText('Shift_JIS（Excel）として読みました').count()).toBe(1);
    await check('bulk-01-preview-375');

    await dialog.getByTestId('bulk-submit').click();
    await expect
      .poll(() => dialog.getByTestId('bulk-created').textContent())
      .toBe('30件のQRコードを作成しました');
    await dialog.getByTestId('bulk-download-created').click();

    const exporter = page.getByTestId('bulk-export-dialog');
    await expect.poll(() => exporter.getByTestId('bulk-zip').isVisible()).toBe(true);
    await check('bulk-02-export-375');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exporter.getByTestId('bulk-zip').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^qrcodes-\d{8}\.zip$/);
    const entries = await zipEntries(readFileSync((await download.path()) as string));
    expect(entries.map((e) => e.name).sort()).toEqual(TABLES.map((t) => `${t.title}.png`).sort());
    for (const entry of entries) {
      const table = TABLES.find((t) => `${t.title}.png` === entry.name);
      expect(await decodeQrImage(entry.data), entry.name).toEqual([table?.url]);
    }

    // The same 30 as an A4 sheet: 20 a page at the default size, so two pages, every code readable.
    await exporter.getByRole('tab', { name: '印刷用PDF' }).click();
    await expect.poll(() => exporter.getByTestId('bulk-pdf').isVisible()).toBe(true);
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      exporter.getByTestId('bulk-pdf').click(),
    ]);
    const pages = await pdfPageCodes(readFileSync((await sheet.path()) as string));
    expect(pages.map((codes) => codes.length)).toEqual([20, 10]);
    expect(pages.flat().sort()).toEqual(TABLES.map((t) => t.url).sort());
    await exporter.getByTestId('bulk-export-close').click();

    // The list shows the new codes, each with a box to choose it for the next download.
    // 20 a page: choosing the page chooses its 20.
    await expect.poll(() => page.getByTestId('code-row').count()).toBe(20);
    await page.getByTestId('select-page').click();
    await expect
      .poll(() => page.getByTestId('bulk-export').textContent())
      .toBe('選択したコードをダウンロード（20件）');
    await check('bulk-03-list-selected-375');
  }, 180_000);

  it('prints the selection as a PDF sheet from the desktop table', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/qrcode/list`);
    await expect.poll(() => page.getByTestId('code-select').count()).toBe(20);
    for (const box of (await page.getByTestId('code-select').all()).slice(0, 2)) await box.check();
    await page.getByTestId('bulk-export').click();
    const exporter = page.getByTestId('bulk-export-dialog');
    await exporter.getByRole('tab', { name: '印刷用PDF' }).click();
    await expect.poll(() => exporter.getByTestId('bulk-pdf').isVisible()).toBe(true);
    expect(await exporter.getByText('A4に20個ずつ、タイトルを下に添えて並べます。').count()).toBe(1);
    await check('bulk-04-pdf-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exporter.getByTestId('bulk-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^qrcodes-\d{8}\.pdf$/);
    expect(
      readFileSync((await download.path()) as string)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 60_000);
});
