import fs from 'node:fs';
import type { Browser, CDPSession } from 'playwright-core';
import type { StorageState } from './page-weight';

/**
 * How soon a screen paints on a slow phone: a new context (empty cache) at 375 px with the phone
 * profile applied through the DevTools protocol, then the largest contentful paint once the
 * screen shows and the network is idle. Used by bench/web-weight and the one-round browser test.
 */

/** A mid-range phone on a slow mobile network. */
export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  /** 1.6 Mbps down, 750 kbps up, in bytes per second. */
  downBytesPerSecond: 200_000,
  upBytesPerSecond: 93_750,
};

/** What a phone's browser calls itself (the server picks the phone layout for its first paint by it). */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export interface NetworkProfile {
  cpuSlowdown: number;
  latencyMs: number;
  downBytesPerSecond: number;
  upBytesPerSecond: number;
}

export interface ScriptRequest {
  url: string;
  /** When the request went out and when its response was complete, ms from navigation. */
  sent: number;
  done: number;
}

export interface Paint {
  /** Largest contentful paint, ms from navigation start. */
  lcp: number;
  /** Each candidate of it in turn: when, and which element (the last is the paint). */
  candidates: { time: number; element: string }[];
  /** The page itself (HTML, with what the server painted and answered), as transferred. */
  pageBytes: number;
  /**
   * Rounds of script requests one after another: a script requested only after every script
   * requested before it had arrived starts a new round (modules found by running others).
   */
  rounds: number;
  scripts: ScriptRequest[];
  /** Its stylesheets, which its first paint waits for. */
  styles: ScriptRequest[];
  /** The page's own API calls (fetch/XHR), which start only once the app has booted. */
  calls: ScriptRequest[];
}

/** An API call's path with its query, as the app asked for it. */
const callAddress = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** Applies the profile to a page's DevTools session, with the cache off. */
export async function emulateProfile(cdp: CDPSession, profile: NetworkProfile): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downBytesPerSecond,
    uploadThroughput: profile.upBytesPerSecond,
  });
  if (profile.cpuSlowdown > 1)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}

/** Counts rounds: a request sent after every earlier one finished could not have gone out sooner. */
export function scriptRounds(scripts: ScriptRequest[]): number {
  const sorted = [...scripts].sort((a, b) => a.sent - b.sent);
  let rounds = 0;
  let lastDone = Number.NEGATIVE_INFINITY;
  for (const s of sorted) {
    if (s.sent >= lastDone) rounds++;
    lastDone = Math.max(lastDone, s.done);
  }
  return rounds;
}

export async function paintOnPhone(
  browser: Browser,
  url: string,
  ready: string,
  storageState?: StorageState,
  profile: NetworkProfile = PHONE_PROFILE,
  /** Where to write the page's JavaScript CPU profile (DevTools' .cpuprofile), to see what it ran. */
  cpuProfileFile?: string,
): Promise<Paint> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    locale: 'ja-JP',
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
    storageState,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await emulateProfile(cdp, profile);
    // Request times are in the protocol's monotonic seconds; the document's request is the origin.
    let origin: number | undefined;
    const pending = new Map<string, { url: string; sent: number }>();
    const scripts: ScriptRequest[] = [];
    const calls: ScriptRequest[] = [];
    const callIds = new Set<string>();
    const styleIds = new Set<string>();
    const styles: ScriptRequest[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Document' && origin === undefined) origin = e.timestamp;
      if (e.type === 'Script' || e.type === 'Fetch' || e.type === 'XHR' || e.type === 'Stylesheet')
        pending.set(e.requestId, {
          url:
            e.type === 'Script' || e.type === 'Stylesheet'
              ? new URL(e.request.url).pathname
              : callAddress(e.request.url),
          sent: e.timestamp,
        });
      if (e.type === 'Fetch' || e.type === 'XHR') callIds.add(e.requestId);
      if (e.type === 'Stylesheet') styleIds.add(e.requestId);
    });
    let documentId: string | undefined;
    let pageBytes = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Document' && documentId === undefined) documentId = e.requestId;
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (e.requestId === documentId) pageBytes = e.encodedDataLength;
      const request = pending.get(e.requestId);
      if (!request || origin === undefined) return;
      (callIds.has(e.requestId) ? calls : styleIds.has(e.requestId) ? styles : scripts).push({
        url: request.url,
        sent: (request.sent - origin) * 1000,
        done: (e.timestamp - origin) * 1000,
      });
    });
    if (cpuProfileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { timeout: 60_000 });
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    if (cpuProfileFile) {
      const { profile: taken } = await cdp.send('Profiler.stop');
      fs.writeFileSync(cpuProfileFile, JSON.stringify(taken));
    }
    if (new URL(page.url()).pathname !== new URL(url).pathname)
      throw new Error(`${url} went to ${page.url()}`);
    const candidates = await page.evaluate(
      () =>
        new Promise<{ time: number; element: string }[]>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(
              list.getEntries().map((entry) => {
                const element = (entry as PerformanceEntry & { element?: Element | null }).element;
                const text = element?.textContent?.trim().slice(0, 30) ?? '';
                return {
                  time: entry.startTime,
                  element: element ? `<${element.localName}> ${text}` : '(removed)',
                };
              }),
            );
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          // No entry at all (nothing painted yet) would never call back.
          setTimeout(() => resolve([]), 5_000);
        }),
    );
    const lcp = candidates[candidates.length - 1]?.time ?? Number.NaN;
    return { lcp, candidates, pageBytes, rounds: scriptRounds(scripts), scripts, styles, calls };
  } finally {
    await context.close();
  }
}
