/**
 * One page in one browser engine, whichever drives it: the cross-engine flows (engines/flows/) are
 * written once against this and run in Chromium (playwright-core), Firefox (puppeteer-core over
 * WebDriver BiDi) and WebKit (webdriverio against WebKitGTK's WebKitWebDriver). Selectors are CSS;
 * text is found with `clickText`/`waitForText`, which look at what the page shows, not at markup.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export interface Viewport {
  width: number;
  height: number;
}

/** The phone the flows use (an iPhone 12–15 size) and a computer. */
export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

export interface OpenOptions {
  viewport: Viewport;
  /** The visitor's language: the browser's Accept-Language and navigator.language. */
  locale: 'ja-JP' | 'en-US';
  /** Console warnings count as problems too (`problems()`), not only errors. */
  warnings?: boolean;
}

export interface Cookie {
  name: string;
  value: string;
}

export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /** The address shown now. */
  url(): Promise<string>;
  /** Clicks the first element matching a CSS selector, as a pointer would. */
  click(selector: string): Promise<void>;
  /** Replaces the value of an input or textarea as typing would (input events fire). */
  fill(selector: string, value: string): Promise<void>;
  /** Chooses a local file in an <input type=file>. */
  upload(selector: string, file: string): Promise<void>;
  /** Chooses an <option> of a <select> by value. */
  select(selector: string, value: string): Promise<void>;
  /** Runs a function in the page; `arg` must be JSON. */
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<Awaited<T>>;
  /** A PNG of the viewport, or of the whole page when `fullPage`. */
  screenshotPng(fullPage: boolean): Promise<Uint8Array>;
  cookies(): Promise<Cookie[]>;
  /**
   * What went wrong in the page since the last call, and forgets it: console errors (and
   * warnings, when opened with `warnings`), uncaught errors, unhandled rejections and
   * Content-Security-Policy violations (engines/problems.ts).
   */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

export async function openPage(engine: EngineName, options: OpenOptions): Promise<EnginePage> {
  switch (engine) {
    case 'chromium':
      return (await import('./chromium')).openChromium(options);
    case 'firefox':
      return (await import('./firefox')).openFirefox(options);
    case 'webkit':
      return (await import('./webkit')).openWebKit(options);
  }
}

/** The engine a flow file runs in: each vitest project (vitest.engines.config.ts) sets E2E_ENGINE. */
export function currentEngine(): EngineName {
  const name = process.env.E2E_ENGINE ?? 'chromium';
  if (!(ENGINES as readonly string[]).includes(name)) throw new Error(`unknown E2E_ENGINE ${name}`);
  return name as EngineName;
}
