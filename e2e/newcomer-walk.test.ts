import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  linkFromMailbox,
  screenshot,
  seriousA11yViolations,
  takenOver,
} from './support/browser';
import { lineBreakFindings } from './support/line-breaks';
import { type RunningServer, sharedServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { signUpFromScreen } from './support/sign-up';

/**
 * A newcomer's walk: what a shop owner meets on the first visit, in Japanese and English, on a
 * 375 px phone and a desktop. Screenshots go to e2e/artifacts/walk-*; every screen is checked with
 * axe.
 */

type Lang = 'ja' | 'en';
type Size = 'phone' | 'desktop';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh browser (own cookies) as a visitor of that language on that screen. */
async function visitor(lang: Lang, size: Size): Promise<Page> {
  const context = await browser.newContext({
    viewport: size === 'phone' ? PHONE : DESKTOP,
    locale: lang === 'ja' ? 'ja-JP' : 'en-US',
    timezoneId: 'Asia/Tokyo',
  });
  contexts.push(context);
  return context.newPage();
}

async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await screenshot(page, `walk-${name}`);
  expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
}

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('12: an activation link opened again', () => {
  let link = '';

  it('in the browser that activated: the account is active, go on to the list', async () => {
    const page = await visitor('ja', 'desktop');
    await page.goto(`${server.url}/auth/qrqrid/signup`);
    await signUpFromScreen(page, server.url, {
      email: `walk-${Date.now()}@example.jp`,
      userName: '花子',
      password: 'hanako2026',
    });
    link = await linkFromMailbox(page, server.url, '/auth/qrqrid/activate?');
    await page.goto(link);
    const screen = page.getByTestId('activate-already-active');
    await visible(screen);
    await visible(page.getByRole('heading', { name: 'このアカウントはすでに有効です' }));
    expect(await page.getByTestId('link-error').count()).toBe(0);
    expect(await page.getByText('会員登録をやり直す').count()).toBe(0);
    await check(page, '12-already-active-own-ja-desktop');
    await page.getByRole('link', { name: 'QRコード一覧へ進む' }).click();
    await page.waitForURL('**/qrcode/list');
  });

  it.each([
    ['ja', 'phone', 'このアカウントはすでに有効です', 'ログインする'],
    ['en', 'phone', 'This account is already active', 'Log in'],
    ['en', 'desktop', 'This account is already active', 'Log in'],
  ] as const)('in another browser (%s, %s): offers sign-in', async (lang, size, heading, button) => {
    const page = await visitor(lang, size);
    await page.goto(link);
    await visible(page.getByRole('heading', { name: heading }));
    expect(await page.getByTestId('link-error').count()).toBe(0);
    await check(page, `12-already-active-other-${lang}-${size}`);
    await noHorizontalOverflow(page);
    await page.getByTestId('activate-already-active').getByRole('link', { name: button }).click();
    await page.waitForURL('**/auth/qrqrid/signin');
  });

  it('a wrong code still gets the wrong-link text and nothing about the account', async () => {
    const page = await visitor('ja', 'phone');
    await page.goto(link.replace(/confirmation_code=[^&]+/, 'confirmation_code=wrong-code'));
    await visible(page.getByTestId('link-error'));
    await visible(page.getByText('エラーが発生しました。正しいリンクがクリックされなかったようです。'));
    expect(await page.getByTestId('activate-already-active').count()).toBe(0);
  });
});

describe('13: a URL typed without a scheme', () => {
  it.each([
    ['ja', 'phone', 'QRコードにするURL：'],
    ['en', 'desktop', 'Will be encoded as:'],
  ] as const)('shows and encodes https:// (%s, %s)', async (lang, size, note) => {
    const page = await visitor(lang, size);
    await page.goto(server.url);
    const form = page.getByTestId('create-form-url');
    await visible(form);
    const input = form.locator('input[name="url"]');
    await input.fill('hello');
    expect(await form.getByTestId('encoded-url').count()).toBe(0);
    await input.fill('example.com/menu');
    await visible(form.getByTestId('encoded-url'));
    expect(await form.getByTestId('encoded-url').textContent()).toContain(note);
    expect(await form.getByTestId('encoded-url-value').textContent()).toBe('https://example.com/menu');
    // The counter counts what will be encoded.
    expect(await form.getByTestId('byte-counter').textContent()).toMatch(/^24 \/ 2331/);
    await check(page, `13-url-without-scheme-${lang}-${size}`);
    await noHorizontalOverflow(page);
    await form.getByTestId('create-submit').click();
    const card = page.getByTestId('result-card');
    await visible(card);
    expect(await card.getByTestId('result-content').textContent()).toBe('https://example.com/menu');
  });

  it('still refuses junk', async () => {
    const page = await visitor('ja', 'phone');
    await page.goto(server.url);
    const form = page.getByTestId('create-form-url');
    await form.locator('input[name="url"]').fill('javascript:alert(1)');
    await form.getByTestId('create-submit').click();
    await visible(form.getByText('URLを正しく入力してください'));
    expect(await form.getByTestId('encoded-url').count()).toBe(0);
  });
});

