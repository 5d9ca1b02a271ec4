import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { randomToken } from '../../platform/crypto';
import { bundledCountryOf, type CountryOf } from '../analytics/country';
import { foldReads, keepCodes, type ResolvedRead } from '../analytics/rollup-batch';
import { deleteOldVisitors, liveCodeIds, writeRollups } from '../analytics/rollup-writes';
import { deleteOldReadSalts, getOrCreateReadSalt } from './repository';
import { deviceVisitorHash, osClass, tokyoDay, visitorHash } from './visitors';

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

const HOUR_MS = 3_600_000;
/** The daily keys are deleted after this long, so old hashes can no longer be recomputed. */
export const SALT_LIFETIME_MS = 48 * HOUR_MS;

export interface RecorderOptions {
  intervalMs: number;
  maxPending: number;
  /** Country of an address; the bundled database unless a test passes its own. */
  countryOf?: CountryOf;
}

/**
 * Reads never wait for the database: `record` pushes into memory, and `flush` folds the buffer into
 * the daily rollups (DESIGN §5, docs/decisions.md "Reads") in one short transaction every
 * `intervalMs` and on shutdown: the write grows with the codes and visitors read, not with the
 * reads. A crash loses at most one interval of reads; a failed write is logged and retried.
 */
export class ReadRecorder {
  private pending: Scan[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly salts = new Map<string, string>();
  private readonly countryOf: CountryOf;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: RecorderOptions = { intervalMs: 1000, maxPending: 200_000 },
  ) {
    this.countryOf = options.countryOf ?? bundledCountryOf();
  }

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
      const folded = foldReads(await this.resolve(batch));
      const now = Date.now();
      return await this.db.kysely.transaction().execute(async (trx) => {
        const kept = keepCodes(folded, await liveCodeIds(trx, [...folded.perCode.keys()]));
        if (kept.reads) await writeRollups(trx, kept, now);
        return kept.reads;
      });
    } catch (err) {
      this.log.error({ err, reads: batch.length }, 'writing reads failed; they are kept for the next flush');
      this.pending = batch.concat(this.pending);
      if (this.pending.length > this.options.maxPending) this.dropOldest();
      return 0;
    }
  }

  /**
   * Hashes, countries and OS classes of a batch. A scan burst comes from few people, so each
   * distinct visitor is hashed once and each distinct address looked up once.
   */
  private async resolve(batch: Scan[]): Promise<ResolvedRead[]> {
    const visitors = new Map<string, string>();
    const countries = new Map<string, string>();
    const oses = new Map<string, ReturnType<typeof osClass>>();
    const out: ResolvedRead[] = [];
    for (const s of batch) {
      const day = tokyoDay(s.at);
      const who = s.deviceHash ? `d\n${s.deviceHash}` : `v\n${s.ip}\n${s.userAgent}`;
      const visitorKey = `${day}\n${s.qrId}\n${who}`;
      let visitor = visitors.get(visitorKey);
      if (!visitor) {
        const key = await this.dailyKey(day);
        visitor = s.deviceHash
          ? deviceVisitorHash(key, s.qrId, s.deviceHash)
          : visitorHash(key, s.qrId, s.ip, s.userAgent);
        visitors.set(visitorKey, visitor);
      }
      let country = countries.get(s.ip);
      if (!country) {
        country = this.countryOf(s.ip);
        countries.set(s.ip, country);
      }
      let os = oses.get(s.userAgent);
      if (!os) {
        os = osClass(s.userAgent);
        oses.set(s.userAgent, os);
      }
      out.push({ qrId: s.qrId, day, source: s.source, visitor, country, prefecture: s.prefecture, os });
    }
    return out;
  }

  private async dailyKey(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    const expired = Date.now() - SALT_LIFETIME_MS;
    await deleteOldReadSalts(this.db, expired);
    await deleteOldVisitors(this.db.kysely, expired);
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
