import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATE_RULE,
  lineBreakFindings,
  NUMBER_UNIT_RULE,
  SHORT_URL_RULE,
  TIME_RULE,
} from '../../support/line-breaks';
import { PHONE } from '../engine';
import { type Flow, type FlowPage, startFlow } from '../flow';

/**
 * Japanese line breaks on a 390 px phone in every engine (line-breaks-375.test.ts
 * checks the same screens at 375 px in Chromium): Firefox and WebKit have no `auto-phrase`, and
 * broke 「作っ/て」「読み取/り」「しま/す」「メッ/セージ」「QR/コード」 on the top page until the build
 * marked the phrases.
 */

const TEXT =
  'p, li, h1, h2, h3, label, span, td, th, .mantine-Alert-message, .mantine-InputWrapper-description';
const WORDS = [
  '作って',
  '読み取り',
  'します',
  'メッセージ',
  'ダウンロード',
  '取り除きます',
  '削除します',
  'ください',
  'メール',
  'アドレス',
  'QRコード',
  'チャネル',
  'フォロー',
  'ログ',
  'はなこビル',
];
const SPANS = [DATE_RULE, SHORT_URL_RULE, NUMBER_UNIT_RULE, TIME_RULE];
/** A range of numbers on one line (「1〜/10」 was seen in a field's error). */
const RANGE_RULE = { name: 'range', pattern: '-?\\d+〜-?\\d+', maxLines: 1 };

let flow: Flow;
let page: FlowPage;
let code: QrCodeDto;
let channelId = 0;

beforeAll(async () => {
  flow = await startFlow();
  page = await flow.open('ja-phone', { viewport: PHONE, locale: 'ja-JP' });
});
afterAll(() => flow?.stop());

async function expectWholeWords(name: string, on: FlowPage = page): Promise<void> {
  await on.shot(name);
  expect(await lineBreakFindings(on.raw, TEXT, WORDS, SPANS)).toEqual([]);
  expect(await on.horizontalOverflow()).toBeLessThanOrEqual(0);
}

describe('words stay whole at 390 px (ja)', () => {
  it('on the top page a guest sees first', async () => {
    await page.goto('/');
    await page.waitFor('[data-testid="create-form-url"]');
    await page.waitForText('Wi-Fiウェルカムページ', 'h3');
    await expectWholeWords('breaks-01-top');
  });

  it('copies our texts without the phrase marks', async () => {
    // The top page's texts, as the engine shows them: marked in Firefox and WebKit, plain in Chromium.
    await page.goto('/');
    await page.waitForText('Wi-Fiウェルカムページ', 'h3');
    const copied = await page.raw.evaluate(() => {
      const text = Array.from(document.querySelectorAll('p')).find(
        (p) => /[\u3040-\u30ff]/.test(p.textContent ?? '') && (p.textContent ?? '').length >= 12,
      );
      if (!text) return { shown: 'no text found', copied: '' };
      const range = document.createRange();
      range.selectNodeContents(text);
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      const event = new ClipboardEvent('copy', { clipboardData: new DataTransfer(), cancelable: true });
      document.dispatchEvent(event);
      return {
        shown: selection?.toString() ?? '',
        copied: event.defaultPrevented
          ? (event.clipboardData?.getData('text/plain') ?? '')
          : (selection?.toString() ?? ''),
      };
    });
    expect(copied.shown.length).toBeGreaterThan(11);
    expect(copied.copied).not.toContain('\u200b');
    expect(copied.copied).toBe(copied.shown.replaceAll('\u200b', ''));
  });

  it('on the reader page', async () => {
    await page.goto('/reader');
    await page.waitFor('[data-testid="scan-camera"]');
    await expectWholeWords('breaks-02-reader');
  });

  it('on the QR list and the read log of a member', async () => {
    await page.signUp({
      email: `breaks-${Date.now()}@example.jp`,
      userName: '改行を見る',
      password: 'breaks2026',
    });
    ({ qrcode: code } = await page.api<{ qrcode: QrCodeDto }>('POST', '/qrcode/create/', {
      tab: 0,
      url: 'https://example.jp/autumn/menu',
      title: '秋のメニュー（店頭ポスター）',
      analysis_type: 1,
    }));
    await page.goto('/qrcode/list');
    await page.waitFor('[data-testid="short-link"]');
    await expectWholeWords('breaks-03-qr-list');
    await page.goto(`/qrcode/analytics/${code.id}`);
    await page.waitFor('[data-testid="readlog-figures"]');
    await expectWholeWords('breaks-04-readlog');
  });

  it('on the channel settings', async () => {
    await page.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
    const answer = await page.api<{ channel: { channel_id: number } }>('POST', '/api/qrchannel/channel', {
      channel_name: '喫茶こもれび',
      channel_user_type: 2,
    });
    channelId = answer.channel.channel_id;
    await page.goto(`/qrchannel/channel/update?channel_id=${channelId}`);
    await page.waitFor('[data-testid="channel-settings"]');
    await page.waitForText('撮影情報など');
    await expectWholeWords('breaks-05-channel-settings');
  });

  it("in what an operator wrote, on the channel's public page", async () => {
    // No phrase marks in these: the reader cuts them with BudouX where the engine lacks auto-phrase.
    const answer = await page.api<{ channel: { channel_code: string } }>(
      'PUT',
      `/api/qrchannel/channel/${channelId}`,
      {
        description_short: 'メッセージをフォローしてくださった方にだけお届けします',
        description_long:
          'お会計の際にこの画面をお見せいただくとドリンクを一杯サービスいたしますのでぜひご利用くださいませ。季節のメッセージも読み取りやすくお届けします。',
      },
    );
    await page.goto(`/c/${answer.channel.channel_code}`);
    await page.waitForText('一杯サービス', 'p');
    await expectWholeWords('breaks-06-channel-page');
  });
});

