import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { randomToken } from '../../platform/crypto';
import {
  deleteOldReadSalts,
  existingQrIds,
  getOrCreateReadSalt,
  insertReads,
  type NewRead,
} from './repository';
import { osClass, tokyoDay, visitorHash } from './visitors';

/** One counted scan as the hot path saw it. The address stays in memory until the flush hashes it. */
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

const HOUR_MS = 3_600_000;
/** The daily keys are deleted after this long, so old hashes can no longer be recomputed. */
export const SALT_LIFETIME_MS = 48 * HOUR_MS;

/**
 * Reads never wait for the database: `record` pushes into memory, and `flush` writes the buffer in
 * one transaction (rows plus each code's read_count) every `intervalMs` and on shutdown. A crash
 * loses at most one interval of reads; a failed write is logged and retried with the next flush.
 */
export class ReadRecorder {
  private pending: Scan[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly salts = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options = { intervalMs: 1000, maxPending: 200_000 },
  ) {}

  record(scan: Scan): void {
    this.pending.push(scan);
    if (this.pending.length > this.options.maxPending) this.dropOldest();
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Starts the interval; it never keeps the process (or a test run) alive by itself. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the interval and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes the buffer; resolves to the number of reads written. Flushes never overlap. */
  flush(): Promise<number> {
    const run = this.chain.then(() => this.flushOnce());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async flushOnce(): Promise<number> {
    if (this.pending.length === 0) return 0;
    const batch = this.pending;
    this.pending = [];
    try {
      const rows = await this.toRows(batch);
      return await this.db.kysely.transaction().execute(async (trx) => {
        const live = await existingQrIds(this.db, [...new Set(rows.map((r) => r.qr_id))], trx);
        // A code deleted since its scan has no row to count for.
        const kept = rows.filter((r) => live.has(r.qr_id));
        if (kept.length) await insertReads(this.db, kept, trx);
        return kept.length;
      });
    } catch (err) {
      this.log.error({ err, reads: batch.length }, 'writing reads failed; they are kept for the next flush');
      this.pending = batch.concat(this.pending);
      if (this.pending.length > this.options.maxPending) this.dropOldest();
      return 0;
    }
  }

  private async toRows(batch: Scan[]): Promise<NewRead[]> {
    const rows: NewRead[] = [];
    for (const s of batch) {
      const key = await this.dailyKey(tokyoDay(s.at));
      rows.push({
        qr_id: s.qrId,
        read_at: s.at,
        source: s.source,
        visitor_hash: visitorHash(key, s.qrId, s.ip, s.userAgent),
        os: osClass(s.userAgent),
      });
    }
    return rows;
  }

  private async dailyKey(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    await deleteOldReadSalts(this.db, Date.now() - SALT_LIFETIME_MS);
    const salt = await getOrCreateReadSalt(this.db, day, () => randomToken(32));
    // Keep today and yesterday only.
    for (const d of [...this.salts.keys()].sort().slice(0, -1)) this.salts.delete(d);
    this.salts.set(day, salt);
    return salt;
  }

  private dropOldest(): void {
    const over = this.pending.length - this.options.maxPending;
    this.pending.splice(0, over);
    this.log.warn({ dropped: over }, 'read buffer full (database unreachable?): oldest reads dropped');
  }
}
