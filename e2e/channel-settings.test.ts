import { ERRORS } from '@qrqr/shared/error-codes';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * Channel settings: every field with its rule, the icon and background, the channel's own code,
 * and the deletion in three steps, in Japanese and English at 375 px and on desktop.
 */

const stamp = Date.now();
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;
const url = (path: string) => `${server.url}${path}`;
const settingsUrl = () => url(`/qrchannel/channel/update?channel_id=${channelId}`);

interface ChannelAnswer {
  channel: {
    channel_id: number;
    channel_name: string;
    description_short: string;
    relation_links: Array<{ text: string; url: string }>;
    latitude: number | null;
    icon_url: string | null;
    channel_page_url: string;
  };
}

beforeAll(async () => {
  session = await startSession();
  ({ server, page } = session);
  await signUpThroughApi(page, server.url, {
    email: `settings-${stamp}@example.jp`,
    userName: '店主',
    password: 'settings2026',
  });
  // A plain answer of the app's origin, where apiCall can run, without loading a screen.
  await page.goto(url('/api/health'));
  await apiCall(page, 'POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const answer = await apiCall<ChannelAnswer>(page, 'POST', '/api/qrchannel/channel', {
    channel_name: '喫茶こもれび',
    channel_user_type: 2,
  });
  channelId = answer.channel.channel_id;
});

afterAll(() => session?.stop());

const getChannel = () => apiCall<ChannelAnswer>(page, 'GET', `/api/qrchannel/channel/${channelId}`);

describe('channel settings', () => {
  it('shows each rule under its field and saves every field', async () => {
    await page.goto(settingsUrl());
    await page.getByTestId('channel-settings').waitFor();
    await page.getByLabel('ひとこと紹介').fill('あ'.repeat(55));
    await page.getByLabel('緯度').fill('95');
    await page.getByRole('button', { name: '保存する' }).first().click();
    await page.getByText('ひとこと紹介は54文字以内で入力してください').waitFor();
    expect(await page.getByText('緯度は-90〜90の数字で入力してください').count()).toBeGreaterThan(0);

    await page.getByLabel('ひとこと紹介').fill('駅前の小さな喫茶店です');
    await page.getByLabel('詳しい紹介').fill('自家焙煎の珈琲と手作りのケーキをご用意しています。');
    await page.getByLabel('住所').fill('東京都千代田区丸の内1-1-1');
    await page.getByLabel('道順・アクセス').fill('東京駅丸の内北口から徒歩3分');
    await page.getByLabel('緯度').fill('35.6812');
    await page.getByLabel('経度').fill('139.7671');
    await page.getByRole('button', { name: 'リンクを追加' }).click();
    await page.getByLabel('1番目のリンクの表示名').fill('公式サイト');
    await page.getByLabel('1番目のリンクのURL').fill('https://komorebi.example.jp');
    expect(await page.getByTestId('map-link').getAttribute('href')).toContain('mlat=35.6812');
    await page.getByRole('button', { name: '保存する' }).first().click();
    await page.getByText('チャネルの設定を保存しました').waitFor();

    const { channel } = await getChannel();
    expect(channel.description_short).toBe('駅前の小さな喫茶店です');
    expect(channel.latitude).toBe(35.6812);
    expect(channel.relation_links).toEqual([{ text: '公式サイト', url: 'https://komorebi.example.jp' }]);
  });

  it('uploads an icon and a background, and refuses a file that is not a picture', async () => {
    // A real JPEG, drawn by the browser itself (no image library in this workspace).
    const bytes = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(1600, 900);
      const g = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      const gradient = g.createLinearGradient(0, 0, 1600, 900);
      gradient.addColorStop(0, '#c8783c');
      gradient.addColorStop(1, '#3c78c8');
      g.fillStyle = gradient;
      g.fillRect(0, 0, 1600, 900);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    });
    const photo = Buffer.from(bytes);
    await page.getByTestId('image-icon').locator('input[type=file]').setInputFiles({
      name: 'icon.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByTestId('image-icon').locator('img').waitFor();
    await page.getByTestId('image-background').locator('input[type=file]').setInputFiles({
      name: 'shop.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByTestId('image-background').locator('img').waitFor();
    const { channel } = await getChannel();
    expect(channel.icon_url).toMatch(/^\/api\/image\//);

    await page
      .getByTestId('image-icon')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is not a picture'),
      });
    await page.getByTestId('image-icon').getByRole('alert').waitFor();
    expect(await page.getByTestId('image-icon').getByRole('alert').textContent()).toContain('E-415');
    await checkScreen(page, '70-channel-settings-desktop-ja');
  });

  it("shows the channel's own code and downloads it", async () => {
    const { channel } = await getChannel();
    await page.getByTestId('channel-code').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('channel-code').textContent()).toContain(channel.channel_page_url);
    const download = await page.request.get(url(`/api/qrchannel/${channelId}/qrcode/download/1`));
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('image/png');
  });

  it('is usable at 375 px and in English', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(settingsUrl());
    await page.getByTestId('channel-settings').waitFor();
    await screenshot(page, '71-channel-settings-phone-ja');
    await session.context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.goto(settingsUrl());
    await page.getByText('Channel settings').first().waitFor();
    await screenshot(page, '72-channel-settings-phone-en');
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, '73-channel-settings-desktop-en');
    await session.context.addCookies([{ name: 'lang', value: 'ja', url: server.url }]);
  });

  it('tells what to do when saving or deleting fails (retry, or ask support), in Japanese and English at 375 px', async () => {
    await page.setViewportSize(PHONE);
    const before = (await getChannel()).channel;
    for (const lang of ['ja', 'en'] as const) {
      await session.context.addCookies([{ name: 'lang', value: lang, url: server.url }]);
      const text = FAILURE_TEXTS[lang];
      await page.goto(settingsUrl());
      await page.getByTestId('channel-settings').waitFor();

      const failedPuts = await failNext('PUT', lang);
      await page.getByLabel(text.shortLabel).fill('雨の日は休みます');
      await page.getByRole('button', { name: text.save }).first().click();
      const alert = page.getByTestId('form-error');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(text.update);
      expect(failedPuts()).toBe(1);
      await checkScreen(page, `75-channel-update-failed-phone-${lang}`);

      const failedDeletes = await failNext('DELETE', lang);
      await page.getByTestId('delete-channel').click();
      await page.getByTestId('delete-name-input').fill(before.channel_name);
      await page.getByRole('button', { name: text.next }).click();
      await page.getByTestId('confirm-ok').click();
      const deleteAlert = page.getByRole('dialog').getByRole('alert');
      await deleteAlert.waitFor();
      expect(await deleteAlert.textContent()).toBe(text.delete);
      expect(failedDeletes()).toBe(1);
      await checkScreen(page, `76-channel-delete-failed-phone-${lang}`);
      await page.getByRole('dialog').getByRole('button', { name: text.cancel }).click();
      await page.unroute(channelRoute());
      // Back to the saved text, so leaving the screen asks nothing.
      await page.getByLabel(text.shortLabel).fill(before.description_short);
    }
    // Neither call reached the server: the channel is as it was.
    expect((await getChannel()).channel).toEqual(before);
    await session.context.addCookies([{ name: 'lang', value: 'ja', url: server.url }]);
    await page.setViewportSize(DESKTOP);
  });

  it('deletes the channel after its name and a final confirmation, then goes to the top page', async () => {
    await page.goto(settingsUrl());
    await page.getByTestId('delete-channel').click();
    await page.getByTestId('delete-name-input').fill('喫茶');
    expect(await page.getByRole('button', { name: '次へ' }).isDisabled()).toBe(true);
    await page.getByTestId('delete-name-input').fill('喫茶こもれび');
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByText('この操作は取り消せません').waitFor();
    await screenshot(page, '74-channel-delete-confirm-desktop-ja', { fullPage: false });
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('delete-done').waitFor();
    // On a slow phone (CPU throttled) the move to the top page renders slower than the channel
    // list is refetched: the list must not reach the channel layout, which would send a member
    // without channels to channel creation.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 });
    await page.getByTestId('delete-done').click();
    await page.waitForURL(url('/'));
    await page.getByTestId('create-form-url').waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    expect(page.url()).toBe(url('/'));
    const gone = await apiCall<{ status: { code: string } }>(
      page,
      'GET',
      `/api/qrchannel/channel/${channelId}`,
    );
    expect(gone.status.code).toBe('E-404');
  });
});

