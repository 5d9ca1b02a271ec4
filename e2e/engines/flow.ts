import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callFromPage } from '../support/api-call';
import { photosWanted } from '../support/photos';
import { type RunningServer, serverWith } from '../support/server';
import { currentEngine, type EngineName, type EnginePage, type OpenOptions, openPage } from './engine';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/engines');

/** How long a wait polls before it fails: a screen's lazy chunk on a loaded 2-core machine. */
const WAIT_MS = 15_000;

/**
 * A page of the flow's engine with the waits a flow needs, all built on `evaluate`, so they behave
 * the same in every engine.
 */
export class FlowPage {
  constructor(
    readonly raw: EnginePage,
    readonly baseUrl: string,
    readonly label: string,
  ) {}

  get engine(): EngineName {
    return this.raw.engine;
  }

  /** Opens a path of the server (or a full address). */
  async goto(pathOrUrl: string): Promise<void> {
    await this.gatherProblems();
    await this.raw.goto(pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`);
  }

  /** Polls `fn` in the page until it returns a truthy value, and returns it. */
  async waitUntil<T, A = undefined>(what: string, fn: (arg: A) => T, arg?: A, timeout = WAIT_MS): Promise<T> {
    const deadline = Date.now() + timeout;
    let lastError: unknown;
    while (Date.now() < deadline) {
      try {
        const value = (await this.raw.evaluate(fn, arg)) as T;
        if (value) return value;
      } catch (error) {
        // A navigation in between destroys the context: try again.
        lastError = error;
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    // What the page showed instead, for the person reading the failure.
    const photo = await this.photo(`timeout-${Date.now()}`, false).catch(() => 'no photo');
    throw new Error(
      `${this.engine}: timed out waiting for ${what}${lastError ? ` (${String(lastError)})` : ''} (page: ${photo})`,
    );
  }

  /** Waits for a visible element matching `selector`. */
  waitFor(selector: string): Promise<boolean> {
    return this.waitUntil(
      `visible ${selector}`,
      (s) => Array.from(document.querySelectorAll<HTMLElement>(s)).some((e) => isShown(e)),
      selector,
    );
  }

  /** Waits until no element matching `selector` is visible. */
  waitForGone(selector: string): Promise<boolean> {
    return this.waitUntil(
      `no visible ${selector}`,
      (s) => !Array.from(document.querySelectorAll<HTMLElement>(s)).some((e) => isShown(e)),
      selector,
    );
  }

  /** Waits until the page shows `text` (whitespace and zero-width spaces ignored). */
  waitForText(text: string, within = 'body'): Promise<boolean> {
    return this.waitUntil(
      `text 「${text}」 in ${within}`,
      ({ text, within }) =>
        Array.from(document.querySelectorAll<HTMLElement>(within)).some(
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown is what a flow looks for
          (e) => isShown(e) && normalize(e.innerText).includes(normalize(text)),
        ),
      { text, within },
    );
  }

  /** Waits until the address matches. */
  async waitForUrl(pattern: RegExp): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const url = await this.raw.url().catch(() => '');
      if (pattern.test(url)) return url;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`${this.engine}: address never matched ${pattern} (at ${await this.raw.url()})`);
  }

  /** The trimmed text of the first element matching `selector` ('' when there is none). */
  text(selector: string): Promise<string> {
    return this.raw.evaluate(
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown is what a flow looks for
      (s) => normalize(document.querySelector<HTMLElement>(s)?.innerText ?? ''),
      selector,
    );
  }

  /**
   * Clicks the innermost visible element matching `selector` whose text contains `text`: the
   * element is marked, then clicked through the engine, as a pointer would.
   */
  async clickText(
    text: string,
    selector = 'button, a, [role="tab"], [role="menuitem"], label',
  ): Promise<void> {
    await this.waitUntil(
      `a clickable 「${text}」`,
      ({ text, selector }) => {
        for (const old of Array.from(document.querySelectorAll('[data-flow-target]')))
          old.removeAttribute('data-flow-target');
        const hit = Array.from(document.querySelectorAll<HTMLElement>(selector)).find(
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown is what a flow looks for
          (e) => isShown(e) && normalize(e.innerText).includes(normalize(text)),
        );
        hit?.setAttribute('data-flow-target', '1');
        return Boolean(hit);
      },
      { text, selector },
    );
    await this.raw.click('[data-flow-target]');
  }

  async click(selector: string): Promise<void> {
    await this.waitFor(selector);
    await this.raw.click(selector);
  }

  /** Types `value` into a field, and checks the field holds exactly that afterwards. */
  async fill(selector: string, value: string): Promise<void> {
    await this.waitFor(selector);
    await this.raw.fill(selector, value);
    const held = await this.raw.evaluate((s) => document.querySelector<HTMLInputElement>(s)?.value, selector);
    if (held !== value) throw new Error(`${this.engine}: ${selector} holds 「${held}」, not 「${value}」`);
  }

  /** Chooses the option at `index` of a <select> (its value read first). */
  async selectIndex(selector: string, index: number): Promise<void> {
    await this.waitFor(selector);
    const value = await this.waitUntil(
      `option ${index} of ${selector}`,
      ({ selector, index }) =>
        document.querySelector<HTMLSelectElement>(selector)?.options[index]?.value ?? '',
      { selector, index },
    );
    await this.raw.select(selector, value);
  }

  /**
   * Photographs the page as e2e/artifacts/engines/<engine>/<name>-<label>.png, unless photos are
   * off (`support/photos.ts`); it waits for the page and scrolls to the top either way.
   */
  async shot(name: string, fullPage = true): Promise<void> {
    // Loaded, fonts and pictures drawn first; the page from its top, so sticky parts stay where
    // they belong.
    await this.waitUntil('the page loaded', () => document.readyState === 'complete');
    await this.raw.evaluate(async () => {
      await document.fonts.ready;
      window.scrollTo(0, 0);
    });
    if (photosWanted) await this.photo(name, fullPage);
  }

  /** Writes the screenshot as it is now, without waiting for anything. */
  private async photo(name: string, fullPage: boolean): Promise<string> {
    const dir = path.join(artifacts, this.engine);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}-${this.label}.png`);
    fs.writeFileSync(file, await this.raw.screenshotPng(fullPage));
    return file;
  }

