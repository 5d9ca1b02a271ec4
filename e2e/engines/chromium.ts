import { launchChromium } from '../support/browser';
import type { EnginePage, OpenOptions } from './engine';
import { PROBLEM_RECORDER } from './problems';

/** Debian's Chromium through playwright-core, as the Chromium-only suite drives it. */
export async function openChromium({ viewport, locale, warnings }: OpenOptions): Promise<EnginePage> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport, locale, timezoneId: 'Asia/Tokyo' });
    await context.addInitScript(PROBLEM_RECORDER);
    const page = await context.newPage();
    let problems: string[] = [];
    page.on('console', (message) => {
      const kind =
        message.type() === 'error' ? 'error' : warnings && message.type() === 'warning' ? 'warning' : '';
      if (kind)
        problems.push(`console ${kind}: ${message.text()} (${message.location().url ?? 'no address'})`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));
    return {
      engine: 'chromium',
      goto: async (url) => {
        await page.goto(url);
      },
      url: async () => page.url(),
      click: (selector) => page.locator(selector).first().click(),
      fill: (selector, value) => page.locator(selector).first().fill(value),
      upload: (selector, file) => page.locator(selector).first().setInputFiles(file),
      select: async (selector, value) => {
        await page.locator(selector).first().selectOption(value);
      },
      evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
      screenshotPng: async (fullPage) => new Uint8Array(await page.screenshot({ fullPage })),
      cookies: async () => (await context.cookies()).map(({ name, value }) => ({ name, value })),
      problems: async () => {
        const found = problems;
        problems = [];
        return found;
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
