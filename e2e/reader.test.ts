import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, seriousA11yViolations } from './support/browser';
import { codePng, fakeCameraArgs, fakeCameraFile } from './support/fake-camera';
import { lineBreakFindings } from './support/line-breaks';
import { measure } from './support/page-weight';
import { type RunningServer, startServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * The reader in real Chromium against the real server: a fake camera (a .y4m made from one of our
 * codes) is scanned for a secret, a redirect (its target shown first) and a Wi-Fi code, each counting
 * exactly one official read, and for a plain WIFI: code (shown as Wi-Fi, counted as nothing); a photo
 * is read from a file; a channel page is visited and followed. Also: the pages stay
 * under 100 KB of compressed JavaScript, and the reader never reaches a CDN. Screenshots: e2e/artifacts/reader-*.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.join(repoRoot, 'apps/web/builds/current');
const KB = 1024;

let server: RunningServer;
let dataDir: string;
/** One Chromium for the whole file, its fake camera playing the file `showToCamera` last wrote. */
let browser: Browser;
let cameraFile: string;
/** Each test's contexts, closed when it ends (a camera left on would keep decoding). */
const contexts: BrowserContext[] = [];

/** A guest browser of our own through the API: creates codes as the create form does. */
class Guest {
  private cookies = new Map<string, string>();
  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-requested-with': 'XMLHttpRequest',
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
  async create(body: Record<string, unknown>): Promise<QrCodeDto> {
    if (!this.cookies.size) await this.request('GET', api.session);
    const res = await this.request('POST', api.qrCreate, body);
    expect(res.status).toBe(200);
    return ((await res.json()) as { qrcode: QrCodeDto }).qrcode;
  }
}

/** Official reads stored for a code, once the flush (every second) has written them. */
async function officialReads(qrId: string, expected: number): Promise<number[]> {
  const db = new Database(path.join(dataDir, 'qrqr.sqlite'), { readonly: true, fileMustExist: true });
  try {
    // The day rollups: one source number per read counted (1 official, 2 other apps).
    const rows = db.prepare('select official, other from read_days where qr_id = ?');
    const query = {
      all: (id: string) =>
        (rows.all(id) as { official: number; other: number }[]).flatMap((r) => [
          ...Array.from({ length: r.official }, () => ({ source: 1 })),
          ...Array.from({ length: r.other }, () => ({ source: 2 })),
        ]),
    };
    const deadline = Date.now() + 8000;
    let sources: number[] = [];
    while (Date.now() < deadline) {
      sources = (query.all(qrId) as { source: number }[]).map((r) => r.source);
      if (sources.length >= expected) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // One more flush interval: a second read would show up now.
    await new Promise((r) => setTimeout(r, 1200));
    return (query.all(qrId) as { source: number }[]).map((r) => r.source);
  } finally {
    db.close();
  }
}

/** A fresh browser context of this test's own (own cookies, storage and history). */
async function newContext(options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  contexts.push(context);
  return context;
}

/**
 * Puts `text`'s code in front of the camera: Chromium opens the video file anew each time a page
 * starts the camera, so the file is replaced whole (a rename) before the scan, never rewritten.
 */
async function showToCamera(text: string): Promise<void> {
  fs.renameSync(await fakeCameraFile(text), cameraFile);
}

async function readerPage(options: BrowserContextOptions): Promise<Page> {
  const context = await newContext({ timezoneId: 'Asia/Tokyo', permissions: ['camera'], ...options });
  const page = await context.newPage();
  await page.goto(`${server.url}/reader`);
  await page.locator('[data-testid="scan-camera"]').waitFor();
  return page;
}

async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Scans `code` with a camera that shows it; returns the page with the result and every URL it asked for. */
async function scanWithCamera(code: QrCodeDto, options: BrowserContextOptions) {
  await showToCamera(code.payload);
  const page = await readerPage(options);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.click('[data-testid="scan-camera"]');
  const result = page.locator('[data-testid="result"]');
  await result.waitFor({ timeout: 30_000 });
  return { page, result, requested };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-reader-e2e-'));
  server = await startServer({ DATA_DIR: dataDir });
  cameraFile = await fakeCameraFile('no code shown yet');
  browser = await launchChromium(fakeCameraArgs(cameraFile));
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the reader scans with the camera', () => {
  const guest = new Guest();

  it('shows a secret code’s text with its host and one-tap open, counted as one official read (ja, 375 px)', async () => {
    const code = await guest.create({
      tab: 0,
      analysis_type: 2,
      url: 'https://example.com/menu?from=reader',
    });
    expect(code.payload).toMatch(/^QRQR:/);
    const { page, result, requested } = await scanWithCamera(code, { viewport: PHONE, locale: 'ja-JP' });
    expect(await result.getAttribute('data-kind')).toBe('text');
    await expect
      .poll(() => page.locator('[data-testid="result-text"]').textContent())
      .toBe('https://example.com/menu?from=reader');
    expect(await page.locator('[data-testid="result-host"]').textContent()).toBe('移動先：example.com');
    expect(await page.getByRole('link', { name: '開く' }).getAttribute('href')).toBe(
      'https://example.com/menu?from=reader',
    );
    await check(page, 'reader-secret-ja-375');
    // The decoder and its wasm came from us, never from a CDN.
    const foreign = requested.filter((u) => !u.startsWith(server.url) && !/^(data|blob):/.test(u));
    expect(foreign).toEqual([]);
    expect(requested.some((u) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(u))).toBe(true);
    expect(await officialReads(code.id, 1)).toEqual([1]);
  });

  it('shows a redirect code’s target first and opens it with one tap, counted once (en, desktop)', async () => {
    const code = await guest.create({ tab: 0, analysis_type: 1, url: 'https://example.org/autumn-menu' });
    const { page, result } = await scanWithCamera(code, { viewport: DESKTOP, locale: 'en-US' });
    // The target is someone else's site: this test machine has no internet, so it answers here.
    await page.route('https://example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Autumn menu</title><h1>Autumn menu</h1>' }),
    );
    // Any account can point a code anywhere: the reader stays, showing where it leads.
    expect(await result.getAttribute('data-kind')).toBe('redirect');
    expect(page.url()).toBe(`${server.url}/reader`);
    expect(await page.locator('[data-testid="result-text"]').textContent()).toBe(
      'https://example.org/autumn-menu',
    );
    expect(await page.locator('[data-testid="result-host"]').textContent()).toBe('Goes to: example.org');
    await check(page, 'reader-redirect-en-desktop');
    // One tap goes on, straight to the target: not through /r/, so nothing is counted again.
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.getByRole('link', { name: 'Open', exact: true }).click();
    await page.waitForURL('https://example.org/autumn-menu');
    expect(await page.title()).toBe('Autumn menu');
    expect(asked.filter((u) => u.startsWith(server.url))).toEqual([]);
    expect(await officialReads(code.id, 1)).toEqual([1]);
    // The scan stays in the device's history, where its target is shown before it is opened again.
    await page.goBack();
    await expect.poll(() => page.locator('.history-item').count()).toBe(1);
    expect(await page.locator('.history-item').textContent()).toContain('https://example.org/autumn-menu');
    await check(page, 'reader-redirect-history-en-desktop');
  });

  it('shows a redirect code’s target first in Japanese too (ja, 375 px)', async () => {
    const code = await guest.create({ tab: 0, analysis_type: 1, url: 'https://example.org/menu/2026-11' });
    const { page, result } = await scanWithCamera(code, { viewport: PHONE, locale: 'ja-JP' });
    expect(await result.getAttribute('data-kind')).toBe('redirect');
    expect(await page.getByRole('heading', { name: 'リンクの行き先' }).count()).toBe(1);
    expect(await page.locator('[data-testid="result-host"]').textContent()).toBe('移動先：example.org');
    expect(await page.getByRole('link', { name: '開く', exact: true }).getAttribute('href')).toBe(
      'https://example.org/menu/2026-11',
    );
    await check(page, 'reader-redirect-ja-375');
    expect(await officialReads(code.id, 1)).toEqual([1]);
  });

  it('shows a Wi-Fi profile with copy buttons and expiry, counted as one official read (ja, 375 px)', async () => {
    const code = await guest.create({
      tab: 2,
      analysis_type: 2,
      name: '店内Wi-Fi',
      ssid: 'cafe-guest',
      password: 'coffee1234',
      encryption: 'WPA',
      expir_time: 24,
    });
    const { page, result } = await scanWithCamera(code, { viewport: PHONE, locale: 'ja-JP' });
    expect(await result.getAttribute('data-kind')).toBe('wifi');
    expect(await page.locator('[data-testid="wifi-ssid"]').textContent()).toBe('cafe-guest');
    expect(await page.locator('[data-testid="wifi-password"]').textContent()).toBe('coffee1234');
    expect(await page.locator('[data-testid="wifi-security"]').textContent()).toBe('WPA/WPA2/WPA3');
    await expect.poll(() => page.getByText('有効期限：').count()).toBe(1);
    expect(await page.getByRole('button', { name: /コピー/ }).count()).toBeGreaterThanOrEqual(2);
    await check(page, 'reader-wifi-ja-375');
    // The scan joined the device's history (no password in the list line).
    await expect.poll(() => page.locator('.history-item').count()).toBe(1);
    expect(await page.locator('.history-item').textContent()).toContain('cafe-guest');
    expect(await officialReads(code.id, 1)).toEqual([1]);
  });
});

