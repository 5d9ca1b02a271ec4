import { channelPath } from '@qrqr/shared/channel-paths';
import { api, paths } from '@qrqr/shared/paths';
import { MEMBER_PAINT } from '@qrqr/shared/screen-preloads';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { holdScripts, launchChromium, screenshot } from './support/browser';
import { signUpOperatorWithChannel } from './support/operator-channel';
import type { StorageState } from './support/page-weight';
import { type RunningServer, sharedServer } from './support/server';
import { UA } from './support/user-agents';

/**
 * A signed-in member's lists arrive rendered with their data (on a phone the largest paint
 * used to wait for every script): the server renders the screen with the answers of its first
 * calls in a thread of its own, and the app takes it over without asking again. Until then the
 * page is inert, so a tap never lands on HTML the app does not handle yet.
 */

let server: RunningServer;
let browser: Browser;
let member: StorageState;
let channelId: number;

const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent: UA.android,
  locale: 'ja-JP',
  timezoneId: 'Asia/Tokyo',
};
const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1280, height: 900 },
  userAgent: UA.windows,
  locale: 'ja-JP',
  timezoneId: 'Asia/Tokyo',
};

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  ({ channelId } = await signUpOperatorWithChannel(
    page,
    server.url,
    { email: `paint-${Date.now()}@example.jp`, userName: '塗り太郎', password: 'paint-Password-123' },
    'みどり青果店',
  ));
  for (const tag_name of ['常連', 'チラシ'])
    await apiCall(page, 'POST', channelPath.tags(channelId), { tag_name });
  await apiCall(page, 'POST', api.qrCreate, { tab: 1, text: '本日の特売', title: '店頭ポスター' });
  member = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tagList = () => `${paths.channelTagList}?channel_id=${channelId}`;

/**
 * The member's browser for one device (and script setting), made once for the file: each screen
 * gets a page of its own in it. A new browser for each would cost a second of CPU and test nothing
 * more, since the answers depend on the session only and are never stored by the browser.
 */
const devices = new Map<string, Promise<BrowserContext>>();
function memberBrowser(options: BrowserContextOptions): Promise<BrowserContext> {
  const key = JSON.stringify(options);
  let context = devices.get(key);
  if (!context) {
    context = browser.newContext({ ...options, storageState: member });
    devices.set(key, context);
  }
  return context;
}

/** A page of the member's, collecting script and console errors (a hydration mismatch is both). */
async function open(options: BrowserContextOptions, url: string) {
  const page = await (await memberBrowser(options)).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch') calls.push(new URL(r.url()).pathname);
  });
  await page.goto(`${server.url}${url}`);
  return { page, errors, calls, close: () => page.close() };
}

const inert = (page: Page) => page.locator('#app').evaluate((app) => app.hasAttribute('inert'));

