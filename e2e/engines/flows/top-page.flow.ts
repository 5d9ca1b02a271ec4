import type { QrListData } from '@qrqr/shared/qrcode-schemas';
import { utf8Length } from '@qrqr/shared/text';
import { wifiPayload } from '@qrqr/shared/wifi-payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQrImage } from '../../support/qr-decode';
import { DESKTOP, PHONE } from '../engine';
import { type Flow, type FlowPage, startFlow } from '../flow';

/**
 * The top page in every engine: a guest creates a URL, a text and a Wi-Fi code (ja, phone) and
 * downloads the PNG and JPEG the dialog links to, decoded back to the payload; an English visitor
 * on a computer creates a URL code.
 */

let flow: Flow;
beforeAll(async () => {
  flow = await startFlow();
});
afterAll(() => flow?.stop());

const urlContent = 'https://example.com/engines?from=poster';
const text = '本日のおすすめ：抹茶ラテ 500円\n営業時間 10:00〜19:00（水曜定休）';
const ssid = 'Cafe;Wi,Fi:"5G"\\';
const wifiPassword = 'p;a,s:s"w\\rd';

async function codes(page: FlowPage): Promise<QrListData> {
  return page.api<QrListData>('GET', '/qrcode/list/data');
}

/** The image the download dialog links to, fetched as that engine would download it. */
async function downloaded(page: FlowPage, format: string): Promise<Uint8Array> {
  await page.raw.select('[data-testid="download-format"]', format);
  const href = await page.waitUntil(
    `a download link for type=${format}`,
    (f) => {
      const href = document.querySelector<HTMLAnchorElement>('a[data-testid="download-link"]')?.href ?? '';
      return href.includes(`type=${f}`) ? href : '';
    },
    format,
  );
  return page.fetchBytes(href);
}

describe('a guest on a phone, in Japanese', () => {
  let page: FlowPage;
  beforeAll(async () => {
    page = await flow.open('ja-phone', { viewport: PHONE, locale: 'ja-JP' });
  });

  it('creates a URL code after the empty-URL error', async () => {
    await page.goto('/');
    await page.waitFor('[data-testid="create-form-url"]');
    expect(await page.raw.evaluate(() => document.documentElement.lang)).toBe('ja');
    await page.click('[data-testid="create-form-url"] [data-testid="create-submit"]');
    await page.waitForText('URLを入力してください');
    await page.fill('[data-testid="create-form-url"] input[name="url"]', urlContent);
    await page.waitUntil(
      'the byte counter',
      (n) => document.querySelector('[data-testid="byte-counter"]')?.textContent === `${n} / 2331 バイト`,
      utf8Length(urlContent),
    );
    await page.fill('[data-testid="create-form-url"] input[name="title"]', '店頭ポスター');
    await page.shot('top-01-url-form');
    await page.click('[data-testid="create-form-url"] [data-testid="create-submit"]');
    await page.waitFor('[data-testid="result-card"] [data-testid="result-content"]');
    expect(await page.text('[data-testid="result-content"]')).toBe(urlContent);
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('top-02-url-result');
  });

  it('creates a Japanese text code, counting UTF-8 bytes', async () => {
    await page.click('[data-testid="create-another"]');
    await page.click('[data-testid="tab-text"]');
    await page.fill('[data-testid="create-form-text"] textarea[name="text"]', text);
    await page.waitUntil(
      'the byte counter',
      (n) =>
        document.querySelector('[data-testid="create-form-text"] [data-testid="byte-counter"]')
          ?.textContent === `${n} / 2331 バイト`,
      utf8Length(text),
    );
    await page.click('[data-testid="create-form-text"] [data-testid="create-submit"]');
    await page.waitFor('[data-testid="result-card"]');
    expect(
      await page.raw.evaluate(() => document.querySelector('[data-testid="result-content"]')?.textContent),
    ).toBe(text);
  });

  it('creates a Wi-Fi code and downloads PNG and JPEG that decode to its payload', async () => {
    await page.click('[data-testid="create-another"]');
    await page.click('[data-testid="tab-wifi"]');
    await page.fill('[data-testid="create-form-wifi"] input[name="name"]', '店内Wi-Fi');
    await page.fill('[data-testid="create-form-wifi"] input[name="ssid"]', ssid);
    await page.fill('[data-testid="create-form-wifi"] input[name="password"]', wifiPassword);
    await page.shot('top-03-wifi-form');
    await page.click('[data-testid="create-form-wifi"] [data-testid="create-submit"]');
    await page.waitFor('[data-testid="result-card"]');
    const payload = wifiPayload({ ssid, password: wifiPassword, encryption: 'WPA', hidden: false });
    expect((await codes(page)).qrcodes.find((c) => c.tab === 2)?.payload).toBe(payload);

    await page.click('[data-testid="result-download"]');
    await page.waitFor('[data-testid="download-dialog"]');
    await page.shot('top-04-download-dialog', false);
    const png = await downloaded(page, '1');
    expect(Array.from(png.slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(await decodeQrImage(png)).toEqual([payload]);
    const jpeg = await downloaded(page, '2');
    expect(Array.from(jpeg.slice(0, 2))).toEqual([0xff, 0xd8]);
    expect(await decodeQrImage(jpeg)).toEqual([payload]);
  });
});

describe('a guest on a computer, in English', () => {
  it('creates a URL code and sees it in the history', async () => {
    const page = await flow.open('en-desktop', { viewport: DESKTOP, locale: 'en-US' });
    await page.goto('/');
    await page.waitFor('[data-testid="create-form-url"]');
    expect(await page.raw.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.fill('[data-testid="create-form-url"] input[name="url"]', urlContent);
    await page.waitForText('bytes', '[data-testid="create-form-url"] [data-testid="byte-counter"]');
    await page.shot('top-05-url-form');
    await page.click('[data-testid="create-form-url"] [data-testid="create-submit"]');
    await page.waitFor('[data-testid="result-card"]');
    expect(await page.text('[data-testid="result-content"]')).toBe(urlContent);
    expect((await codes(page)).qrcodes).toHaveLength(1);
    await page.shot('top-06-url-result');
  });
});