describe('a plain Wi-Fi code (no analysis: the standard WIFI: text)', () => {
  const guest = new Guest();
  let code: QrCodeDto;

  beforeAll(async () => {
    code = await guest.create({
      tab: 2,
      analysis_type: 0,
      name: '二階の席',
      ssid: 'komorebi;2F',
      password: 'latte:500',
      encryption: 'WPA',
      hidden: true,
    });
    expect(code.payload).toBe('WIFI:T:WPA;S:komorebi\\;2F;P:latte\\:500;H:true;;');
  });

  /** The Wi-Fi view of the plain code: network, password, security, how-to, no expiry, not "foreign". */
  async function expectPlainWifi(
    page: Page,
    texts: { security: string; howTo: RegExp; hidden: RegExp; copy: RegExp },
  ) {
    const result = page.locator('[data-testid="result"]');
    await expect.poll(() => result.getAttribute('data-kind'), { timeout: 30_000 }).toBe('wifi');
    expect(await page.locator('[data-testid="wifi-ssid"]').textContent()).toBe('komorebi;2F');
    expect(await page.locator('[data-testid="wifi-password"]').textContent()).toBe('latte:500');
    expect(await page.locator('[data-testid="wifi-security"]').textContent()).toBe(texts.security);
    expect(await page.getByRole('button', { name: texts.copy }).count()).toBe(2);
    expect(await result.getByText(texts.howTo).count()).toBe(1);
    expect(await result.getByText(texts.hidden).count()).toBe(1);
    // A plain payload has no expiry, and it is shown as Wi-Fi, not as someone else's text.
    expect(await page.locator('[data-testid="wifi-expiry"]').count()).toBe(0);
    expect(await page.locator('[data-testid="result-text"]').count()).toBe(0);
    expect(await result.textContent()).not.toMatch(/WIFI:|QRQR 以外|Not a QRQR/);
  }

  it('scanned with the camera shows SSID and password with copy buttons (ja, 375 px)', async () => {
    const { page } = await scanWithCamera(code, { viewport: PHONE, locale: 'ja-JP' });
    await expectPlainWifi(page, {
      security: 'WPA/WPA2/WPA3',
      howTo: /「設定」→「Wi-Fi」/,
      hidden: /非公開のネットワーク/,
      copy: /コピー/,
    });
    // The copy button puts the password itself on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'コピー: パスワード' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('latte:500');
    await check(page, 'reader-wifi-plain-ja-375');
    // Not one of our tracked codes: no read is counted for it.
    expect(await officialReads(code.id, 0)).toEqual([]);
  });

  it('read from a photo shows the same view (en, 375 px)', async () => {
    const page = await readerPage({ viewport: PHONE, locale: 'en-US' });
    await page.setInputFiles('[data-testid="scan-photo"]', {
      name: 'code.png',
      mimeType: 'image/png',
      buffer: await codePng(code.payload, 10),
    });
    await expectPlainWifi(page, {
      security: 'WPA/WPA2/WPA3',
      howTo: /Settings → Wi-Fi/,
      hidden: /hidden network/,
      copy: /^Copy/,
    });
    await check(page, 'reader-wifi-plain-en-375');
  });
});

