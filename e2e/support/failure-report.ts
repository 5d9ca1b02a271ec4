import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, Request, Worker } from 'playwright-core';

/**
 * What a failed flow leaves behind to find its cause: for every page still open, its address, what
 * it shows, its last console lines, and the requests it was still waiting for or that failed, in
 * the test output (a CI log keeps nothing else), and a screenshot under e2e/artifacts/failures/;
 * for every service worker the contexts started, its console lines and whether it stopped.
 * A flake that happens once in many runs is then read from the log, not guessed.
 */

const failures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/failures');
const KEPT_LINES = 30;

interface Watched {
  lines: string[];
  pending: Map<Request, number>;
}

const watched = new Map<Page, Watched>();
/** Service workers' lines, kept after they stop: a worker that stopped mid-test is a clue. */
const workers = new Map<Worker, string[]>();

function note(entry: Watched, line: string): void {
  keep(entry.lines, line);
}

function keep(lines: string[], line: string): void {
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (lines.length > KEPT_LINES) lines.shift();
}

function watchWorker(worker: Worker): void {
  const lines: string[] = [];
  workers.set(worker, lines);
  keep(lines, 'started');
  worker.on('console', (message) =>
    keep(lines, `console.${message.type()}: ${message.text().slice(0, 300)}`),
  );
  worker.on('close', () => keep(lines, 'stopped'));
  // A worker's uncaught errors reach no Playwright event: it is asked to say them on its console.
  worker
    .evaluate(() => {
      self.addEventListener('error', (event) => console.error(`uncaught: ${event.message}`));
      self.addEventListener('unhandledrejection', (event) =>
        console.error(`unhandled rejection: ${String(event.reason)}`),
      );
    })
    .catch(() => keep(lines, 'not watched for errors (stopped already)'));
}

function watchPage(page: Page): void {
  const entry: Watched = { lines: [], pending: new Map() };
  watched.set(page, entry);
  page.on('close', () => watched.delete(page));
  page.on('console', (message) => note(entry, `console.${message.type()}: ${message.text().slice(0, 300)}`));
  page.on('pageerror', (error) => note(entry, `pageerror: ${error.message.slice(0, 300)}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(entry, `navigated: ${frame.url()}`);
  });
  page.on('request', (request) => entry.pending.set(request, Date.now()));
  page.on('requestfinished', (request) => entry.pending.delete(request));
  page.on('requestfailed', (request) => {
    entry.pending.delete(request);
    note(entry, `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) note(entry, `answer ${response.status()}: ${response.url()}`);
  });
}

/** Every page of every context this browser opens is watched until it closes. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', watchPage);
    const own: Worker[] = [];
    context.on('serviceworker', (worker) => {
      own.push(worker);
      watchWorker(worker);
    });
    // Closing the context ends its workers, and what they said concerns no later test.
    context.on('close', () => {
      for (const worker of own) workers.delete(worker);
    });
    return context;
  };
  return browser;
}

/** What the page shows: its open dialogs first (a modal hides the page behind it), then its text. */
function shown(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"]')).map(
      // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, not hidden markup.
      (d) => `[dialog] ${(d as HTMLElement).innerText.slice(0, 200)}`,
    );
    const busy = document.getElementById('app')?.hasAttribute('inert') ? ' [#app inert]' : '';
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, not hidden markup.
    return `${document.title}${busy}\n${[...dialogs, document.body.innerText.slice(0, 600)].join('\n')}`;
  });
}

/** Prints each open page's state and saves its screenshot; never throws (the failure is the news). */
export async function reportFailure(testName: string): Promise<void> {
  fs.mkdirSync(failures, { recursive: true });
  const base = testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  let n = 0;
  for (const [page, entry] of watched) {
    n += 1;
    const file = path.join(failures, `${base}-${n}.png`);
    const [text] = await Promise.all([
      shown(page).catch((error: Error) => `(not readable: ${error.message})`),
      page.screenshot({ path: file, timeout: 5000 }).catch(() => undefined),
    ]);
    const waiting = [...entry.pending].map(
      ([request, since]) => `  ${request.method()} ${request.url()} for ${Date.now() - since} ms`,
    );
    console.error(
      [
        `--- page ${n} of the failed test "${testName}": ${page.url()}`,
        text.replace(/\n+/g, '\n  '),
        'last events:',
        ...entry.lines.map((line) => `  ${line}`),
        waiting.length ? 'requests without a finished answer:' : 'no request pending',
        ...waiting,
        `screenshot: ${path.relative(process.cwd(), file)}`,
      ].join('\n'),
    );
  }
  for (const [worker, lines] of workers) {
    console.error([`--- service worker ${worker.url()}:`, ...lines.map((line) => `  ${line}`)].join('\n'));
  }
}