/** The colour a placeholder is drawn in, and the colour of the field's error text. */
function placeholderAndErrorColours(input: Locator) {
  return input.evaluate((el) => {
    const placeholder = getComputedStyle(el, '::placeholder').color;
    const wrapper = el.closest('.mantine-InputWrapper-root');
    const error = wrapper?.querySelector('.mantine-InputWrapper-error');
    return { placeholder, error: error ? getComputedStyle(error).color : null };
  });
}

describe('16: the create form in its error state', () => {
  it.each([
    ['ja', 'phone'],
    ['ja', 'desktop'],
    ['en', 'phone'],
  ] as const)('keeps placeholders grey and the counter still (%s, %s)', async (lang, size) => {
    const page = await visitor(lang, size);
    await page.goto(server.url);
    const url = page.getByTestId('create-form-url');
    await visible(url);
    await url.getByTestId('create-submit').click();
    await visible(url.locator('.mantine-InputWrapper-error'));
    const colours = await placeholderAndErrorColours(url.locator('input[name="url"]'));
    expect(colours.error).not.toBeNull();
    expect(colours.placeholder).not.toBe(colours.error);
    expect(colours.placeholder).toBe('rgb(108, 117, 125)');
    expect(await url.locator('input[name="url"]').getAttribute('placeholder')).toMatch(/^(例：|e\.g\. )/);
    await check(page, `16-url-error-${lang}-${size}`);

    await page.getByTestId('tab-text').click();
    const text = page.getByTestId('create-form-text');
    await visible(text);
    const estimate = text.getByTestId('char-estimate');
    expect(await estimate.textContent()).toBe(
      lang === 'ja'
        ? 'あと約777文字（全角）・2331文字（半角）'
        : 'About 2331 letters or 777 Japanese characters left',
    );
    await text.locator('textarea[name="text"]').fill('営業時間のお知らせ');
    expect(await estimate.textContent()).toMatch(lang === 'ja' ? /^あと約768文字（全角）/ : /768 Japanese/);
    const counter = text.getByTestId('byte-counter');
    const textarea = text.locator('textarea[name="text"]');
    // Below the field: measured from the field's bottom edge, which grows with the text.
    const gapBelowField = async () => {
      const [field, box] = [await textarea.boundingBox(), await counter.boundingBox()];
      return (box?.y ?? 0) - ((field?.y ?? 0) + (field?.height ?? 0));
    };
    const before = await counter.boundingBox();
    const gapBefore = await gapBelowField();
    await text.locator('textarea[name="text"]').fill('a'.repeat(2400));
    const message = text.getByTestId('content-too-long');
    await visible(message);
    const after = await counter.boundingBox();
    const messageBox = await message.boundingBox();
    // The counter keeps its place and its one line; the message has a line of its own below it.
    // (right-aligned: its right edge stays while the number grows)
    expect(await gapBelowField()).toBeCloseTo(gapBefore, 0);
    expect((after?.x ?? 0) + (after?.width ?? 0)).toBeCloseTo((before?.x ?? 0) + (before?.width ?? 0), 0);
    expect(after?.height).toBe(before?.height);
    expect(messageBox?.y ?? 0).toBeGreaterThanOrEqual((after?.y ?? 0) + (after?.height ?? 0));
    expect(await counter.getAttribute('data-over')).toBe('true');
    await check(page, `16-text-too-long-${lang}-${size}`);
    await noHorizontalOverflow(page);
  });
});

describe('18: the Wi-Fi form', () => {
  it.each([
    ['ja', 'phone', 'SSIDに全角文字', 'シークレット方式'],
    ['ja', 'desktop', 'SSIDに全角文字', 'シークレット方式'],
    ['en', 'phone', 'The SSID contains full-width characters', 'secret method'],
  ] as const)(
    'explains a Japanese SSID, marks the password and ties expiry to analysis (%s, %s)',
    async (lang, size, ssidMessage, expiryNote) => {
      const page = await visitor(lang, size);
      await page.goto(server.url);
      // A tab answers once the app has the painted page (a tap before that does nothing).
      await takenOver(page);
      await page.getByTestId('tab-wifi').click();
      const wifi = page.getByTestId('create-form-wifi');
      await visible(wifi);
      // The password is required for WPA/WEP and says so.
      const password = wifi.locator('input[name="password"]');
      expect(await password.getAttribute('required')).not.toBeNull();
      const passwordId = await password.getAttribute('id');
      expect(await wifi.locator(`label[for="${passwordId}"] [class*="-required"]`).count()).toBe(1);
      // Without analysis there is no expiry to set, and the form says why.
      expect(await wifi.getByTestId('wifi-expiry-forever').count()).toBe(0);
      await visible(wifi.getByTestId('wifi-expiry-note'));
      expect(await wifi.getByTestId('wifi-expiry-note').textContent()).toContain(expiryNote);

      await wifi.locator('input[name="ssid"]').fill('カフェWiFi');
      await wifi.locator('input[name="password"]').fill('sakura2026');
      await wifi.getByTestId('create-submit').click();
      await visible(wifi.getByText(ssidMessage));
      await check(page, `18-wifi-ssid-${lang}-${size}`);
      await noHorizontalOverflow(page);

      await wifi.getByTestId('analysis-secret').check();
      await visible(wifi.getByTestId('wifi-expiry-forever'));
      expect(await wifi.getByTestId('wifi-expiry-note').count()).toBe(0);
      await wifi.locator('select[name="encryption"]').selectOption('nopass');
      expect(await wifi.locator('input[name="password"]').count()).toBe(0);
      await check(page, `18-wifi-secret-expiry-${lang}-${size}`);
    },
  );
});

