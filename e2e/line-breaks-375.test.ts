import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen, screenshot } from './support/browser';
import {
  DATE_RULE,
  lineBreakFindings,
  NUMBER_UNIT_RULE,
  SHORT_URL_RULE,
  TIME_RULE,
} from './support/line-breaks';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * Japanese line breaks at 375 px where a newcomer saw them go wrong: dates
 * (「2026-/11-26」), a code's short URL broken inside its address over three lines, and
 * 「取り/除きます」; and the page a customer meets scanning a deleted code. Photographed as
 * e2e/artifacts/breaks-*.
 */

let session: Session;
let server: RunningServer;
let page: Page;
let code: QrCodeDto;
let channelId = 0;
const url = (path: string) => `${server.url}${path}`;

const TEXT =
  'p, li, h1, h2, h3, label, span, td, th, .mantine-Alert-message, .mantine-InputWrapper-description';
const WORDS = ['取り除きます', '削除します', 'ください', 'メール', 'アドレス', 'QRコード', 'ログ'];
const SPANS = [DATE_RULE, SHORT_URL_RULE, NUMBER_UNIT_RULE, TIME_RULE];

beforeAll(async () => {
  session = await startSession({ viewport: PHONE });
  ({ server, page } = session);
  await signUpThroughApi(page, server.url, {
    email: `breaks-${Date.now()}@example.jp`,
    userName: '改行を見る',
    password: 'breaks2026',
  });
  await page.goto(url('/'));
  ({ qrcode: code } = await apiCall<{ qrcode: QrCodeDto }>(page, 'POST', '/qrcode/create/', {
    tab: 0,
    url: 'https://example.jp/autumn/menu',
    title: '秋のメニュー（店頭ポスター）',
    analysis_type: 1,
  }));
  await apiCall(page, 'POST', '/qrcode/share/input', {
    id: code.id,
    emails: ['colleague-breaks@example.jp'],
    permissions: ['view'],
  });
  await apiCall(page, 'POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const answer = await apiCall<{ channel: { channel_id: number } }>(page, 'POST', '/api/qrchannel/channel', {
    channel_name: '喫茶こもれび',
    channel_user_type: 2,
  });
  channelId = answer.channel.channel_id;
});

afterAll(() => session?.stop());

describe('dates, short URLs and words stay whole at 375 px (ja)', () => {
  it('on the QR list', async () => {
    await page.goto(url('/qrcode/list'));
    await page.getByTestId('short-link').first().waitFor();
    await checkScreen(page, 'breaks-qr-list-ja-375');
    expect(await lineBreakFindings(page, TEXT, WORDS, SPANS)).toEqual([]);
  });

  it('on the read log with its share list', async () => {
    await page.goto(url(`/qrcode/analytics/${code.id}`));
    await page.getByTestId('readlog-figures').waitFor();
    await page.locator('[data-testid="share-entry"]').first().waitFor();
    await checkScreen(page, 'breaks-readlog-ja-375');
    expect(await lineBreakFindings(page, TEXT, WORDS, SPANS)).toEqual([]);
  });

  it('on the channel settings (the picture hint)', async () => {
    await page.goto(url(`/qrchannel/channel/update?channel_id=${channelId}`));
    await page.getByTestId('channel-settings').waitFor();
    await page
      .getByText(/撮影情報など/)
      .first()
      .waitFor();
    await screenshot(page, 'breaks-channel-settings-ja-375');
    expect(await lineBreakFindings(page, TEXT, WORDS, SPANS)).toEqual([]);
  });
});

describe('a deleted code scanned by a customer', () => {
  it.each([
    ['ja', PHONE, 'ja-JP', 'このQRコードは現在使われていません'],
    ['en', DESKTOP, 'en-US', 'This QR code is no longer in use'],
  ] as const)('says the code is no longer in use (%s)', async (lang, viewport, locale, heading) => {
    const gone = await apiCall<{ qrcode: QrCodeDto }>(page, 'POST', '/qrcode/create/', {
      tab: 0,
      url: 'https://example.jp/closed',
      analysis_type: 1,
    });
    await apiCall(page, 'GET', `/qrcode/delete/?id=${gone.qrcode.id}`);
    const context = await session.browser.newContext({ viewport, locale });
    try {
      const phone = await context.newPage();
      const res = await phone.goto(gone.qrcode.redirect_url ?? '');
      expect(res?.status()).toBe(404);
      expect(await phone.locator('h1').textContent()).toBe(heading);
      expect(await phone.locator('script').count()).toBe(0);
      await checkScreen(phone, `breaks-code-gone-${lang}`);
      if (lang === 'ja')
        expect(await lineBreakFindings(phone, 'h1, p', ['QRコード', 'ください'])).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