  /** How far the page is wider than the window (0 when nothing sticks out sideways). */
  horizontalOverflow(): Promise<number> {
    return this.raw.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /** Fetches an address with the page's cookies and returns the body as bytes. */
  async fetchBytes(url: string): Promise<Uint8Array> {
    const base64 = await this.raw.evaluate(async (u) => {
      const res = await fetch(u, { credentials: 'include' });
      if (!res.ok) throw new Error(`${u}: ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...Array.from(bytes.subarray(i, i + 0x8000)));
      return btoa(binary);
    }, url);
    return new Uint8Array(Buffer.from(base64, 'base64'));
  }

  /**
   * Calls the API from inside the page as the web app does (session cookie, CSRF token,
   * X-Requested-With): for setting up data whose screens another flow covers.
   */
  api<T = unknown>(method: string, apiPath: string, body?: unknown): Promise<T> {
    return this.raw.evaluate(callFromPage, { method, path: apiPath, body }) as Promise<T>;
  }

  /** The newest link in the dev mailbox whose address contains `pathPart`. */
  async mailedLink(pathPart: string): Promise<string> {
    await this.goto('/dev/mailbox');
    return this.waitUntil(
      `a mailed link to ${pathPart}`,
      (part) => document.querySelector<HTMLAnchorElement>(`a[href*="${part}"]`)?.href ?? '',
      pathPart,
    );
  }

  /**
   * Signs a new member up through the screens: address, mailed link, activation; ends where the
   * activation leads (`landsOn`: the completion page, or what an invitation waiting for them shows).
   */
  async signUp(
    member: { email: string; userName: string; password: string },
    landsOn = /\/auth\/qrqrid\/activate\/complete/,
  ): Promise<void> {
    await this.goto('/auth/qrqrid/signup');
    await this.fill('input[name="email"]', member.email);
    await this.click('button[type="submit"]');
    await this.waitForUrl(/\/auth\/qrqrid\/signup\/sent/);
    await this.goto(await this.mailedLink('/auth/qrqrid/activate?'));
    await this.fill('input[name="user_name"]', member.userName);
    await this.fill('input[name="password"]', member.password);
    await this.fill('input[name="password_confirmation"]', member.password);
    await this.click('button[type="submit"]');
    await this.waitForUrl(landsOn);
  }

  private readonly found: string[] = [];
  private readonly expectedFailures: { status: number; address: RegExp }[] = [];

  /**
   * The next answer of `status` for an address matching `address` is what the flow is after (a
   * wrong password, a channel that does not exist): Chromium logs every failed load as a console
   * error, which is then no problem of the page.
   */
  expectFailedLoad(status: number, address: RegExp): void {
    this.expectedFailures.push({ status, address });
  }

  private expected(problem: string): boolean {
    const failed = /Failed to load resource: the server responded with a status of (\d+) .*\((\S+)\)$/.exec(
      problem,
    );
    if (!failed) return false;
    const i = this.expectedFailures.findIndex(
      ({ status, address }) => status === Number(failed[1]) && address.test(failed[2] ?? ''),
    );
    if (i >= 0) this.expectedFailures.splice(i, 1);
    return i >= 0;
  }

  /**
   * Takes what the page reported as going wrong (engine.ts `problems`) and a tab title or an
   * attribute with a zero-width space into `found`; called before each address and when the page closes.
   */
  async gatherProblems(): Promise<void> {
    if (this.closed) return;
    const problems = await this.raw.problems();
    const where = await this.raw
      .evaluate(() => ({
        url: location.pathname + location.search,
        title: document.title,
        // An attribute (a label read out, a placeholder, a tooltip) holds the text as written.
        marked: Array.from(document.querySelectorAll('*')).flatMap((e) =>
          Array.from(e.attributes)
            .filter((a) => a.value.includes('\u200b'))
            .map((a) => `<${e.tagName.toLowerCase()} ${a.name}=${JSON.stringify(a.value)}>`),
        ),
      }))
      .catch(() => ({ url: '?', title: '', marked: [] as string[] }));
    if (where.title.includes('\u200b'))
      problems.push(`document.title holds U+200B: ${JSON.stringify(where.title)}`);
    for (const attribute of where.marked.slice(0, 5))
      problems.push(`an attribute holds U+200B: ${attribute}`);
    for (const problem of problems.filter((p) => !this.expected(p)))
      this.found.push(`${this.engine} ${this.label} ${where.url}: ${problem}`);
  }

  /** Everything gathered so far. */
  get problems(): readonly string[] {
    return this.found;
  }

  private closed = false;
  async close(): Promise<void> {
    if (this.closed) return;
    await this.gatherProblems().catch((error) => this.found.push(`${this.label}: ${String(error)}`));
    this.closed = true;
    await this.raw.close();
  }
}

/**
 * The helpers the waits use inside the page, defined there once per document (evaluate sends
 * functions as text, so they cannot close over anything of this file).
 */
declare global {
  function isShown(element: HTMLElement): boolean;
  function normalize(text: string): string;
}
const PAGE_HELPERS = `
  globalThis.isShown = (e) => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    // Inside a page the app has not taken over yet (inert), nothing can be used: wait for it.
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !e.closest('[inert]');
  };
  globalThis.normalize = (t) => t.replace(/[\\u200b\\u00ad]/g, '').replace(/\\s+/g, ' ').trim();
`;

/** A page of `engine` with the flows' waits, outside a flow (the benchmarks). */
export async function openFlowPage(
  engine: EngineName,
  baseUrl: string,
  label: string,
  options: OpenOptions,
): Promise<FlowPage> {
  return new FlowPage(new HelpedPage(await openPage(engine, options)), baseUrl, label);
}

class HelpedPage implements EnginePage {
  constructor(private readonly inner: EnginePage) {}
  get engine() {
    return this.inner.engine;
  }
  goto = (url: string) => this.inner.goto(url);
  url = () => this.inner.url();
  click = (s: string) => this.inner.click(s);
  fill = (s: string, v: string) => this.inner.fill(s, v);
  upload = (s: string, f: string) => this.inner.upload(s, f);
  select = (s: string, v: string) => this.inner.select(s, v);
  screenshotPng = (full: boolean) => this.inner.screenshotPng(full);
  cookies = () => this.inner.cookies();
  problems = () => this.inner.problems();
  close = () => this.inner.close();
  async evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<Awaited<T>> {
    // The helpers are defined before the function runs, in whatever document is open now.
    const wrapped = new Function('arg', `${PAGE_HELPERS}; return (${fn.toString()})(arg);`) as (
      arg: A,
    ) => T | Promise<T>;
    return this.inner.evaluate(wrapped, arg);
  }
}

export interface Flow {
  engine: EngineName;
  server: RunningServer;
  /** Opens a new browser of the flow's engine; `label` names its screenshots (e.g. ja-phone). */
  open(label: string, options: OpenOptions): Promise<FlowPage>;
  /**
   * Closes every browser the flow opened and stops its server; then fails when any page logged
   * a console error, an uncaught error, an unhandled rejection or a CSP violation, or showed a
   * zero-width space in its tab title.
   */
  stop(): Promise<void>;
}

/**
 * The real server (SQLite, mail in the outbox) and browsers of the engine this run is for: the
 * test process's shared server, or one of the file's own when `serverEnv` sets anything.
 */
export async function startFlow(serverEnv: Record<string, string> = {}): Promise<Flow> {
  const engine = currentEngine();
  const server = await serverWith(serverEnv);
  const pages: FlowPage[] = [];
  return {
    engine,
    server,
    async open(label, options) {
      const page = new FlowPage(new HelpedPage(await openPage(engine, options)), server.url, label);
      pages.push(page);
      return page;
    },
    async stop() {
      for (const page of pages) await page.close().catch(() => undefined);
      await server.stop();
      const problems = pages.flatMap((page) => page.problems);
      if (problems.length > 0) throw new Error(`the pages reported problems:\n${problems.join('\n')}`);
    },
  };
}
