import type { Browser, BrowserContext } from 'playwright-core';

/**
 * What a first visit to one page transfers, measured in Chromium through the DevTools protocol:
 * an empty cache at 375 px, bytes that crossed the wire (headers plus compressed bodies, as
 * DevTools' "transferred") of JavaScript and CSS until the screen shows and the network is idle.
 * Used by bench/web-weight and the first-visit browser test.
 */

export interface PageCase {
  path: string;
  label: string;
  /** Compressed JavaScript the page may load for its first paint. */
  jsBudget: number;
  /** Shown once the screen has rendered (its code and data have arrived). */
  ready: string;
  signedIn?: boolean;
}

export interface Weight {
  files: { url: string; bytes: number }[];
  jsBytes: number;
  jsCount: number;
  cssBytes: number;
  cssCount: number;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export async function measure(
  browser: Browser,
  c: PageCase,
  url: string,
  storageState?: StorageState,
): Promise<Weight> {
  // A new context per page: an empty cache, as on a first visit.
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    locale: 'ja-JP',
    storageState,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const kinds = new Map<string, 'js' | 'css'>();
  const urls = new Map<string, string>();
  const weight: Weight = { files: [], jsBytes: 0, jsCount: 0, cssBytes: 0, cssCount: 0 };
  cdp.on('Network.responseReceived', (e) => {
    urls.set(e.requestId, new URL(e.response.url).pathname);
    if (e.type === 'Script') kinds.set(e.requestId, 'js');
    else if (e.type === 'Stylesheet') kinds.set(e.requestId, 'css');
  });
  cdp.on('Network.loadingFinished', (e) => {
    const kind = kinds.get(e.requestId);
    if (kind) weight.files.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength });
    if (kind === 'js') {
      weight.jsBytes += e.encodedDataLength;
      weight.jsCount++;
    } else if (kind === 'css') {
      weight.cssBytes += e.encodedDataLength;
      weight.cssCount++;
    }
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url);
  // On a busy machine the network can fall idle while the entry still runs: wait for the screen.
  await page.locator(c.ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  // A guest sent to sign-in would measure the wrong page.
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} went to ${page.url()}`);
  await context.close();
  return weight;
}
