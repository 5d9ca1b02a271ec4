import type { AppContext } from '../../platform/core/context';

/** What /r/{code} answers with, kept in memory so repeated scans do not touch the database. */
export interface RedirectTarget {
  qrId: string;
  tab: number;
  /** The URL (already in its ASCII form for the Location header) or the text. */
  content: string;
  /** False while the code's analysis is paused: it still answers, but reads are not counted. */
  counted?: boolean;
}

/** The invalidation-bus topic whose keys are short codes: what /r/{code} answers changed. */
export const REDIRECT_TOPIC = 'redirect';

/**
 * A small LRU map (a Map keeps insertion order: the first key is the least recently used).
 * A change to a code is published on the invalidation bus (`staleRedirect`), which drops the entry
 * in every server process at once (an unsubscribe publishes its codes through the account hooks);
 * entries also expire after `ttlMs`, so a change missed while Redis was away is seen within that time.
 */
export class RedirectCache {
  private readonly entries = new Map<string, { target: RedirectTarget; until: number }>();
  /** Counts invalidations, so a lookup that started before one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 60_000,
  ) {}

  get(code: string, now = Date.now()): RedirectTarget | undefined {
    const entry = this.entries.get(code);
    if (!entry) return undefined;
    this.entries.delete(code);
    if (entry.until <= now) return undefined;
    this.entries.set(code, entry);
    return entry.target;
  }

  /** A mark to pass to `set`: taken before reading the database. */
  mark(): number {
    return this.generation;
  }

  /**
   * Keeps a target read from the database, unless an invalidation came in since `mark` was taken:
   * the row read may be older than the change that invalidation announced.
   */
  set(code: string, target: RedirectTarget, now = Date.now(), mark = this.generation): void {
    if (mark !== this.generation) return;
    this.entries.delete(code);
    this.entries.set(code, { target, until: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  invalidate(code: string): void {
    this.generation += 1;
    this.entries.delete(code);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Tells every server process that what /r/{code} answers changed; call it after the write. */
export function staleRedirect(ctx: AppContext, code: string | null | undefined): void {
  if (code) ctx.invalidations.publish(REDIRECT_TOPIC, code);
}
