import { api, paths } from '@qrqr/shared/paths';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdScripts, launchChromium, screenshot, takenOver } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { UA } from './support/user-agents';

/**
 * A guest's top page and sign-in arrive rendered: the server writes the screen's HTML,
 * rendered by the real build's ssr/ bundle, into the page, so it shows before any script runs, in
 * the phone layout for a phone; the app then takes it over (hydrates) without a mismatch, and the
 * screen works. A browser whose layout the server guessed wrong gets the screen rendered anew.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent: UA.android,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, userAgent: UA.windows };

/** Opens a page, collecting its script errors and console errors (a hydration mismatch is both). */
async function open(options: BrowserContextOptions, url: string, ready: string) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${server.url}${url}`);
  await page.locator(ready).first().waitFor();
  return { page, errors, close: () => context.close() };
}

/** What the server sent inside #app, before any script. */
async function sentHtml(page: Page): Promise<string> {
  const res = await page.request.get(page.url(), { headers: { accept: 'text/html' } });
  const sent = await res.text();
  return /<div id="app"[^>]*>([\s\S]*)<\/div>(?:<script>[^<]*<\/script>)?\s*<\/body>/.exec(sent)?.[1] ?? '';
}

describe("a guest's first paint", () => {
  it('shows the top page and sign-in with scripts off, in the phone layout and the language asked', async () => {
    for (const [locale, heading] of [
      ['ja-JP', 'ログイン'],
      ['en-US', 'Log in'],
    ] as const) {
      const { page, close } = await open(
        { ...PHONE, javaScriptEnabled: false, locale },
        paths.signin,
        'input[name="password"]',
      );
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
      await expect(page.getByTestId('nav-burger').count()).resolves.toBe(1);
      await screenshot(page, `first-paint-signin-375-${locale}-no-js`);
      await close();
    }
    const { page, close } = await open(
      { ...PHONE, javaScriptEnabled: false, locale: 'ja-JP' },
      paths.home,
      '[data-testid="create-panel"]',
    );
    await expect(page.getByTestId('tab-url').isVisible()).resolves.toBe(true);
    await screenshot(page, 'first-paint-top-375-ja-no-js');
    await close();
    const wide = await open(
      { ...DESKTOP, javaScriptEnabled: false, locale: 'en-US' },
      paths.home,
      '[data-testid="create-panel"]',
    );
    await expect(wide.page.getByTestId('nav-burger').count()).resolves.toBe(0);
    await screenshot(wide.page, 'first-paint-top-desktop-en-no-js');
    await wide.close();
  });

  it('is taken over without a mismatch on a phone and on a desktop, and the screen works', async () => {
    for (const options of [PHONE, DESKTOP]) {
      const { page, errors, close } = await open(
        { ...options, locale: 'ja-JP' },
        paths.home,
        '[data-testid="create-panel"]',
      );
      expect(await sentHtml(page)).toContain('data-testid="create-panel"');
      await page.waitForLoadState('networkidle');
      // Taken over: the tabs answer, which only the app's scripts make them do.
      await page.getByTestId('tab-text').click();
      await expect(page.getByTestId('tab-text').getAttribute('aria-selected')).resolves.toBe('true');
      expect(errors).toEqual([]);
      await close();
    }
    const signin = await open({ ...PHONE, locale: 'ja-JP' }, paths.signin, 'input[name="password"]');
    await signin.page.waitForLoadState('networkidle');
    // The form is the app's: submitting it empty shows the app's field errors, not a page reload.
    await signin.page.getByRole('button', { name: 'ログイン', exact: true }).last().click();
    await signin.page.locator('[aria-invalid="true"]').first().waitFor();
    expect(signin.errors).toEqual([]);
    await signin.close();
  });

  it('shows its Japanese as the app will render it in this engine, before the scripts run', async () => {
    // The server paints a mark between phrases for Firefox and WebKit; Chromium finds the phrases
    // itself, so the page drops them as it is parsed: the first paint breaks lines as the app will.
    const context = await browser.newContext({ ...PHONE, locale: 'ja-JP' });
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto(`${server.url}${paths.signin}`, { waitUntil: 'commit' });
    await page.locator('input[name="password"]').waitFor();
    expect(await sentHtml(page)).toContain('\u200b');
    const shown = await page.locator('#app').textContent();
    expect(shown).toContain('ログイン');
    expect(shown).not.toContain('\u200b');
    release();
    await context.close();
  });

  it('keeps what was typed before the scripts ran', async () => {
    // The app's form would otherwise set each field to its start value as it takes the page over.
    const context = await browser.newContext({ ...PHONE, locale: 'ja-JP' });
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto(`${server.url}${paths.signin}`, { waitUntil: 'commit' });
    await page.locator('input[name="email"]').fill('early@example.test');
    release();
    await takenOver(page);
    await page.locator('input[name="password"]').fill('a-password-1');
    expect(await page.locator('input[name="email"]').inputValue()).toBe('early@example.test');
    await page.getByRole('button', { name: 'ログイン', exact: true }).last().click();
    // Sent as typed: the server's answer (no such account), not the form's "enter your address".
    await page.getByText('E-101').first().waitFor();
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    // What the form shows of a typed value (the URL to be encoded, its bytes) shows it as soon as
    // the app has the form, not at the next keystroke.
    const home = await context.newPage();
    const releaseHome = await holdScripts(home);
    await home.goto(`${server.url}${paths.home}`, { waitUntil: 'commit' });
    const form = home.getByTestId('create-form-url');
    await form.locator('input[name="url"]').fill('example.com/menu');
    releaseHome();
    await takenOver(home);
    await form.getByTestId('encoded-url-value').waitFor();
    expect(await form.getByTestId('encoded-url-value').textContent()).toBe('https://example.com/menu');
    expect(await form.getByTestId('byte-counter').textContent()).toMatch(/^24 \/ 2331/);
    await context.close();
  });

  it('keeps a tap on a form made before the scripts ran, and answers it once they have', async () => {
    // The browser would otherwise send the painted form its own way: a reload with the fields in
    // the address, and no sign of the tap.
    for (const [url, form] of [
      [paths.home, '[data-testid="create-form-url"]'],
      [paths.signin, 'form:has(input[name="password"])'],
    ] as const) {
      const context = await browser.newContext({ ...PHONE, locale: 'ja-JP' });
      const page = await context.newPage();
      const release = await holdScripts(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.url}${url}`, { waitUntil: 'commit' });
      await page.locator(`${form} button[type="submit"]`).click();
      await page.waitForTimeout(300);
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
      release();
      await page.locator(`${form} [aria-invalid="true"]`).first().waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  // A tap while the app takes the page over is seen by the page's script (it holds it) and by React
  // as it hydrates: it must be answered once. Twice would make two codes, or a second one later
  // with whatever was typed since.
  it('answers a tap made while the app takes the page over once, not twice', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'ja-JP' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const release = await holdScripts(page);
    await page.goto(`${server.url}${paths.home}`, { waitUntil: 'commit' });
    const form = page.getByTestId('create-form-url');
    await form.locator('input[name="url"]').fill('https://example.com/one-tap');
    // A slow phone: the app takes long to take the page over, and the tap lands meanwhile.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    release();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    // The tap, from inside the page as soon as the app has begun taking it over (with the CPU
    // slowed 20×, before the form is the app's; a click from outside would wait for it to settle).
    await page.waitForFunction(
      () => {
        const app = document.getElementById('app');
        const form = document.querySelector('[data-testid="create-form-url"]');
        const keys = (el: Element | null) => (el ? Object.keys(el) : []);
        if (!keys(app).some((k) => k.startsWith('__reactContainer$'))) return false;
        form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
        return true;
      },
      undefined,
      { polling: 1 },
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.getByTestId('result-card').waitFor();
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    expect(posts.filter((p) => p === api.qrCreate)).toHaveLength(1);
    expect(await page.getByTestId('history-download').count()).toBe(1);
    await context.close();
  });

  it('a narrow desktop window (guessed wide) gets the phone layout rendered anew, without errors', async () => {
    const { page, errors, close } = await open(
      { viewport: { width: 375, height: 812 }, userAgent: UA.windows, locale: 'ja-JP' },
      paths.home,
      '[data-testid="create-panel"]',
    );
    await page.getByTestId('nav-burger').waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });
});