describe("a member's lists painted by the server", () => {
  it('show the data with scripts off, on a phone and a desktop', async () => {
    for (const [options, name] of [
      [PHONE, '375'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const tags = await open({ ...options, javaScriptEnabled: false }, tagList());
      await expect(tags.page.getByTestId('tag-row').allTextContents()).resolves.toEqual([
        expect.stringContaining('常連'),
        expect.stringContaining('チラシ'),
      ]);
      expect(await inert(tags.page)).toBe(true);
      expect(await tags.page.locator(`script#${MEMBER_PAINT.stateId}`).count()).toBe(1);
      await screenshot(tags.page, `member-paint-tags-${name}-no-js`);
      await tags.close();
      const list = await open({ ...options, javaScriptEnabled: false }, paths.qrList);
      await expect(list.page.getByTestId('code-row').first().textContent()).resolves.toContain(
        '店頭ポスター',
      );
      await screenshot(list.page, `member-paint-qr-list-${name}-no-js`);
      await list.close();
    }
  });

  it('are taken over without a mismatch or a second call, then released and working', async () => {
    for (const url of [paths.qrList, tagList(), `${paths.channelCouponList}?channel_id=${channelId}`]) {
      const { page, errors, calls, close } = await open(PHONE, url);
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.getElementById('app')?.hasAttribute('inert'));
      // The lists' answers came with the page.
      expect(
        calls.filter((c) => c === api.qrListData || c.endsWith('/tag') || c.includes('/coupon/')),
      ).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
    const { page, errors, close } = await open(PHONE, tagList());
    await page.getByTestId('tag-create').click();
    await page.getByTestId('tag-name').fill('週末');
    await page.getByTestId('tag-save').click();
    await page.getByTestId('tag-row').filter({ hasText: '週末' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  // Each screen of the channel and Wi-Fi areas, at 375 px and on the desktop: [path, a test id it
  // shows, its first call].
  it.each([
    [paths.channelUsers, 'follower-list-page', '/followers'],
    [paths.channelSendlistList, 'sendlist-create', '/sendlist'],
    [paths.channelWelcomeList, 'welcome-create', '/welcomemessage'],
    [paths.channelWelcomeCreate, 'welcome-save', '/tag'],
    [paths.channelMessageCreate, 'message-push-text', '/sendlist'],
    [paths.channelCouponCreate, 'coupon-save', '/qrchannel/channel'],
    [paths.channelNews, 'channel-news', api.news],
    [paths.channelCreate, 'channel-name', api.industries],
    [paths.wifiHome, 'wifi-list-page', api.wifiPages],
    [paths.wifiWelcomeCreate, 'wifi-save', api.wifiCodes],
  ] as const)(
    '%s painted is taken over without an error or a second call',
    async (path, testId, firstCall) => {
      const inChannel = (p: string) => `${p}?channel_id=${channelId}`;
      for (const [options, name] of [
        [PHONE, '375'],
        [DESKTOP, 'desktop'],
      ] as const) {
        // Painted: with scripts off the screen is there, inert.
        const still = await open({ ...options, javaScriptEnabled: false }, inChannel(path));
        await still.page.getByTestId(testId).first().waitFor({ state: 'attached' });
        expect(await inert(still.page), path).toBe(true);
        await still.close();
        // Taken over: no error (a hydration mismatch is one), the first call not asked again.
        const { page, errors, calls, close } = await open(options, inChannel(path));
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => !document.getElementById('app')?.hasAttribute('inert'));
        await page.getByTestId(testId).first().waitFor();
        expect(
          calls.filter((c) => c.endsWith(firstCall)),
          path,
        ).toEqual([]);
        expect(errors, path).toEqual([]);
        if (path === paths.channelMessageCreate || path === paths.wifiHome)
          await screenshot(page, `member-paint-${path.split('/').slice(-2).join('-')}-${name}`);
        await close();
      }
    },
  );

  it('hydrates a painted screen in place: never dropped for its loader and rendered again', async () => {
    const screens = [
      [paths.channelAnalytics, 'channel-analytics-page'],
      [paths.channelHome, 'message-list'],
      [paths.channelUsers, 'follower-list-page'],
      [paths.wifiHome, 'wifi-list-page'],
    ] as const;
    for (const options of [PHONE, DESKTOP]) {
      for (const [path, testId] of screens) {
        const page = await (await memberBrowser(options)).newPage();
        // The painted element, kept once the page is parsed and before any script of the app runs.
        await page.addInitScript((id) => {
          document.addEventListener('readystatechange', () => {
            if (document.readyState !== 'interactive') return;
            (window as unknown as { painted?: Element | null }).painted = document.querySelector(
              `#app [data-testid="${id}"]`,
            );
          });
        }, testId);
        await page.goto(`${server.url}${path}?channel_id=${channelId}`);
        await page.waitForFunction(() => !document.getElementById('app')?.hasAttribute('inert'));
        await page.waitForLoadState('networkidle');
        const kept = await page.evaluate(() => {
          const painted = (window as unknown as { painted?: Element | null }).painted;
          return painted ? painted.isConnected : 'not painted';
        });
        expect(kept, `${path} at ${options.viewport?.width} px`).toBe(true);
        await page.close();
      }
    }
  });

  it('paints the address as the browser has it: the channel its query names, the list an editor edits', async () => {
    const context = await browser.newContext({ ...DESKTOP, storageState: member });
    const setup = await context.newPage();
    await setup.goto(`${server.url}${tagList()}`);
    const second = await apiCall<{ channel: { channel_id: number } }>(setup, 'POST', api.channels, {
      channel_name: 'あおば精肉店',
      channel_user_type: 2,
      industory_id: 1,
      sub_industory_id: 104,
    });
    const secondId = second.channel.channel_id;
    const saved = await apiCall<{ sendlist: { sendlist_id: number } }>(
      setup,
      'POST',
      channelPath.sendlists(secondId),
      { sendlist_name: '精肉の常連', tag_list_1: [], tag_list_2: [] },
    );
    await context.close();
    const editor = `${paths.channelSendlistCreate}?channel_id=${secondId}&sendlist_id=${saved.sendlist.sendlist_id}`;
    for (const options of [PHONE, DESKTOP]) {
      // Painted for the path alone, this was a new list of the member's first channel.
      const still = await open({ ...options, javaScriptEnabled: false }, editor);
      // The list's editor (its save button; the name field is the form's, filled by the app).
      expect(await still.page.getByTestId('sendlist-save').textContent()).toBe('保存する');
      expect(await still.page.locator('#app').textContent()).toContain('あおば精肉店');
      await still.close();
      const { page, errors, calls, close } = await open(options, editor);
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.getElementById('app')?.hasAttribute('inert'));
      expect(await page.getByTestId('sendlist-name').inputValue()).toBe('精肉の常連');
      expect(calls.filter((c) => c === channelPath.sendlist(secondId, saved.sendlist.sendlist_id))).toEqual(
        [],
      );
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('a tap before the app took the page over does nothing; the next one works', async () => {
    const context = await browser.newContext({ ...DESKTOP, storageState: member });
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto(`${server.url}${tagList()}`, { waitUntil: 'commit' });
    const create = page.getByTestId('tag-create');
    const box = await create.boundingBox();
    if (!box) throw new Error('the painted tag list has no create button');
    expect(await inert(page)).toBe(true);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // Nor can a script-driven click reach it: Playwright waits for the page to take events.
    await expect(create.click({ timeout: 500 })).rejects.toThrow();
    expect(await page.getByTestId('tag-name').count()).toBe(0);
    release();
    await page.getByTestId('lang-switch').click();
    await page.getByRole('button', { name: 'Create tag' }).click();
    await page.getByTestId('tag-name').waitFor();
    await context.close();
  });

  it('painted in the other layout (a narrow desktop window), is not shown; the app renders the right one', async () => {
    const context = await browser.newContext({
      ...DESKTOP,
      viewport: { width: 375, height: 812 },
      storageState: member,
    });
    const page = await context.newPage();
    const release = await holdScripts(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${tagList()}`, { waitUntil: 'commit' });
    // The server guessed wide: its screen is in the page, but a wide screen at 375 px is not shown.
    await page.waitForFunction(() => document.querySelector('[data-testid="tag-row"]') !== null);
    await page.waitForFunction(() =>
      Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('/assets/app-')),
    );
    expect(await page.getByTestId('tag-row').first().isVisible()).toBe(false);
    release();
    await page.getByTestId('nav-burger').waitFor();
    await page.getByTestId('tag-row').first().waitFor();
    expect(await page.getByTestId('tag-row').count()).toBe(3);
    expect(await page.locator('#app').getAttribute('data-layout')).toBeNull();
    expect(errors).toEqual([]);
    await page.getByTestId('tag-create').click();
    await page.getByTestId('tag-name').waitFor();
    await context.close();
  });

  it('a stranger gets neither the data nor the answers', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const res = await page.request.get(`${server.url}${tagList()}`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).not.toContain('常連');
    expect(html).not.toContain(MEMBER_PAINT.stateId);
    await context.close();
  });
});
