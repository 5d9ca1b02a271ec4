import fs from 'node:fs';
import { api } from '@qrqr/shared/paths';
import { IMAGE_FORMATS } from '@qrqr/shared/qr-constants';
import { DESIGN_LIMITS } from '@qrqr/shared/qr-design-constants';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './support/browser';
import { signUpOperatorWithChannel } from './support/operator-channel';
import { gradientPng } from './support/png';
import { decodeQrImage } from './support/qr-decode';
import {
  chooseCallToAction,
  chooseLogo,
  drawnChannelIcon,
  onPlaywright,
  openDesignPanel,
  uploadDrawnPicture,
} from './support/qr-design-steps';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, startSession } from './support/session';
import { newMemberPage } from './support/sign-up';

/**
 * Branded codes (issue 31) in real Chromium against the real server, on a 375 px phone: a guest
 * makes a code, opens its design in the download dialog (loaded only then), meets the refusal of
 * an unreadable colour pair, saves a preset with a call to action, and downloads PNG and JPEG at
 * the smallest cell size a designed code allows; both decode back to the code's content. Then, as
 * a member with a channel icon: the icon as a large logo (level H), kept as a named style and
 * applied to the next code; the logo code decodes. Last, a member without a channel uploads a
 * picture of their own in the panel as the logo; that code decodes too. Their pictures are listed:
 * the one a saved code draws cannot be deleted (the dialog says how many codes), another is deleted
 * and gone; at 20 the upload's refusal says one can be deleted, and after a delete it goes through.
 */

const content = 'https://example.com/qrqr-e2e/design?table=7';

let server: RunningServer;
let browser: Browser;
let page: Page;
let stop: (() => Promise<void>) | undefined;

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);

async function check(name: string) {
  await page.waitForLoadState('networkidle');
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  try {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(page, name, { fullPage: false });
    expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
  } finally {
    await still.evaluate((style) => (style as Element).remove()).catch(() => undefined);
  }
}

async function download(format: number): Promise<Uint8Array> {
  await page.getByTestId('download-format').selectOption(String(format));
  const link = page.getByTestId('download-link');
  await expect.poll(() => link.getAttribute('href')).toContain(`type=${format}`);
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return new Uint8Array(fs.readFileSync(await file.path()));
}

beforeAll(async () => {
  ({ server, browser, page, stop } = await startSession({
    acceptDownloads: true,
    viewport: PHONE,
    isMobile: true,
  }));
});

afterAll(() => stop?.());

describe('designing a code on a phone', () => {
  it('opens the design of a new code from its download dialog', async () => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(r.url()));
    await page.goto(server.url);
    const form = page.getByTestId('create-form-url');
    await visible(form);
    await form.locator('input[name="url"]').fill(content);
    await form.getByTestId('create-submit').click();
    await visible(page.getByTestId('result-card'));
    expect(loaded.some((u) => /design-panel/.test(u))).toBe(false);

    await page.getByTestId('result-download').click();
    const dialog = page.getByTestId('download-dialog');
    await visible(dialog);
    await openDesignPanel(onPlaywright(page), 'デザイン');
    expect(loaded.some((u) => /design-panel/.test(u))).toBe(true);
    // A guest designs without a logo and without saved styles.
    await visible(page.getByText('ロゴを入れるにはログインしてください。'));
  });

  it('refuses a pattern too light for its background, with the reason, and saves nothing', async () => {
    const fg = page.getByTestId('design-fg');
    await fg.fill('#cccccc');
    await fg.blur();
    await visible(page.getByText('模様と背景の色の差が足りません', { exact: false }));
    expect(await page.getByTestId('design-save').isDisabled()).toBe(true);
    await check('qr-design-01-refused-375');
  });

  it('saves a preset with a call to action and draws it in the preview', async () => {
    await page.getByTestId('design-preset-sakura').click();
    await chooseCallToAction(onPlaywright(page), 'coupon');
    expect(await page.getByTestId('design-save').isDisabled()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await check('qr-design-02-sakura-375');
    await page.getByTestId('design-save').click();
    // Saved, the dialog goes back to the download options with the designed preview.
    await visible(page.getByTestId('download-preview'));
    const src = await page.getByTestId('download-preview').getAttribute('src');
    expect(decodeURIComponent(src ?? '')).toContain('#9c2a4a');
  });

  it('downloads PNG and JPEG at 4 px a cell that decode to the content', async () => {
    const cell = page.getByTestId('download-cell-size');
    await cell.fill('3');
    await visible(page.getByText('デザインしたコードのセルサイズは4ピクセル以上にしてください'));
    expect(await page.getByTestId('download-link').getAttribute('href')).toBeNull();
    await cell.fill('4');
    await page.getByTestId('download-margin').fill('0');
    await check('qr-design-03-download-375');
    for (const format of [IMAGE_FORMATS.png, IMAGE_FORMATS.jpeg]) {
      const bytes = await download(format);
      fs.writeFileSync(
        `${import.meta.dirname}/artifacts/qr-design-download.${format === 1 ? 'png' : 'jpg'}`,
        bytes,
      );
      expect(await decodeQrImage(bytes)).toEqual([content]);
    }
  });
});