// Words the issue saw split, and their kin on these screens.
const WORDS = [
  'ください',
  'メール',
  'ダウンロード',
  'パスワード',
  'アドレス',
  'ログイン',
  'QRコード',
  '全角文字',
];
const TEXT = 'p, li, h1, h2, h3, label, .mantine-Alert-message, .mantine-InputWrapper-description';

describe('19: Japanese line breaks at 375 px', () => {
  it.each([
    ['top', '/'],
    ['signup', '/auth/qrqrid/signup'],
    ['signin', '/auth/qrqrid/signin'],
    ['forgot', '/auth/qrqrid/forgot/password/request'],
    ['activate-wrong-link', '/auth/qrqrid/activate?user_id=x&confirmation_code=y'],
    ['channel-register', '/qrchannel/register/'],
  ])('breaks %s between phrases, with no lone last character', async (name, path) => {
    const page = await visitor('ja', 'phone');
    await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForSelector('h1');
    expect(await page.evaluate(() => getComputedStyle(document.body).wordBreak)).toBe('auto-phrase');
    await screenshot(page, `walk-19-${name}-ja-phone`);
    expect(await lineBreakFindings(page, TEXT, WORDS)).toEqual([]);
  });

  it('breaks the download dialog between phrases', async () => {
    const page = await visitor('ja', 'phone');
    await page.goto(server.url);
    const form = page.getByTestId('create-form-url');
    await form.locator('input[name="url"]').fill('https://example.jp/menu');
    await form.getByTestId('create-submit').click();
    await page.getByTestId('result-download').click();
    const dialog = page.getByTestId('download-dialog');
    await visible(dialog);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(page, 'walk-19-download-dialog-ja-phone', { fullPage: false });
    expect(await lineBreakFindings(page, `[role="dialog"] :is(${TEXT})`, WORDS)).toEqual([]);
  });

  it('breaks the Wi-Fi form between phrases too', async () => {
    const page = await visitor('ja', 'phone');
    await page.goto(server.url);
    await page.getByTestId('tab-wifi').click();
    await visible(page.getByTestId('create-form-wifi'));
    expect(await lineBreakFindings(page, TEXT, WORDS)).toEqual([]);
  });
});

describe('20: footer and the channel register page', () => {
  it.each([
    ['ja', 'phone', ['利用規約', 'お知らせ', 'QRQRについて'], ['運営会社', 'お問い合わせ', 'ブログ']],
    ['en', 'desktop', ['Terms of use', 'News', 'About QRQR'], ['Company', 'Contact us', 'Blog']],
  ] as const)('shows only the links that lead somewhere real (%s, %s)', async (lang, size, shown, hidden) => {
    const page = await visitor(lang, size);
    await page.goto(server.url);
    const footer = page.locator('footer');
    await visible(footer.getByRole('link', { name: shown[0] }));
    for (const name of shown) expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(1);
    for (const name of hidden) expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(0);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(0);
    // Every footer link opens a page of this site that exists.
    for (const href of await footer
      .locator('nav a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      const res = await page.request.get(`${server.url}${href}`, { headers: { accept: 'text/html' } });
      expect(res.status(), String(href)).toBe(200);
    }
  });

  it.each([
    ['ja', 'phone', 'チャネルサービスを始める', 'クーポン'],
    ['ja', 'desktop', 'チャネルサービスを始める', 'フォロー'],
    ['en', 'phone', 'Start the channel service', 'coupons'],
    ['en', 'desktop', 'Start the channel service', 'follow'],
  ] as const)(
    'the channel buttons lead to a page that says what the service does (%s, %s)',
    async (lang, size, title, item) => {
      const page = await visitor(lang, size);
      await page.goto(server.url);
      await takenOver(page);
      await page.getByTestId('tab-channel').click();
      await page.getByTestId('channel-go').click();
      await page.waitForURL('**/qrchannel/register/');
      await visible(page.getByRole('heading', { name: title }));
      const register = page.getByTestId('channel-register');
      expect(await register.locator('li').count()).toBe(4);
      expect(await register.textContent()).toContain(item);
      // A guest is offered sign-up and sign-in.
      await visible(page.getByTestId('register-signup'));
      await check(page, `20-channel-register-${lang}-${size}`);
      await noHorizontalOverflow(page);
    },
  );
});