/** The failure texts the settings screen shows after the server's `[E-500]message`. */
const FAILURE_TEXTS = {
  ja: {
    shortLabel: 'ひとこと紹介',
    save: '保存する',
    next: '次へ',
    cancel: 'キャンセル',
    update:
      '[E-500]システムエラーが発生しました。しばらくしてから再度お試しください。 テキストを追加・修正して、もう一度お試しください。解決しない場合はサポートまでお問い合わせください。',
    delete:
      '[E-500]システムエラーが発生しました。しばらくしてから再度お試しください。 もう一度お試しください。',
  },
  en: {
    shortLabel: 'Short description',
    save: 'Save',
    next: 'Next',
    cancel: 'Cancel',
    update:
      '[E-500]A system error has occurred. Please try again after a while. Add or edit the text and try again. If that does not help, contact support.',
    delete: '[E-500]A system error has occurred. Please try again after a while. Please try again.',
  },
} as const;

const channelRoute = () => `**/api/qrchannel/channel/${channelId}`;

/**
 * The next `method` call on the channel fails the way the server fails unexpectedly: HTTP 500 with
 * our envelope (E-500 in the request's language); other calls pass. Returns how many were failed.
 */
async function failNext(method: 'PUT' | 'DELETE', locale: Locale): Promise<() => number> {
  let failed = 0;
  await page.route(channelRoute(), (route: Route) => {
    if (route.request().method() !== method || failed > 0) return route.fallback();
    failed += 1;
    return route.fulfill({
      status: ERRORS['E-500'].http,
      headers: { 'cache-control': 'no-store' },
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ status: { code: 'E-500', message: translate(ERRORS['E-500'].key, locale) } }),
    });
  });
  return () => failed;
}