describe('what an operator wrote, on a 375 px phone (ja)', () => {
  let narrow: FlowPage;
  beforeAll(async () => {
    narrow = await flow.open('ja-375', { viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
  });

  it("keeps the address and 「徒歩5分」 whole on the channel's public page", async () => {
    const answer = await page.api<{ channel: { channel_code: string } }>(
      'PUT',
      `/api/qrchannel/channel/${channelId}`,
      {
        address: '東京都渋谷区神宮前六丁目23-4はなこビル1F',
        description_short: '渋谷駅から徒歩5分、公園通り沿いの小さな喫茶店です',
        description_route: 'JR渋谷駅ハチ公口を出て公園通りを上り、徒歩5分の角にある茶色い建物の1Fです。',
      },
    );
    await narrow.goto(`/c/${answer.channel.channel_code}`);
    await narrow.waitForText('茶色い建物', 'p');
    await expectWholeWords('breaks-07-channel-page-375', narrow);
  });

  it('keeps the channel beside the follow button readable on a Wi-Fi welcome page', async () => {
    await page.api('POST', '/qrcode/create/', {
      tab: 2,
      analysis_type: 2,
      name: '店内',
      ssid: 'komorebi-guest',
      password: 'coffee1234',
      encryption: 'WPA',
    });
    const saved = await page.api<{ welcome_page: { welcome_page_id: number; code: string } }>(
      'POST',
      '/api/qrwifi/welcomepage/save',
      { title: '秋のWi-Fiページ', channel_id: channelId, header_text: 'ようこそ、喫茶こもれびへ' },
    );
    const { wifi } = await page.api<{ wifi: Array<{ qr_wifi_id: string }> }>('GET', '/api/qrwifi/wifi/get');
    const now = Math.floor(Date.now() / 1000);
    await page.api('POST', '/api/qrwifi/profile/add', {
      welcome_page_id: saved.welcome_page.welcome_page_id,
      qr_wifi_ids: wifi.map((w) => w.qr_wifi_id),
      release_dt: now - (now % 600) + 86_400,
    });
    await page.api('POST', '/api/qrwifi/profile/publish', {
      welcome_page_id: saved.welcome_page.welcome_page_id,
    });
    await narrow.goto(`/reader/w/${saved.welcome_page.code}`);
    await narrow.waitForText('公園通り沿い');
    await expectWholeWords('breaks-08-wifi-page-375', narrow);
    // The channel's text keeps at least half the card's width: beside the button it was squeezed
    // into a column of three or four characters.
    const widths = await narrow.raw.evaluate(() => ({
      text: document.querySelector('.wp-channel-text')?.getBoundingClientRect().width ?? 0,
      card: document.querySelector('.wp-channel')?.getBoundingClientRect().width ?? 1,
    }));
    expect(widths.text / widths.card).toBeGreaterThan(0.5);
  });

  it("keeps the server's validation messages whole under two fields side by side", async () => {
    // Shared messages (@qrqr/shared/messages) the build marks like our own texts: without the marks,
    // Firefox and WebKit split 「1〜10」 and 「くだ/さい」 in a field's error.
    // A member of its own in this browser, last in the file: the pages above are a guest's.
    await narrow.signUp({
      email: `breaks-375-${Date.now()}@example.jp`,
      userName: '改行を見る',
      password: 'breaks2026',
    });
    await narrow.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
    const answer = await narrow.api<{ channel: { channel_id: number } }>('POST', '/api/qrchannel/channel', {
      channel_name: '喫茶こもれび',
      channel_user_type: 2,
    });
    await narrow.goto(`/qrchannel/channel/update?channel_id=${answer.channel.channel_id}`);
    await narrow.waitFor('[data-testid="channel-settings"]');
    await narrow.fill('input[name="latitude"]', '135.5');
    await narrow.fill('input[name="longitude"]', '-200');
    await narrow.clickText('保存');
    await narrow.waitForText('緯度は-90〜90の数字で入力してください', '.mantine-InputWrapper-error');
    await narrow.waitForText('経度は-180〜180の数字で入力してください', '.mantine-InputWrapper-error');
    await narrow.shot('breaks-09-field-errors-375');
    const ERRORS = '.mantine-InputWrapper-error';
    const shown = await narrow.raw.evaluate(
      (selector) =>
        Array.from(document.querySelectorAll<HTMLElement>(selector)).map((e) => ({
          text: e.textContent ?? '',
          lines: (() => {
            const range = document.createRange();
            range.selectNodeContents(e);
            const tops = Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top));
            return new Set(tops).size;
          })(),
        })),
      ERRORS,
    );
    expect(shown.map((e) => e.text.replaceAll('\u200b', ''))).toEqual([
      '緯度は-90〜90の数字で入力してください',
      '経度は-180〜180の数字で入力してください',
    ]);
    // Each wraps in its half of the row, so where it breaks is what is checked.
    for (const error of shown) expect(error.lines, error.text).toBeGreaterThan(1);
    // The marks are there exactly where the engine needs them.
    for (const error of shown) expect(error.text.includes('\u200b')).toBe(narrow.engine !== 'chromium');
    expect(
      await lineBreakFindings(narrow.raw, ERRORS, ['緯度', '経度', '数字', '入力', 'ください'], [RANGE_RULE]),
    ).toEqual([]);
    expect(await narrow.horizontalOverflow()).toBeLessThanOrEqual(0);
  });
});
