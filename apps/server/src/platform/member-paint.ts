import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Locale, PageParams } from '@qrqr/shared';
import type { FastifyBaseLogger } from 'fastify';
import { FIRST_PAINT_DIR } from './first-paint';

/**
 * A signed-in member's screen rendered with the answers of its first calls (page.ts), by the web
 * app itself (apps/web/src/prerender.tsx `renderMember`) in a thread of its own: the HTML paints as
 * soon as the styles arrive, while the scripts still cross a slow phone's network (issue 15: the
 * manager screens' largest paint waited 4 s for them), and the query state lets the app take it
 * over as it is. Bounded: a few pages wait their turn at most and each gets a deadline; past either
 * the page goes without (the app renders the screen itself, as before).
 */

export interface MemberPainted {
  html: string;
  /** The web app's query state (TanStack's dehydrated state), for main.tsx. */
  state: unknown;
}

/**
 * Pages waiting for the thread beyond the one it renders; more get none. A render takes three
 * passes of 15–150 ms (the layout's data, the screen's, then the whole screen), so a page waits a
 * few hundred milliseconds at most, which a phone gets back many times over.
 */
const MAX_WAITING = 2;
/** The safety net for a render that never ends: the page goes without. */
const DEADLINE_MS = 2500;

/** `error` null: the screen sends the member elsewhere, so it has nothing to paint. */
type Reply = { id: number; html: string; state: unknown } | { id: number; error: string | null };

export class MemberPaint {
  private worker: Worker | undefined;
  private nextId = 0;
  /** Renders asked of the thread and not answered yet, waited for or not. */
  private inThread = 0;
  private readonly waiting = new Map<number, (painted: MemberPainted | undefined) => void>();
  private readonly file: string | undefined;

  constructor(
    webDist: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    const file = path.join(webDist, FIRST_PAINT_DIR, 'prerender.js');
    this.file = fs.existsSync(file) ? fs.realpathSync(file) : undefined;
    // Started with the server, so the first member's page finds it ready (the worker warms up).
    this.started();
  }

  /** The screen at `url` (path and query) as this member sees it, or undefined: the app renders it. */
  html(
    url: string,
    locale: Locale,
    params: PageParams,
    layout: { mobile: boolean },
    answers: Record<string, unknown>,
  ): Promise<MemberPainted | undefined> {
    const worker = this.started();
    if (!worker || this.inThread > MAX_WAITING) return Promise.resolve(undefined);
    const id = this.nextId++;
    this.inThread++;
    if (this.waiting.size === 0) worker.ref();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(id, undefined), DEADLINE_MS);
      this.waiting.set(id, (painted) => {
        clearTimeout(timer);
        resolve(painted);
      });
      worker.postMessage({ id, url, locale, params: { ...params, csrfToken: '' }, layout, answers });
    });
  }

  /** Ends the thread (the server closing). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const id of [...this.waiting.keys()]) this.settle(id, undefined);
    await worker?.terminate();
  }

  private settle(id: number, painted: MemberPainted | undefined): void {
    const done = this.waiting.get(id);
    if (!done) return;
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker?.unref();
    done(painted);
  }

  private started(): Worker | undefined {
    if (this.worker || !this.file) return this.worker;
    const worker = new Worker(new URL('./member-paint-worker.mjs', import.meta.url), {
      workerData: { url: pathToFileURL(this.file).href },
    });
    worker.on('message', (reply: Reply) => {
      this.inThread--;
      if ('error' in reply) {
        if (reply.error) this.log?.error({ error: reply.error }, 'member paint: rendering failed');
        this.settle(reply.id, undefined);
      } else this.settle(reply.id, { html: reply.html, state: reply.state });
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.inThread = 0;
      this.log?.error({ err }, 'member paint: the thread ended');
      for (const id of [...this.waiting.keys()]) this.settle(id, undefined);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`member paint thread ended (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
