/** What /r/{code} answers with, kept in memory so repeated scans do not touch the database. */
export interface RedirectTarget {
  qrId: string;
  tab: number;
  /** The URL (already in its ASCII form for the Location header) or the text. */
  content: string;
}

/**
 * A small LRU map (a Map keeps insertion order: the first key is the least recently used).
 * Updates and deletes in this process invalidate at once; entries also expire after `ttlMs`, so
 * another server process on the same PostgreSQL (or an unsubscribe, which deletes by cascade) is
 * seen within that time.
 */
export class RedirectCache {
  private readonly entries = new Map<string, { target: RedirectTarget; until: number }>();

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

  set(code: string, target: RedirectTarget, now = Date.now()): void {
    this.entries.delete(code);
    this.entries.set(code, { target, until: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  invalidate(code: string | null | undefined): void {
    if (code) this.entries.delete(code);
  }

  get size(): number {
    return this.entries.size;
  }
}
