import puppeteer, { type Browser } from 'puppeteer-core';
import { onProcessEnd } from '../support/process-end';
import type { EnginePage, OpenOptions } from './engine';
import { PROBLEM_RECORDER } from './problems';

/**
 * Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi (no geckodriver).
 * The language is a preference of the profile, so the test process keeps one Firefox per language
 * and gives each page a browser context of its own (its own cookies and storage): a launch cost
 * about 3.7 s of CPU. The time zone comes from TZ.
 */
export async function openFirefox({ viewport, locale, warnings }: OpenOptions): Promise<EnginePage> {
  const context = await (await firefoxIn(locale)).createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(viewport);
    await page.evaluateOnNewDocument(PROBLEM_RECORDER);
    let problems: string[] = [];
    // An error passed to console.error arrives as a handle: its stack is read from the page.
    const pending: Promise<void>[] = [];
    page.on('console', (message) => {
      const kind =
        message.type() === 'error' ? 'error' : warnings && message.type() === 'warn' ? 'warning' : '';
      if (!kind) return;
      const where = message.location().url ?? 'no address';
      pending.push(
        Promise.all(
          message
            .args()
            .map((arg) =>
              arg
                .evaluate((v) => (v instanceof Error ? (v.stack ?? v.message) : String(v)))
                .catch(() => arg.toString()),
            ),
        ).then(
          (parts) => {
            problems.push(`console ${kind}: ${parts.join(' ') || message.text()} (${where})`);
          },
          () => {
            problems.push(`console ${kind}: ${message.text()} (${where})`);
          },
        ),
      );
    });
    page.on('pageerror', (error) =>
      problems.push(`uncaught: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    );
    return {
      engine: 'firefox',
      goto: async (url) => {
        await page.goto(url, { waitUntil: 'load' });
      },
      url: async () => page.url(),
      click: async (selector) => {
        await page.locator(selector).click();
      },
      fill: async (selector, value) => {
        const input = await page.waitForSelector(selector);
        if (!input) throw new Error(`no ${selector}`);
        const typed = await input.evaluate(
          (el) =>
            !(el instanceof HTMLInputElement) ||
            ['text', 'search', 'url', 'tel', 'email', 'password', 'number'].includes(el.type),
        );
        if (typed) {
          await page.locator(selector).fill(value);
          return;
        }
        // A date or time field: puppeteer sets its value through the element itself, which
        // React's value tracker takes for its own write and ignores. The value is set as the
        // picker would (the prototype's setter), then input and change fire.
        await input.evaluate((el, text) => {
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          setter?.call(el, text);
          el.dispatchEvent(new Event('input', { bubbles: true }));
          el.dispatchEvent(new Event('change', { bubbles: true }));
        }, value);
      },
      upload: async (selector, file) => {
        const input = await page.waitForSelector(selector);
        if (!input) throw new Error(`no ${selector}`);
        await (input as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(file);
      },
      select: async (selector, value) => {
        await page.select(selector, value);
      },
      evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
      screenshotPng: async (fullPage) => new Uint8Array(await page.screenshot({ fullPage })),
      cookies: async () => (await context.cookies()).map(({ name, value }) => ({ name, value })),
      problems: async () => {
        await Promise.all(pending.splice(0));
        const found = problems;
        problems = [];
        return found;
      },
      close: () => context.close(),
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}

const browsers = new Map<string, Promise<Browser>>();

/** The test process's Firefox for one language, launched when first asked (again if it closed). */
async function firefoxIn(locale: OpenOptions['locale']): Promise<Browser> {
  const running = await browsers.get(locale)?.catch(() => undefined);
  if (running?.connected) return running;
  const lang = locale.slice(0, 2);
  const launched = puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    env: { ...process.env, TZ: 'Asia/Tokyo' },
    extraPrefsFirefox: {
      'intl.accept_languages': `${locale},${lang}`,
      'intl.locale.requested': locale,
      // No add-on is looked for or started, the built-in ones included: a launch took 4.5 -> 3.7 s
      // of CPU.
      'extensions.enabledScopes': 0,
    },
  });
  browsers.set(locale, launched);
  const browser = await launched;
  onProcessEnd(() => browser.process()?.kill('SIGKILL'));
  return browser;
}
