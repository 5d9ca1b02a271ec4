import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { remote } from 'webdriverio';
import { onProcessEnd } from '../support/process-end';
import type { EnginePage, OpenOptions } from './engine';
import { CONSOLE_RECORDER, PROBLEM_RECORDER, WARNING_RECORDER } from './problems';

const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * WebKitGTK (Debian's webkit2gtk-driver): WebKitWebDriver serves W3C WebDriver and starts
 * MiniBrowser in automation mode, on an Xvfb of our own, its window sized to the viewport.
 * Each page gets its own Xvfb and driver (the driver takes one session, and the page's language
 * comes from the driver's LANG), and closing the page stops exactly those two processes.
 */
export async function openWebKit({ viewport, locale, warnings }: OpenOptions): Promise<EnginePage> {
  const started: ChildProcess[] = [];
  const stopAll = async () => {
    for (const child of started.reverse()) await stopProcess(child);
  };
  try {
    const display = await startXvfb(started);
    const port = await freePort();
    const posix = `${locale.replace('-', '_')}.UTF-8`;
    const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
      env: {
        ...process.env,
        DISPLAY: display,
        LANG: posix,
        LC_ALL: posix,
        LANGUAGE: locale.slice(0, 2),
        TZ: 'Asia/Tokyo',
        // Xvfb has no GPU, so WebKit's default painting runs Skia on a software OpenGL: painting on
        // the CPU itself took less CPU for the same flow (top-page, three runs each: 27.4–30.0 s
        // against 20.6–27.1 s). Turning compositing off instead left screenshots hanging.
        WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1',
      },
      stdio: 'ignore',
    });
    track(started, driver);
    await waitForPort(port);
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      connectionRetryCount: 1,
      capabilities: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
        'wdio:enforceWebDriverClassic': true,
      } as WebdriverIO.Capabilities,
    });
    await browser.setWindowSize(viewport.width, viewport.height);
    const afterFrames = () =>
      browser.executeAsync((done: () => void) =>
        requestAnimationFrame(() => requestAnimationFrame(() => done())),
      );
    // WebKitWebDriver runs nothing before a page's scripts: the recorders start once it loaded,
    // and what this document recorded is read before leaving it.
    let problems: string[] = [];
    const readProblems = async () => {
      const found = (await browser
        .execute(() => {
          const w = window as unknown as { __flowProblems?: string[] };
          return (w.__flowProblems ?? []).splice(0);
        })
        .catch(() => [])) as string[];
      problems.push(...found);
    };
    const record = () =>
      browser.execute(`${CONSOLE_RECORDER}\n${warnings ? WARNING_RECORDER : ''}\n${PROBLEM_RECORDER}`);
    return {
      engine: 'webkit',
      goto: async (url) => {
        await readProblems();
        await browser.url(url);
        await record();
      },
      url: () => browser.getUrl(),
      click: (selector) =>
        // React may swap the node between finding and clicking it (a re-render after the wait
        // saw it): WebKitWebDriver then answers "stale element", and the node is found again.
        freshElement(async () => {
          const element = await browser.$(selector);
          await element.waitForClickable({ timeout: 10_000 });
          // Scrolled only when not already seen whole and uncovered, as a person would: wdio's
          // wheel scroll towards a button in the last row of a calendar at the page's end moved the
          // page the other way, taking the calendar's field (and so the calendar) out of the window.
          if (!(await browser.execute(seenWhole, element as unknown as HTMLElement)))
            await element.scrollIntoView({ block: 'center' });
          // WebKitWebDriver clicks where the element is when it measures it: a dialog's button
          // still sliding in (Mantine's fade-down, 20 px) got the click on the dialog above it. So
          // it waits, as Playwright and puppeteer do, until the box stays put for two frames.
          await browser.waitUntil(
            () => browser.executeAsync(boxStill, element as unknown as HTMLElement) as Promise<boolean>,
            { timeout: 10_000, interval: 20, timeoutMsg: `${selector} kept moving` },
          );
          await element.click();
        }),
      fill: async (selector, value) => {
        // Typed keys go through the X keyboard map, where 「?」 arrives as 「/」: the text is
        // inserted as an input method would, which fires the same beforeinput and input events.
        const element = await browser.$(selector);
        await element.waitForDisplayed({ timeout: 10_000 });
        await browser.execute(
          (el, text) => {
            const field = el as unknown as HTMLInputElement;
            field.focus();
            if (
              field instanceof HTMLInputElement &&
              !['text', 'search', 'url', 'tel', 'email', 'password', 'number'].includes(field.type)
            ) {
              // A date or time field has no text to select: its value is set as a picker would.
              const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
              setter?.call(field, text);
              field.dispatchEvent(new Event('input', { bubbles: true }));
              field.dispatchEvent(new Event('change', { bubbles: true }));
              return;
            }
            field.select();
            if (text === '') document.execCommand('delete');
            else document.execCommand('insertText', false, text);
          },
          element as unknown as HTMLElement,
          value,
        );
      },
      upload: async (selector, file) => {
        // Straight to Element Send Keys: setValue would clear the (hidden) input first, and
        // WebKitWebDriver refuses to clear what is not shown; choosing a file needs no display.
        const element = await browser.$(selector);
        await element.waitForExist({ timeout: 10_000 });
        await browser.elementSendKeys(await element.elementId, file);
      },
      select: async (selector, value) => {
        await browser.$(selector).selectByAttribute('value', value);
      },
      evaluate: async (fn, arg) => {
        // A document the page moved to by itself (a link, a form) gets the recorders too.
        await record().catch(() => undefined);
        // Classic WebDriver runs a function body: the flow's function is sent as text and awaited.
        const result = await browser.executeAsync(
          `const done = arguments[arguments.length - 1];
           Promise.resolve((${fn.toString()})(arguments[0])).then(
             (value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`,
          arg ?? null,
        );
        const answer = result as { value?: unknown; error?: string };
        if (answer.error) throw new Error(answer.error);
        return answer.value as never;
      },
      screenshotPng: async (fullPage) => {
        await afterFrames();
        if (!fullPage) return png(await browser.takeScreenshot());
        // WebDriver photographs the viewport only: the window grows to the page's height (the
        // screen is tall enough), is photographed, and goes back to the viewport.
        const height = await browser.execute(() => document.documentElement.scrollHeight);
        await browser.setWindowSize(
          viewport.width,
          Math.min(Math.max(height, viewport.height), SCREEN.height),
        );
        await afterFrames();
        try {
          return png(await browser.takeScreenshot());
        } finally {
          await browser.setWindowSize(viewport.width, viewport.height);
        }
      },
      cookies: async () => (await browser.getCookies()).map(({ name, value }) => ({ name, value })),
      problems: async () => {
        await readProblems();
        const found = problems;
        problems = [];
        return found;
      },
      close: async () => {
        await browser.deleteSession().catch(() => undefined);
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

const png = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

/** Whether the element lies wholly inside the window with nothing over its centre (runs in the page). */
function seenWhole(element: HTMLElement): boolean {
  const r = element.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && (hit === element || element.contains(hit));
}

/** Answers whether the element's box is the same two frames later (runs in the page). */
function boxStill(element: HTMLElement, done: (still: boolean) => void): void {
  const box = () => {
    const r = element.getBoundingClientRect();
    return `${r.x},${r.y},${r.width},${r.height}`;
  };
  const before = box();
  requestAnimationFrame(() => requestAnimationFrame(() => done(box() === before)));
}

/** The X screen: wider and taller than any viewport, so a window can grow to a whole page. */
const SCREEN = { width: 1600, height: 6000 };

/** An Xvfb on the first free display number from :90, its screen taller than any page. */
async function startXvfb(started: ChildProcess[]): Promise<string> {
  for (let n = 90; n < 190; n++) {
    if (fs.existsSync(`/tmp/.X${n}-lock`) || fs.existsSync(`/tmp/.X11-unix/X${n}`)) continue;
    const xvfb = spawn(
      'Xvfb',
      [`:${n}`, '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'],
      {
        stdio: 'ignore',
      },
    );
    track(started, xvfb);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (xvfb.exitCode !== null) break; // another suite took the number first: try the next
      if (fs.existsSync(`/tmp/.X11-unix/X${n}`)) return `:${n}`;
      await new Promise((r) => setTimeout(r, 50));
    }
    started.pop();
    await stopProcess(xvfb);
  }
  throw new Error('no free X display for Xvfb');
}

/** Every process a page started, ended when this process ends even if a flow crashed first. */
const running = new Set<ChildProcess>();
onProcessEnd(() => {
  for (const child of running) child.kill('SIGKILL');
});
function track(started: ChildProcess[], child: ChildProcess): void {
  started.push(child);
  running.add(child);
  child.once('exit', () => running.delete(child));
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`WebKitWebDriver did not listen on ${port}`);
}

/** Runs `act` again (twice at most) when the element it found was replaced in between. */
async function freshElement<T>(act: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await act();
    } catch (error) {
      if (attempt >= 2 || !/stale element/i.test(String(error))) throw error;
    }
  }
}