/** Uploads a channel icon from inside the page (a canvas drawing), as the settings screen would. */
async function uploadIcon(channelId: number): Promise<void> {
  expect(await page.evaluate(uploadDrawnPicture, drawnChannelIcon(channelId))).toBe(200);
}

async function createUrlCode(url: string): Promise<void> {
  await page.goto(server.url);
  const form = page.getByTestId('create-form-url');
  await visible(form);
  await form.locator('input[name="url"]').fill(url);
  await form.getByTestId('create-submit').click();
  await visible(page.getByTestId('result-card'));
  await page.getByTestId('result-download').click();
  await visible(page.getByTestId('download-dialog'));
  await openDesignPanel(onPlaywright(page), 'デザイン');
}

describe('a member designs with the channel icon and keeps the style', () => {
  const logoUrl = 'https://example.com/qrqr-e2e/logo';

  it('puts the icon in a large logo, keeps the style, and downloads a code that decodes', async () => {
    const operator = {
      email: `design-${Date.now()}@example.jp`,
      userName: '店主',
      password: 'design-pass-1',
    };
    const { channelId } = await signUpOperatorWithChannel(page, server.url, operator, '珈琲こもれび');
    await uploadIcon(channelId);
    await createUrlCode(logoUrl);
    await page.getByTestId('design-preset-indigo').click();
    await chooseLogo(onPlaywright(page), String(channelId), '大（誤り訂正H）');
    await page.getByTestId('style-name').fill('店頭ポスター');
    await page.getByTestId('style-save').click();
    await visible(page.getByTestId('style-select'));
    await check('qr-design-04-logo-style-375');
    await page.getByTestId('design-save').click();
    await visible(page.getByTestId('download-preview'));
    await page.getByTestId('download-cell-size').fill('4');
    const png = await download(IMAGE_FORMATS.png);
    fs.writeFileSync(`${import.meta.dirname}/artifacts/qr-design-logo.png`, png);
    expect(await decodeQrImage(png)).toEqual([logoUrl]);
  });

  it('applies the kept style to the next code', async () => {
    await createUrlCode(`${logoUrl}/2`);
    const select = page.getByTestId('style-select');
    await visible(select);
    await select.selectOption({ label: '店頭ポスター' });
    await page.getByTestId('saved-styles').getByRole('button', { name: '適用' }).click();
    await page.getByTestId('design-save').click();
    await visible(page.getByTestId('download-preview'));
    const res = await page.request.get(`${server.url}/qrcode/list/data`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { qrcodes } = (await res.json()) as { qrcodes: { url: string; design: unknown }[] };
    const [first, second] = [logoUrl, `${logoUrl}/2`].map((u) => qrcodes.find((c) => c.url === u)?.design);
    expect(second).toEqual(first);
    expect(second).toMatchObject({ fg: '#1f3a93', logo_size: 'large', logo: { source: 'channel' } });
  });

  it('applies the kept style from the card of the code just made', async () => {
    await page.goto(server.url);
    const form = page.getByTestId('create-form-url');
    await visible(form);
    await form.locator('input[name="url"]').fill(`${logoUrl}/3`);
    await form.getByTestId('create-submit').click();
    await visible(page.getByTestId('apply-style'));
    await page.getByTestId('apply-style-select').selectOption({ label: '店頭ポスター' });
    await page.getByTestId('apply-style-button').click();
    await expect
      .poll(async () =>
        decodeURIComponent((await page.getByTestId('result-image').getAttribute('src')) ?? ''),
      )
      .toContain('#1f3a93');
    await check('qr-design-05-result-style-375');
  });
});

describe('a member without a channel uploads a logo of their own', () => {
  const ownUrl = 'https://example.com/qrqr-e2e/own-logo';

  it('uploads a picture in the design panel, saves it large, and downloads a PNG that decodes', async () => {
    page = await newMemberPage(
      browser,
      server.url,
      { email: `own-logo-${Date.now()}@example.jp`, userName: '個人店主', password: 'own-logo-pass-1' },
      { viewport: PHONE, isMobile: true },
    );
    await createUrlCode(ownUrl);
    // No channel, so no icon to choose: the panel offers an upload instead.
    await visible(page.getByText('アイコンを登録したチャネルがありません', { exact: false }));
    const file = page.locator('[data-testid="design-panel"] input[type="file"]');
    // A drawing in SVG is refused at once, with the reason; nothing is sent.
    await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await expect
      .poll(() => page.getByTestId('design-logo-upload-error').textContent())
      .toBe('画像はJPEG・PNG・WebP・GIFのいずれかの形式でアップロードしてください');
    await file.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: gradientPng(160, 120),
    });
    await chooseLogo(onPlaywright(page), 'uploaded', '大（誤り訂正H）');
    expect(await page.getByTestId('design-logo-upload-error').count()).toBe(0);
    await check('qr-design-06-own-logo-375');
    await page.setViewportSize(DESKTOP);
    await check('qr-design-07-own-logo-desktop');
    await page.setViewportSize(PHONE);
    await page.getByTestId('design-save').click();
    await visible(page.getByTestId('download-preview'));
    await page.getByTestId('download-cell-size').fill('4');
    const png = await download(IMAGE_FORMATS.png);
    fs.writeFileSync(`${import.meta.dirname}/artifacts/qr-design-own-logo.png`, png);
    expect(await decodeQrImage(png)).toEqual([ownUrl]);
    const res = await page.request.get(`${server.url}/qrcode/list/data`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { qrcodes } = (await res.json()) as { qrcodes: { url: string; design: { logo: unknown } }[] };
    expect(qrcodes.find((c) => c.url === ownUrl)?.design.logo).toEqual({
      source: 'image',
      image_url: expect.stringMatching(/^\/api\/image\/[0-9a-f]{32}\.(png|jpg)$/),
    });
  });

  it('lists the pictures, keeps the one a saved code draws, deletes another and uploads again at the limit', async () => {
    await createUrlCode(`${ownUrl}/2`);
    const tiles = page.getByTestId('logo-picture');
    await expect.poll(() => tiles.count()).toBe(1);
    const file = page.locator('[data-testid="design-panel"] input[type="file"]');
    await file.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: gradientPng(120, 160) });
    await expect.poll(() => tiles.count()).toBe(2);
    // The one uploaded is the logo now.
    expect(await tiles.nth(1).locator('[aria-pressed]').getAttribute('aria-pressed')).toBe('true');

    // The first is the saved code's logo: refused, saying how many codes draw it.
    await tiles.nth(0).getByTestId('logo-picture-delete').click();
    await visible(page.getByTestId('logo-delete-dialog'));
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(() => page.getByTestId('logo-delete-error').textContent())
      .toBe(
        'この画像は1件のQRコードのロゴに使われているため、削除できません。先にそれらのコードのロゴを別のものに変えてください。',
      );
    await check('qr-design-08-logo-in-use-375');
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect.poll(() => page.getByTestId('logo-delete-dialog').count()).toBe(0);

    // The second goes, and the design lets go of it.
    await tiles.nth(1).getByTestId('logo-picture-delete').click();
    await visible(page.getByTestId('logo-delete-dialog'));
    await check('qr-design-09-logo-delete-375');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => tiles.count()).toBe(1);
    expect(await page.getByTestId('design-logo').inputValue()).toBe('');

    // At the limit, the refusal says a picture can be deleted; once one is, the upload goes through.
    for (let i = 1; i < DESIGN_LIMITS.logoPicturesMax; i++)
      expect(
        await page.evaluate(uploadDrawnPicture, {
          path: api.qrLogoPicture,
          ground: `#${(0x102030 + i * 0x0a0b0c).toString(16).slice(-6)}`,
          mark: '#ffffff',
          disc: i % 2 === 0,
        }),
      ).toBe(200);
    await createUrlCode(`${ownUrl}/3`);
    await expect.poll(() => tiles.count()).toBe(DESIGN_LIMITS.logoPicturesMax);
    await file.setInputFiles({ name: 'third.png', mimeType: 'image/png', buffer: gradientPng(90, 90) });
    await expect
      .poll(() => page.getByTestId('design-logo-upload-error').textContent())
      .toBe(
        'ロゴの画像は20枚まで保存できます。「アップロードした画像」から使わない画像を削除すると、新しい画像をアップロードできます。',
      );
    await page.getByTestId('design-logo-upload-error').scrollIntoViewIfNeeded();
    await check('qr-design-10-logo-limit-375');
    await tiles
      .nth(DESIGN_LIMITS.logoPicturesMax - 1)
      .getByTestId('logo-picture-delete')
      .click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => tiles.count()).toBe(DESIGN_LIMITS.logoPicturesMax - 1);
    await file.setInputFiles({ name: 'third.png', mimeType: 'image/png', buffer: gradientPng(90, 90) });
    await expect.poll(() => tiles.count()).toBe(DESIGN_LIMITS.logoPicturesMax);
    expect(await page.getByTestId('design-logo-upload-error').count()).toBe(0);
    await page.setViewportSize(DESKTOP);
    await check('qr-design-11-logo-pictures-desktop');
    await page.setViewportSize(PHONE);
  });

  it('says the pictures and the refusal in English', async () => {
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.goto(server.url);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    const form = page.getByTestId('create-form-url');
    await visible(form);
    await form.locator('input[name="url"]').fill(`${ownUrl}/en`);
    await form.getByTestId('create-submit').click();
    await visible(page.getByTestId('result-card'));
    await page.getByTestId('result-download').click();
    await visible(page.getByTestId('download-dialog'));
    await openDesignPanel(onPlaywright(page), 'Design');
    const tiles = page.getByTestId('logo-picture');
    await expect.poll(() => tiles.count()).toBe(DESIGN_LIMITS.logoPicturesMax);
    await visible(page.getByText('Your pictures (20 of 20)'));
    await tiles.nth(0).getByTestId('logo-picture-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(() => page.getByTestId('logo-delete-error').textContent())
      .toBe('This picture is the logo of 1 QR code, so it cannot be deleted. Change that code’s logo first.');
    await check('qr-design-12-logo-in-use-en-375');
    await page.setViewportSize(DESKTOP);
    await check('qr-design-13-logo-in-use-en-desktop');
    await page.setViewportSize(PHONE);
  });
});
