import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codePng } from '../../support/fake-camera';
import { DESKTOP, PHONE } from '../engine';
import { type Flow, startFlow } from '../flow';

/**
 * A Wi-Fi welcome page as the guest opens it after joining the network, in every
 * engine: /reader/w/{code} on a phone in Japanese, its texts, its coupon used once, the channel
 * followed. The page is built and published through the API (wifi-welcome.test.ts covers the
 * builder's screens in Chromium).
 */

let flow: Flow;
let pageCode = '';
let codePayload = '';
const files: string[] = [];

beforeAll(async () => {
  flow = await startFlow();
  const owner = await flow.open('owner', { viewport: DESKTOP, locale: 'ja-JP' });
  await owner.signUp({
    email: `wifi-${Date.now()}@example.jp`,
    userName: 'カフェ店主',
    password: 'wifi2026x',
  });
  await owner.goto('/');
  await owner.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const { channel } = await owner.api<{ channel: { channel_id: number } }>('POST', '/api/qrchannel/channel', {
    channel_name: '喫茶こもれび',
    channel_user_type: 2,
  });
  const made = await owner.api<{ qrcode: { payload: string } }>('POST', '/qrcode/create/', {
    tab: 2,
    analysis_type: 2,
    name: '店内',
    ssid: 'komorebi-guest',
    password: 'coffee1234',
    encryption: 'WPA',
  });
  codePayload = made.qrcode.payload;
  const saved = await owner.api<{ welcome_page?: { welcome_page_id: number; code: string } }>(
    'POST',
    '/api/qrwifi/welcomepage/save',
    {
      title: '春のWi-Fiページ',
      channel_id: channel.channel_id,
      header_text: 'ようこそ、喫茶こもれびへ',
      free_text: '無料Wi-Fiをご利用ください。\n電源席もあります。',
      footer_text: '喫茶こもれび',
      coupon: {
        coupon_type: 1,
        coupon_value_percent: 20,
        coupon_content: 'ブレンドコーヒー',
        coupon_available_count: -1,
        coupon_code_type: 3,
        coupon_code_text: '8823',
      },
    },
  );
  const page = saved.welcome_page;
  expect(page?.code, JSON.stringify(saved)).toBeTruthy();
  pageCode = page?.code ?? '';
  const { wifi } = await owner.api<{ wifi: Array<{ qr_wifi_id: string }> }>('GET', '/api/qrwifi/wifi/get');
  const now = Math.floor(Date.now() / 1000);
  const linked = await owner.api<{ status: { code: string } }>('POST', '/api/qrwifi/profile/add', {
    welcome_page_id: page?.welcome_page_id,
    qr_wifi_ids: wifi.map((w) => w.qr_wifi_id),
    release_dt: now - (now % 600) + 86_400,
  });
  expect(linked.status.code, JSON.stringify(linked)).toBe('S-200');
  const published = await owner.api<{ status: { code: string } }>('POST', '/api/qrwifi/profile/publish', {
    welcome_page_id: page?.welcome_page_id,
  });
  expect(published.status.code, JSON.stringify(published)).toBe('S-200');
  await owner.close();
});
afterAll(async () => {
  await flow?.stop();
  for (const f of files) fs.rmSync(f, { force: true });
});

it('shows a guest the page on a phone (ja): texts, the coupon used once, the channel followed', async () => {
  const guest = await flow.open('ja-phone', { viewport: PHONE, locale: 'ja-JP' });
  await guest.goto(`/reader/w/${pageCode}`);
  await guest.waitFor('[data-testid="reader-welcome"]');
  await guest.waitForText('ようこそ、喫茶こもれびへ');
  await guest.waitForText('電源席もあります。');
  await guest.waitForText('ブレンドコーヒー');
  expect(await guest.horizontalOverflow()).toBeLessThanOrEqual(0);
  await guest.shot('wifi-01-guest');
  await guest.click('[data-testid="welcome-use-coupon"]');
  // The tap asks first: the confirmation sheet, whose 「使用する」 uses it.
  await guest.waitFor('[data-testid="coupon-sheet"]');
  await guest.shot('wifi-02-coupon-sheet');
  await guest.click('[data-testid="coupon-sheet-use"]');
  await guest.waitForText('この端末で使用済みです');
  await guest.waitForGone('[data-testid="welcome-use-coupon"]');
  await guest.waitForText('8823');
  await guest.waitFor('[data-testid="coupon-used-moment"]');
  await guest.shot('wifi-02-coupon-used');
  await guest.click('[data-testid="welcome-follow"]');
  await guest.waitForText('フォロー中', '[data-testid="welcome-follow"]');
  expect(await guest.horizontalOverflow()).toBeLessThanOrEqual(0);
  await guest.shot('wifi-03-followed');
});

it('a guest who scans the code sees the network, then the page; the used coupon stays used after a reload', async () => {
  const guest = await flow.open('ja-scan', { viewport: PHONE, locale: 'ja-JP' });
  const photo = path.join(os.tmpdir(), `qrqr-${flow.engine}-wifi-${Date.now()}.png`);
  fs.writeFileSync(photo, await codePng(codePayload, 10));
  files.push(photo);
  await guest.goto('/reader');
  await guest.waitFor('[data-testid="scan-camera"]');
  await guest.raw.upload('[data-testid="scan-photo"]', photo);
  await guest.waitForUrl(new RegExp(`/reader/w/${pageCode}$`));
  await guest.waitFor('[data-testid="reader-welcome"]');
  expect(await guest.text('[data-testid="wifi-ssid"]')).toBe('komorebi-guest');
  expect(await guest.text('[data-testid="wifi-password"]')).toBe('coffee1234');
  await guest.click('[data-testid="welcome-use-coupon"]');
  await guest.click('[data-testid="coupon-sheet-use"]');
  await guest.waitForText('この端末で使用済みです');
  await guest.goto(`/reader/w/${pageCode}`);
  await guest.waitFor('[data-testid="reader-welcome"]');
  await guest.waitForText('この端末で使用済みです');
  await guest.waitForGone('[data-testid="welcome-use-coupon"]');
  expect(await guest.text('[data-testid="wifi-ssid"]')).toBe('komorebi-guest');
  expect(await guest.horizontalOverflow()).toBeLessThanOrEqual(0);
  await guest.shot('wifi-04-scanned-reloaded');
});
