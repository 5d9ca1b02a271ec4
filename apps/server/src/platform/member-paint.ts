import { Worker } from 'node:worker_threads';
import type { Locale, PageParams } from '@qrqr/shared';
import type { FastifyBaseLogger } from 'fastify';
import { rendererFile } from './first-paint';

/**
 * A signed-in member's screen rendered by the server with the answers of its first calls
 * (app/screens.ts `memberPaint`, first-answers.ts), so a phone paints the member's list as soon as
 * the styles arrive instead of after its scripts have crossed the network and run (issue 15: 4.0–
 * 4.6 s on the phone profile). Unlike a guest's page it is the member's own and rendered per
 * visit, which costs tens of milliseconds: so it runs in a thread of its own, never on the thread
 * that answers scans, one render at a time with few waiting, and a page whose render is late or
 * fails goes without (the browser renders the screen itself, as before).
 */

export interface Painted {
  html: string;
  /** The queries' answers the render used: [key, data, time] (apps/web/src/lib/query-state.ts). */
  state: unknown[];
}

type Reply = { id: number; painted?: Painted; failed?: string };

/** Renders waiting beyond the one under way: more, and the page goes without. */
const MAX_WAITING = 2;
/** A page never waits longer than this for its render. */
const DEADLINE_MS = 2_500;

export class MemberPaint {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (painted: Painted | undefined) => void>();
  private readonly file: string | undefined;

  constructor(
    webDist: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.file = rendererFile(webDist);
  }

  /**
   * Starts the thread and renders each of `paths` once, discarding the result: the first render of
   * a screen loads its parts, which the first member would otherwise wait for.
   */
  warm(paths: string[], params: PageParams): void {
    if (!this.file) return;
    void (async () => {
      for (const pathname of paths) await this.html(pathname, params.locale, params, { mobile: true }, {});
    })();
  }

  /**
   * The screen's HTML and state at `address` (its path and query), or undefined: no build, too
   * busy, too late, or not to be painted.
   */
  html(
    address: string,
    locale: Locale,
    params: PageParams,
    layout: { mobile: boolean },
    answers: Record<string, unknown>,
  ): Promise<Painted | undefined> {
    if (!this.file || this.waiting.size > MAX_WAITING) return Promise.resolve(undefined);
    const worker = this.started(this.file);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), DEADLINE_MS);
      // Counted as waiting until the thread answers, even after the page went without.
      this.waiting.set(id, (painted) => {
        clearTimeout(timer);
        resolve(painted);
      });
      worker.postMessage({ id, address, locale, params, layout, answers });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private started(file: string): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./member-paint-worker.mjs', import.meta.url), {
      workerData: { file },
      // A render holds one screen's tree: a thread growing past this has a fault, and restarts.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.on('message', (reply: Reply) => {
      const done = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.failed) this.log?.error({ err: reply.failed }, 'member paint: rendering failed');
      done?.(reply.painted);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      if (this.waiting.size) this.log?.error({ err }, 'member paint: the thread stopped');
      for (const done of this.waiting.values()) done(undefined);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`member paint thread ended (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
