import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { type ChromiumBuild, launchChromium } from './browser';
import { type RunningServer, serverWith } from './server';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export interface Session {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the browser and stops the server (a shared one goes on for the next file). */
  stop(): Promise<void>;
}

/**
 * The real server and one Chromium page on it as a Japanese visitor sees it (language and Tokyo
 * time), desktop size unless `options` say otherwise. `serverEnv` adds settings of the server,
 * which then is the file's own; without, the file uses the test process's shared server. The page
 * is the headless shell's unless `chromium` asks for the full browser (`ChromiumBuild`).
 */
export async function startSession(
  options: BrowserContextOptions = {},
  serverEnv: Record<string, string> = {},
  chromium: ChromiumBuild = 'shell',
): Promise<Session> {
  const server = await serverWith(serverEnv);
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await server.stop();
  };
  try {
    browser = await launchChromium([], chromium);
    const context = await browser.newContext({
      viewport: DESKTOP,
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      ...options,
    });
    return { server, browser, context, page: await context.newPage(), stop };
  } catch (error) {
    // A half-started session would leave the server running after the file.
    await stop();
    throw error;
  }
}