describe('the reader reads a photo', () => {
  it('reads a secret text code from an uploaded image (en, 375 px) and keeps the last scans', async () => {
    const guest = new Guest();
    const code = await guest.create({ tab: 1, analysis_type: 2, text: 'Today: matcha latte 500 yen' });
    const page = await readerPage({ viewport: PHONE, locale: 'en-US' });
    await page.setInputFiles('[data-testid="scan-photo"]', {
      name: 'code.png',
      mimeType: 'image/png',
      buffer: await codePng(code.payload, 10),
    });
    const result = page.locator('[data-testid="result"]');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-kind')).toBe('text');
    expect(await page.locator('[data-testid="result-text"]').textContent()).toBe(
      'Today: matcha latte 500 yen',
    );
    await check(page, 'reader-photo-en-375');
    // A photo without a code says so.
    await page.setInputFiles('[data-testid="scan-photo"]', {
      name: 'blank.png',
      mimeType: 'image/png',
      buffer: fs.readFileSync(path.join(repoRoot, 'apps/web/public/reader-icon-192.png')),
    });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('No QR code was found');
    // A file that is no picture at all is named as such, not met with "take it again".
    await page.setInputFiles('[data-testid="scan-photo"]', {
      name: 'menu.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The file you chose is not an image. Choose a photo of the QR code.');
    await check(page, 'reader-not-image-en-375');
    // The history survives a reload (localStorage).
    await page.reload();
    await expect.poll(() => page.locator('.history-item').count()).toBe(1);
    await check(page, 'reader-history-en-375');
    expect(await officialReads(code.id, 1)).toEqual([1]);
  });
});

describe('the reader in Japanese (375 px)', () => {
  it('writes Japanese as Japanese is set, and names a chosen file that is no image', async () => {
    const page = await readerPage({ viewport: PHONE, locale: 'ja-JP' });
    // No spaces between Japanese and Latin words, full-width brackets.
    expect(await page.locator('.intro').textContent()).toBe(
      'QRQRで作ったQRコードを読み取ると、シークレットコードの内容やWi-Fiの接続情報が表示されます。',
    );
    expect(await page.locator('.consent').textContent()).toBe(
      '読み取った都道府県を送る（位置情報は保存されません）',
    );
    expect(
      await lineBreakFindings(page, '.intro, .consent span', ['QRコード', 'シークレットコード']),
    ).toEqual([]);
    const notImage = '選んだファイルは画像ではありません。QRコードが写った写真を選んでください。';
    // A file named like a picture that is none, and a text file.
    await page.setInputFiles('[data-testid="scan-photo"]', {
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png at all'),
    });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(notImage);
    await page.reload();
    await page.setInputFiles('[data-testid="scan-photo"]', {
      name: 'memo.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(notImage);
    await check(page, 'reader-not-image-ja-375');
  });
});

describe('the region consent', () => {
  it('sends a position with a scan only after the visitor ticks the box', async () => {
    const guest = new Guest();
    const code = await guest.create({ tab: 1, analysis_type: 2, text: '地域テスト' });
    const page = await readerPage({
      viewport: PHONE,
      locale: 'ja-JP',
      permissions: ['camera', 'geolocation'],
      geolocation: { latitude: 34.985, longitude: 135.758 },
    });
    const bodies: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/reader/resolve')) bodies.push(r.postDataJSON());
    });
    const upload = async (calls: number) => {
      await page.setInputFiles('[data-testid="scan-photo"]', {
        name: 'code.png',
        mimeType: 'image/png',
        buffer: await codePng(code.payload, 10),
      });
      await expect.poll(() => bodies.length, { timeout: 30_000 }).toBe(calls);
      await page.locator('[data-testid="result"]').waitFor();
    };
    await upload(1);
    await page.getByLabel(/都道府県を送る/).check();
    await upload(2);
    expect(bodies).toEqual([
      { text: code.payload },
      { text: code.payload, position: { lat: 34.985, lng: 135.758 } },
    ]);
    // The choice is remembered on the device.
    await page.reload();
    expect(await page.getByLabel(/都道府県を送る/).isChecked()).toBe(true);
  });
});

describe('the other result views', () => {
  /** Reads `payload` from a photo on an open reader page and waits for its result. */
  async function readPhoto(page: Page, payload: string) {
    await page.setInputFiles('[data-testid="scan-photo"]', {
      name: 'code.png',
      mimeType: 'image/png',
      buffer: await codePng(payload, 10),
    });
    const result = page.locator('[data-testid="result"]');
    await expect.poll(() => result.getAttribute('data-kind'), { timeout: 30_000 }).not.toBeNull();
    return result;
  }

  it('hides an expired Wi-Fi profile, says a deleted code is gone, spells out a foreign link’s host (ja, 375 px)', async () => {
    const guest = new Guest();
    const wifi = await guest.create({
      tab: 2,
      analysis_type: 2,
      name: '期間限定',
      ssid: 'event-guest',
      password: 'festival2026',
      encryption: 'WPA',
      expir_time: 1,
    });
    const gone = await guest.create({ tab: 1, analysis_type: 2, text: '消えるコード' });
    // Age the Wi-Fi code past its hour and delete the other, in the server's own database.
    const db = new Database(path.join(dataDir, 'qrqr.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const twoHoursAgo = Date.now() - 2 * 3_600_000;
      db.prepare('update qr_codes set created_at = ?, wifi_set_at = ? where id = ?').run(
        twoHoursAgo,
        twoHoursAgo,
        wifi.id,
      );
      db.prepare('delete from qr_codes where id = ?').run(gone.id);
    } finally {
      db.close();
    }
    const page = await readerPage({ viewport: PHONE, locale: 'ja-JP' });

    const expired = await readPhoto(page, wifi.payload);
    expect(await expired.getAttribute('data-kind')).toBe('wifi');
    await page.locator('[data-testid="wifi-expired"]').waitFor();
    expect(await page.locator('[data-testid="result"]').textContent()).not.toContain('festival2026');
    expect(await page.locator('[data-testid="result"]').textContent()).not.toContain('event-guest');
    await check(page, 'reader-wifi-expired-ja-375');

    const missing = await readPhoto(page, gone.payload);
    await expect.poll(() => missing.getAttribute('data-kind')).toBe('missing');
    await check(page, 'reader-missing-ja-375');

    const foreign = await readPhoto(page, 'https://例え.jp/メニュー?utm=poster');
    await expect.poll(() => foreign.getAttribute('data-kind')).toBe('foreign');
    expect(await page.locator('#result-heading').textContent()).toBe('読み取ったコード');
    // The host in its ASCII form: a look-alike name cannot pass for another.
    expect(await page.locator('[data-testid="result-host"]').textContent()).toBe('移動先：xn--r8jz45g.jp');
    await check(page, 'reader-foreign-ja-375');
  });
});

describe('a channel page', () => {
  let channel: ChannelDto;
  let operator: Page;
  let operatorHeaders: Record<string, string>;

  beforeAll(async () => {
    // An operator with a channel, through the screens and the settings call.
    // Not a test's own context: the operator stays signed in for the whole describe.
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP' });
    const page = await context.newPage();
    await signUpThroughApi(page, server.url, {
      email: `reader-channel-${Date.now()}@example.jp`,
      userName: 'こもれび店主',
      password: 'Secret123',
    });
    const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const headers = { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': token };
    const post = (url: string, data: unknown, method: 'post' | 'put' = 'post') =>
      page.request[method](`${server.url}${url}`, { data, headers });
    expect((await post(api.channelServiceRegister, { terms_accepted: true })).ok()).toBe(true);
    const created = await post(api.channels, { channel_name: '喫茶こもれび', channel_user_type: 2 });
    expect(created.ok()).toBe(true);
    const id = ((await created.json()) as { channel: ChannelDto }).channel.channel_id;
    const updated = await post(
      channelPath.one(id),
      {
        description_short: '木漏れ日の差す小さな喫茶店です。',
        description_long: '自家焙煎の珈琲と季節のケーキをご用意しています。\nWi-Fi と電源があります。',
        address: '京都府京都市中京区三条通河原町東入ル',
        description_route: '京阪三条駅から徒歩3分',
        latitude: 35.0089,
        longitude: 135.7717,
        relation_links: [{ text: '公式サイト', url: 'https://example.jp/komorebi' }],
      },
      'put',
    );
    expect(updated.ok(), await updated.text()).toBe(true);
    channel = ((await updated.json()) as { channel: ChannelDto }).channel;
    operator = page;
    operatorHeaders = headers;
  });

  it('shows the channel to a visitor without an account, who follows and unfollows (ja, 375 px)', async () => {
    const context = await newContext({ viewport: PHONE, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    const res = await page.goto(`${server.url}/c/${channel.channel_code}`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: '喫茶こもれび' }).waitFor();
    expect(await page.locator('[data-testid="follower-count"]').textContent()).toBe('フォロワー 0 人');
    expect(await page.getByRole('link', { name: '地図で見る' }).getAttribute('href')).toContain(
      '35.0089,135.7717',
    );
    await check(page, 'reader-channel-ja-375');
    await page.click('[data-testid="follow"]');
    await expect
      .poll(() => page.locator('[data-testid="follower-count"]').textContent())
      .toBe('フォロワー 1 人');
    expect(await page.locator('[data-testid="follow"]').getAttribute('aria-pressed')).toBe('true');
    await check(page, 'reader-channel-following-ja-375');
    // Following is remembered for this device.
    await page.reload();
    // Following, the button says so; unfollowing is one step away (a tap on it shows the way).
    await expect.poll(() => page.locator('[data-testid="follow"]').textContent()).toBe('フォロー中');
    await page.click('[data-testid="follow"]');
    expect(await page.locator('[data-testid="unfollow"]').textContent()).toBe('フォローをやめる');
    await page.click('[data-testid="unfollow"]');
    await expect
      .poll(() => page.locator('[data-testid="follower-count"]').textContent())
      .toBe('フォロワー 0 人');
  });

  it('reads in English on a desktop, and says when a channel does not exist', async () => {
    const context = await newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/c/${channel.channel_code}`);
    await page.getByRole('button', { name: 'Follow' }).waitFor();
    await check(page, 'reader-channel-en-desktop');
    const missing = await page.goto(`${server.url}/c/AAAAAAAAAAAAAAAA`);
    expect(missing?.status()).toBe(404);
    await page.locator('[data-testid="channel-missing"]').waitFor();
    await check(page, 'reader-channel-missing-en-desktop');
  });

  it('a follow link with signed tags tags the visitor who follows from it', async () => {
    const base = `${server.url}/api/qrchannel/${channel.channel_id}`;
    const tag = await operator.request.post(`${base}/tag`, {
      data: { tag_name: 'ポスター' },
      headers: operatorHeaders,
    });
    expect(tag.ok(), await tag.text()).toBe(true);
    const tagId = ((await tag.json()) as { tag: { tag_id: number } }).tag.tag_id;
    const link = await operator.request.get(`${base}/tag/link?tag_ids=${tagId}`, {
      headers: operatorHeaders,
    });
    expect(link.ok(), await link.text()).toBe(true);
    const url = ((await link.json()) as { url: string }).url;
    expect(url).toContain(`/c/${channel.channel_code}?tags=`);

    const visitor = await newContext({ viewport: PHONE, locale: 'ja-JP' });
    const page = await visitor.newPage();
    await page.goto(url);
    await page.click('[data-testid="follow"]');
    await expect.poll(() => page.locator('[data-testid="follow"]').getAttribute('aria-pressed')).toBe('true');

    const list = await operator.request.get(`${base}/followers`, { headers: operatorHeaders });
    const followers = ((await list.json()) as { followers: { tags: { tag_name: string }[] }[] }).followers;
    expect(followers.map((f) => f.tags.map((t) => t.tag_name))).toEqual([['ポスター']]);
  });

  it('scanning a channel code opens its page', async () => {
    const channelUrl = `${server.url}/c/${channel.channel_code}`;
    await showToCamera(channelUrl);
    const page = await readerPage({ viewport: PHONE, locale: 'ja-JP' });
    await page.click('[data-testid="scan-camera"]');
    await page.waitForURL(channelUrl, { timeout: 30_000 });
    await page.getByRole('heading', { name: '喫茶こもれび' }).waitFor();
  });
});

describe('weight and sources', () => {
  it('/reader and /c/… load under 100 KB of compressed JavaScript', async () => {
    const guest = new Guest();
    await guest.request('GET', api.session);
    const cases = [
      { path: '/reader', label: '/reader', jsBudget: 100 * KB, ready: '[data-testid="scan-camera"]' },
      {
        path: '/c/AAAAAAAAAAAAAAAA',
        label: '/c/…',
        jsBudget: 100 * KB,
        ready: '[data-testid="channel-missing"]',
      },
    ];
    for (const c of cases) {
      const weight = await measure(browser, c, `${server.url}${c.path}`);
      const list = weight.files.map((f) => `${f.url} ${f.bytes}`).join('\n');
      expect(weight.jsBytes, list).toBeLessThan(c.jsBudget);
      // The main app's chunks (React, Mantine…) are not part of these pages, nor the decoder.
      expect(
        weight.files.filter((f) => /\/assets\/(vendor|ui|app|scanner)-/.test(f.url)),
        list,
      ).toEqual([]);
      console.log(`${c.label}: ${weight.jsBytes} bytes of JS in ${weight.jsCount} files`);
    }
  });

  it('the built reader names no CDN host, and ships its own decoder wasm', () => {
    const html = fs.readFileSync(path.join(build, 'reader.html'), 'utf8');
    const seen = new Set<string>();
    const queue = [...html.matchAll(/src="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]);
    expect(queue.length).toBeGreaterThan(0);
    // Every file the reader can load: the entry and what it imports, statically or lazily.
    while (queue.length) {
      const file = queue.shift() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const code = fs.readFileSync(path.join(build, 'assets', file), 'utf8');
      for (const m of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) queue.push(m[1]);
    }
    expect([...seen].some((f) => f.startsWith('scanner-'))).toBe(true);
    const cdn = /jsdelivr|unpkg|cdnjs|esm\.sh|skypack|jspm|googleapis|gstatic|cloudflare|githubusercontent/i;
    const texts = [html, fs.readFileSync(path.join(build, 'reader-sw.js'), 'utf8')].concat(
      [...seen].map((f) => fs.readFileSync(path.join(build, 'assets', f), 'utf8')),
    );
    for (const text of texts) expect(text.match(cdn)?.[0]).toBeUndefined();
    const wasm = fs.readdirSync(path.join(build, 'assets')).filter((f) => /^zxing_reader-.*\.wasm$/.test(f));
    expect(wasm.length).toBeGreaterThan(0);
  });

  it('serves an installable manifest, icons and the service worker, which caches the shell', async () => {
    const manifest = (await (await fetch(`${server.url}/reader.webmanifest`)).json()) as {
      start_url: string;
      icons: { src: string }[];
    };
    expect(manifest.start_url).toBe('/reader');
    for (const icon of manifest.icons) expect((await fetch(`${server.url}${icon.src}`)).status).toBe(200);
    const context = await newContext({ viewport: PHONE, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${server.url}/reader`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Chromium's own verdict: the manifest, icons and service worker make an installable app.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Test contexts are incognito profiles, which Chromium never installs from; nothing else may be wrong.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await expect
      .poll(() =>
        page.evaluate(
          async () =>
            (await caches.keys()).length &&
            (await (await caches.open('qrqr-reader-v2')).keys()).map((r) => new URL(r.url).pathname),
        ),
      )
      .toEqual(expect.arrayContaining(['/reader']));
    // Offline, the shell still opens from the cache.
    await context.setOffline(true);
    await page.reload();
    await page.locator('[data-testid="scan-camera"]').waitFor();
    await context.setOffline(false);
  });
});
