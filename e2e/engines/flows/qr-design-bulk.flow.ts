import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseCallToAction,
  chooseLogo,
  drawnChannelIcon,
  onFlow,
  openDesignPanel,
  uploadDrawnPicture,
} from '../../support/qr-design-steps';
import type { Viewport } from '../engine';
import { type Flow, type FlowPage, startFlow } from '../flow';

/**
 * Branded and bulk codes (issue 31) in every engine, in Japanese on a 375 px phone: a member with a
 * channel icon opens a code's design from the list's download dialog and gives it the icon as its
 * logo, a frame and a call to action; then uploads a Shift_JIS CSV (preview with its error row),
 * creates the codes and opens the export dialog's three tabs (ZIP, PDF sheet, list CSV). No page
 * may log a console error or warning, and nothing may stick out sideways.
 */

const PHONE_375: Viewport = { width: 375, height: 812 };
const CSV = [
  'タイトル,内容',
  'テーブル①,https://example.jp/table/1',
  '髙橋様の席,https://example.jp/table/2',
  'テーブル3,https://example.jp/table/3',
  '空の行,',
].join('\r\n');

let flow: Flow;
let page: FlowPage;
let channelId = 0;
let codeId = '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-bulk-flow-'));

beforeAll(async () => {
  flow = await startFlow();
  page = await flow.open('ja-375', { viewport: PHONE_375, locale: 'ja-JP', warnings: true });
  await page.signUp({ email: `design-${Date.now()}@example.jp`, userName: '店主', password: 'design2026' });
  await page.goto('/');
  await page.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
  ({
    channel: { channel_id: channelId },
  } = await page.api<{ channel: { channel_id: number } }>('POST', '/api/qrchannel/channel', {
    channel_name: '珈琲こもれび',
    channel_user_type: 1,
  }));
  // The channel's icon, drawn on a canvas and uploaded as the settings screen does.
  expect(await page.raw.evaluate(uploadDrawnPicture, drawnChannelIcon(channelId))).toBe(200);
  ({
    qrcode: { id: codeId },
  } = await page.api<{ qrcode: { id: string } }>('POST', '/qrcode/create/', {
    tab: 0,
    url: 'https://example.jp/menu',
    title: '店頭ポスター',
    analysis_type: 0,
  }));
});

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await flow?.stop();
});

/** The SVG of the design preview, as its data: address holds it. */
const previewSvg = () =>
  page.raw.evaluate(() =>
    decodeURIComponent(document.querySelector('[data-testid="design-preview"]')?.getAttribute('src') ?? ''),
  );

describe('a member on a 375 px phone (ja)', () => {
  it('designs a code with the channel icon, a frame and a call to action', async () => {
    await page.goto('/qrcode/list');
    await page.click(`[data-testid="code-row"][data-id="${codeId}"] [data-testid="row-actions"]`);
    await page.click('[data-testid="action-download"]');
    await page.waitFor('[data-testid="download-dialog"]');
    const design = onFlow(page);
    await openDesignPanel(design, 'デザイン');
    await chooseLogo(design, String(channelId), '大（誤り訂正H）');
    await chooseCallToAction(design, 'coupon');
    const svg = await previewSvg();
    // The frame's call to action is drawn in the project's font: glyph outlines, no system text.
    expect(svg).not.toContain('<text');
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('design-01-logo-cta', false);
    await page.click('[data-testid="design-save"]');
    await page.waitFor('[data-testid="download-preview"]');
    await page.shot('design-02-saved', false);
  });

  it('previews a Shift_JIS CSV with its error row and creates the valid rows', async () => {
    await page.goto('/qrcode/list');
    await page.click('[data-testid="bulk-create"]');
    await page.waitFor('[data-testid="bulk-create-dialog"] [data-testid="bulk-file"]');
    const file = path.join(dir, 'テーブル.csv');
    fs.writeFileSync(file, iconv.encode(CSV, 'cp932'));
    await page.raw.upload('[data-testid="bulk-create-dialog"] input[type="file"]', file);
    await page.waitForText(
      '3件を作成できます。エラーの1件は作成されません。',
      '[data-testid="bulk-summary"]',
    );
    await page.waitForText('Shift_JIS（Excel）として読みました', '[role="dialog"]');
    await page.waitForText('内容：テキストを入力してください', '[data-testid="bulk-row-error"]');
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('bulk-01-preview', false);
    await page.click('[data-testid="bulk-submit"]');
    await page.waitForText('3件のQRコードを作成しました', '[data-testid="bulk-created"]');
    await page.click('[data-testid="bulk-download-created"]');
  });

  it('opens the export dialog on each of its three tabs', async () => {
    await page.waitFor('[data-testid="bulk-export-dialog"] [data-testid="bulk-zip"]');
    await page.waitForText('3件のQRコード', '[role="dialog"]');
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('bulk-02-export-zip', false);
    await page.clickText('印刷用PDF', '[data-testid="bulk-export-dialog"] [role="tab"]');
    await page.waitFor('[data-testid="bulk-pdf"]');
    await page.waitForText('A4に20個ずつ', '[role="dialog"]');
    await page.shot('bulk-03-export-pdf', false);
    await page.clickText('一覧CSV', '[data-testid="bulk-export-dialog"] [role="tab"]');
    await page.waitFor('[data-testid="bulk-csv"]');
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('bulk-04-export-csv', false);
    await page.click('[data-testid="bulk-export-close"]');
    await page.waitForGone('[data-testid="bulk-zip"]');
    // Whatever the dialogs logged is gathered now, so a failure names this screen.
    await page.gatherProblems();
    expect(page.problems).toEqual([]);
  });
});
