import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { watchBrowser } from './failure-report';
import { photosWanted } from './photos';

const support = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.resolve(support, '../artifacts');

/**
 * Which Chromium a file runs on. The headless shell is the same Chromium without the desktop
 * browser around it, and much cheaper to drive (`chromium.sh`); but it answers every page's
 * notification permission with 'denied', so there the reader offers no Web Push. The files about
 * notifications take the full browser, headless.
 */
export type ChromiumBuild = 'shell' | 'full';

/**
 * Debian's Chromium, the headless shell unless `build` says 'full' (or $CHROMIUM_PATH and
 * $CHROMIUM_FULL_PATH, `chromium.sh`); never a downloaded browser. `extraArgs` adds flags (a fake
 * camera), and then the browser is the caller's own; without, it is a lease of the test process's
 * shared Chromium of that build: `close()` closes the contexts opened through the lease and leaves
 * the browser for the next file (a launch cost about a second of CPU, and contexts share nothing).
 * Its pages are watched, so a failed test reports what they showed (failure-report.ts).
 */
export async function launchChromium(
  extraArgs: string[] = [],
  build: ChromiumBuild = 'shell',
): Promise<Browser> {
  if (extraArgs.length > 0) return watchBrowser(await startChromium(extraArgs, build));
  let browser = shared.get(build);
  if (!browser?.isConnected()) {
    browser = watchBrowser(await startChromium([], build));
    shared.set(build, browser);
  }
  return lease(browser);
}

const shared = new Map<ChromiumBuild, Browser>();

function startChromium(extraArgs: string[], build: ChromiumBuild): Promise<Browser> {
  return chromium.launch({
    // It joins our feature list to Playwright's (Chromium keeps only the last one given).
    executablePath: path.join(support, 'chromium.sh'),
    env:
      build === 'full'
        ? { ...process.env, CHROMIUM_PATH: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium' }
        : process.env,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      // The full browser, headless, still preloads the address bar's two popups, each a page of
      // Chromium's own in a renderer of its own: about a second of CPU for every new context. No
      // test has an address bar to type in; the shell has none.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ...baselineJit(),
      ...extraArgs,
    ],
  });
}

/**
 * With E2E_JIT=baseline (the flows of both vitest configs), V8 compiles no further than Sparkplug. The
 * flows check what happens, not how fast: their pages live for seconds, and Maglev and TurboFan
 * spent CPU optimizing code that ran a few times more (six flow files, five alternating runs:
 * 12 % less CPU, 4 runs of 5 lower). The files that measure paint keep the whole JIT a phone has.
 */
function baselineJit(): string[] {
  return process.env.E2E_JIT === 'baseline' ? ['--js-flags=--max-opt=1'] : [];
}

/** The shared browser as one file sees it: its own contexts, closed by `close()`. */
function lease(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    contexts.add(context);
    context.on('close', () => contexts.delete(context));
    return context;
  };
  const own: Partial<Browser> = {
    newContext: async (...args) => track(await browser.newContext(...args)),
    newPage: async (...args) => {
      const context = track(await browser.newContext(...args));
      const page = await context.newPage();
      // As Playwright's own newPage: the page's context closes with it.
      page.once('close', () => void context.close().catch(() => undefined));
      return page;
    },
    contexts: () => [...contexts],
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
    },
  };
  return new Proxy(browser, {
    get(target, key) {
      if (key in own) return own[key as keyof Browser];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The README's pictures of the product: the top of the window, in
 * e2e/artifacts/readme/, which `npm run docs:screenshots` copies to docs/screenshots/. Taken by
 * the flows that reach these screens anyway, so the pictures show the product as it is tested.
 */
export async function readmeShot(page: Page, name: string): Promise<void> {
  const dir = path.join(artifacts, 'readme');
  fs.mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  if (photosWanted) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * Saves a screenshot under e2e/artifacts/ for a person to look at: the full page, or only the
 * window when a dialog is open (a full-page photo would stretch the page behind the overlay).
 * Unless photos are off (`photos.ts`); the page is scrolled to the top either way.
 */
export async function screenshot(page: Page, name: string, options = { fullPage: true }): Promise<string> {
  fs.mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  // A full-page photo keeps sticky parts (the header) where the viewport was: start from the top.
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  if (photosWanted) await page.screenshot({ path: file, fullPage: options.fullPage });
  return file;
}

/** axe's minified build: the same library as `axe.source`, half the bytes to send and parse. */
let axeMin: string | undefined;
function axeSource(): string {
  axeMin ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeMin;
}

/**
 * axe violations of impact serious or critical, as short readable lines (empty when clean), once
 * the screen has stopped moving (a dialog still fading in fails contrast).
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await finiteAnimationsDone(page);
  // axe is put into the page once per document, and asked for its violations only: a run through
  // its Playwright wrapper injected the whole library every time and carried every passed check's
  // nodes back to the test, twice the work for the same findings.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * Waits for the screen to settle, photographs it and expects no serious or critical axe finding.
 * While it looks, transitions are off: one starting meanwhile (a notification closing by itself on
 * a slow machine) jumps to its end instead of leaving a half-transparent text for axe to measure.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const noTransitions = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  try {
    await finiteAnimationsDone(page);
    await screenshot(page, name);
    expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
  } finally {
    await noTransitions.evaluate((style) => (style as Element).remove()).catch(() => undefined);
  }
}

/**
 * Waits until no finite animation or transition has run for three frames in a row (a dialog or a
 * notification fading in is half transparent, and axe would measure its contrast mid-fade; Mantine
 * starts a transition a frame after it mounts, hence more than one quiet frame). Endless ones
 * (loaders) are ignored. After 5 s it goes on, and axe says what it sees.
 */
export async function finiteAnimationsDone(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const deadline = performance.now() + 5000;
        let quiet = 0;
        const look = () => {
          const moving = document
            .getAnimations()
            .some(
              (a) =>
                a.playState === 'running' &&
                a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            );
          quiet = moving ? 0 : quiet + 1;
          if (quiet >= 3 || performance.now() > deadline) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
}

/** The newest link in the dev mailbox whose address contains `pathPart`. */
export async function linkFromMailbox(page: Page, baseUrl: string, pathPart: string): Promise<string> {
  await page.goto(`${baseUrl}/dev/mailbox`);
  const href = await page.locator(`a[href*="${pathPart}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no mail with a link to ${pathPart}`);
  return href;
}

/**
 * Waits until the app has taken over a page the server painted (apps/web/src/lib/painted-page.ts):
 * released (not inert) and no longer marked with the layout it was painted in. Needed before what
 * skips Playwright's own waits for a visible, enabled element: an action with `force: true`, and a
 * count, a text or a box read right after a page load. A screen painted in the other layout (the
 * server guessed a wide screen from a desktop user agent at 375 px) stays in the page, hidden,
 * until the app has rendered its own, and such reads would count and measure the hidden one.
 */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const app = document.getElementById('app');
    return !app?.hasAttribute('inert') && !app?.hasAttribute('data-layout');
  });
}

/**
 * Holds every script of the page's own build until `release` is called: the moment between a
 * server-painted page showing and the app taking it over, made as long as a test needs.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
