import type { FastifyBaseLogger } from 'fastify';
import type { ReadSink } from './read-writer';

/** One counted scan as the hot path saw it. The address stays in memory until the flush resolves it. */
export interface Scan {
  qrId: string;
  at: number;
  /** 1 = our reader, 2 = other apps through /r/. */
  source: 1 | 2;
  ip: string;
  userAgent: string;
  /** Our reader's device hash: its reads count unique devices instead of address + browser. */
  deviceHash?: string;
  /** JIS X 0401 prefecture code ('01'..'47') the reader reported with the visitor's consent. */
  prefecture?: string;
}

export interface RecorderOptions {
  /** Time between flushes while writing is quick. */
  intervalMs: number;
  /** The longest time between flushes, however long writing takes. */
  maxIntervalMs: number;
  maxPending: number;
  /** Codes per write: one transaction holds SQLite's write lock for about this many codes at most. */
  codesPerWrite: number;
}

const DEFAULTS: RecorderOptions = {
  intervalMs: 1000,
  maxIntervalMs: 4000,
  maxPending: 200_000,
  codesPerWrite: 500,
};

/**
 * The next flush waits at least this many times as long as the last one took, so writing takes a
 * quarter of a core at most: scans of thousands of codes a second made the writer thread take most
 * of one and starve the thread answering /r/ (bench:redirect, 12,000 codes).
 */
const WAIT_PER_WRITE = 3;

/**
 * Reads never wait for the database: `record` pushes into memory, and `flush` hands the buffer to
 * the sink every `intervalMs` (longer while writes are slow, up to `maxIntervalMs`) and on shutdown
 * (docs/decisions.md "Reads"). In the server the sink is a thread of its own, so hashing
 * and writing never stall a request. A crash loses at most one interval of reads; a failed write
 * is logged and its reads are retried with the next flush.
 */
export class ReadRecorder {
  private pending: Scan[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private wroteBefore = false;
  private readonly options: RecorderOptions;
  /** Since start, for /metrics: scans recorded, reads written, reads dropped because the buffer was full. */
  readonly totals = { recorded: 0, written: 0, dropped: 0 };

  constructor(
    private readonly sink: ReadSink,
    private readonly log: FastifyBaseLogger,
    options: Partial<RecorderOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  record(scan: Scan): void {
    this.totals.recorded++;
    this.pending.push(scan);
    if (this.pending.length > this.options.maxPending) this.dropOldest();
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** The most reads the buffer keeps; past it the oldest are dropped. */
  get bound(): number {
    return this.options.maxPending;
  }

  /** Starts flushing; the timer never keeps the process (or a test run) alive by itself. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.flushAfter(this.options.intervalMs);
  }

  /**
   * Starts the sink's thread now (the server does, as it starts listening): it loads its
   * TypeScript through tsx, a second or more on a busy machine, and started by the first flush the
   * first reads would be counted late. An app built without listening (the API tests) starts it
   * at its first flush of reads, or never.
   */
  prepare(): void {
    this.sink.prepare?.();
  }

  /** Stops flushing, writes what is left and closes the sink. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
    await this.sink.close();
  }

  /** The delay before the flush after one that took `tookMs`. */
  nextDelay(tookMs: number): number {
    const { intervalMs, maxIntervalMs } = this.options;
    return Math.min(maxIntervalMs, Math.max(intervalMs, tookMs * WAIT_PER_WRITE));
  }

  private flushAfter(delayMs: number): void {
    this.timer = setTimeout(async () => {
      const started = performance.now();
      const hadReads = this.pending.length > 0;
      await this.flush().catch(() => undefined);
      // The first write starts the writer thread: its time says nothing about writing.
      const took = this.wroteBefore ? performance.now() - started : 0;
      this.wroteBefore ||= hadReads;
      if (this.running) this.flushAfter(this.nextDelay(took));
    }, delayMs);
    this.timer.unref();
  }

  /** Writes the buffer; resolves to the number of reads written. Flushes never overlap. */
  flush(): Promise<number> {
    const run = this.chain.then(() => this.flushOnce());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async flushOnce(): Promise<number> {
    if (this.pending.length === 0) return 0;
    const parts = byCodes(this.pending, this.options.codesPerWrite);
    this.pending = [];
    let written = 0;
    for (const [i, part] of parts.entries()) {
      try {
        const n = await this.sink.write(part);
        written += n;
        this.totals.written += n;
      } catch (err) {
        const left = parts.slice(i).flat();
        this.log.error({ err, reads: left.length }, 'writing reads failed; they are kept for the next flush');
        this.pending = left.concat(this.pending);
        if (this.pending.length > this.options.maxPending) this.dropOldest();
        break;
      }
    }
    return written;
  }

  private dropOldest(): void {
    const over = this.pending.length - this.options.maxPending;
    this.pending.splice(0, over);
    this.totals.dropped += over;
    this.log.warn({ dropped: over }, 'read buffer full (database unreachable?): oldest reads dropped');
  }
}

/** Splits scans into parts of at most `codes` codes each, every code's scans in one part. */
function byCodes(scans: Scan[], codes: number): Scan[][] {
  const perCode = new Map<string, Scan[]>();
  for (const s of scans) {
    const list = perCode.get(s.qrId);
    if (list) list.push(s);
    else perCode.set(s.qrId, [s]);
  }
  const parts: Scan[][] = [];
  let part: Scan[] = [];
  let inPart = 0;
  for (const list of perCode.values()) {
    if (inPart === codes) {
      parts.push(part);
      part = [];
      inPart = 0;
    }
    for (const s of list) part.push(s);
    inPart += 1;
  }
  if (part.length) parts.push(part);
  return parts;
}
