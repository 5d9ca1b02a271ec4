import type { Locale } from '@qrqr/shared/limits';
import type { PageParams } from '@qrqr/shared/page-params';
import type { FastifyBaseLogger } from 'fastify';
import { ThreadClosedError, WorkerThread } from '../../lib/worker-thread';
import { rendererFile } from './first-paint';

/**
 * A signed-in member's screen rendered by the server with the answers of its first calls
 * (app/screens.ts `memberPaint`, first-answers.ts), so a phone paints the member's list as soon as
 * the styles arrive instead of after its scripts have crossed the network and run (which took
 * 4.0–4.6 s on the phone profile). Unlike a guest's page it is the member's own and rendered per
 * visit, which costs tens of milliseconds: so it runs in a thread of its own, never on the thread
 * that answers scans, one render at a time with few waiting, and a page whose render is late or
 * fails goes without (the browser renders the screen itself, as before).
 */

export interface Painted {
  html: string;
  /** The queries' answers the render used: [key, data, time] (apps/web/src/lib/query-state.ts). */
  state: unknown[];
}

type Render = {
  address: string;
  locale: Locale;
  params: PageParams;
  layout: { mobile: boolean };
  answers: Record<string, unknown>;
};

/** Renders waiting beyond the one under way: more, and the page goes without. */
const MAX_WAITING = 2;

export class MemberPaint {
  private readonly thread: WorkerThread<Render, Painted | undefined> | undefined;
  /** Set by close(): no render starts the thread again (the warm-up's next screen, while stopping). */
  private closed = false;

  constructor(
    webDist: string,
    private readonly log?: FastifyBaseLogger,
    /** A page never waits longer than this for its render. */
    private readonly deadlineMs = 2_500,
  ) {
    const file = rendererFile(webDist);
    this.thread =
      file === undefined
        ? undefined
        : new WorkerThread(new URL('./member-paint-worker.mjs', import.meta.url), {
            name: 'member paint',
            workerData: { file },
            // A render holds one screen's tree: a thread growing past this has a fault, and restarts.
            resourceLimits: { maxOldGenerationSizeMb: 256 },
          });
  }

  /**
   * Starts the thread and renders each of `paths` once, discarding the result: the first render of
   * a screen loads its parts, which the first member would otherwise wait for.
   */
  warm(paths: string[], params: PageParams): void {
    if (!this.thread) return;
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
    const thread = this.thread;
    // Counted as pending until the thread answers, even after the page went without.
    if (!thread || this.closed || thread.pending > MAX_WAITING) return Promise.resolve(undefined);
    const rendered = thread.request({ address, locale, params, layout, answers }).catch((err: unknown) => {
      // A server that stops ends the thread under a render: that is no fault to report.
      if (!(err instanceof ThreadClosedError)) this.log?.error({ err }, 'member paint: rendering failed');
      return undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.deadlineMs);
    });
    return Promise.race([rendered, late]).finally(() => clearTimeout(timer));
  }

  /** Ends the thread at once: a render under way is not waited for. */
  async close(): Promise<void> {
    this.closed = true;
    await this.thread?.terminate();
  }
}
