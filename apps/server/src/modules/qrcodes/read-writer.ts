import type { Db } from '../../db/client';
import { randomToken } from '../../platform/core/crypto';
import { bundledCountryOf, type CountryOf } from './country';
import { KnownVisitors } from './known-visitors';
import type { Scan } from './read-recorder';
import { deleteOldReadSalts, getOrCreateReadSalt } from './repository';
import { foldReads, keepCodes, type ResolvedRead } from './rollup-batch';
import { deleteOldVisitors, liveCodeIds, writeRollups } from './rollup-writes';
import { deviceVisitorHash, osClass, tokyoDay, visitorHash } from './visitors';

const HOUR_MS = 3_600_000;
/** The daily keys are deleted after this long, so old hashes can no longer be recomputed. */
export const SALT_LIFETIME_MS = 48 * HOUR_MS;

/** Where the read buffer's batches go: resolves to the reads stored, rejects when nothing was. */
export interface ReadSink {
  write(scans: Scan[]): Promise<number>;
  close(): Promise<void>;
  /** Gets ready to write before the first reads come (a thread's start). */
  prepare?(): void;
}

/**
 * Turns scans into rollup rows and writes them in one transaction: each visitor hashed with the
 * day's key, each address looked up once for its country (then forgotten), each browser's OS class.
 * It runs on the read-writer thread in the server (read-writer-thread.ts), and in place in tests.
 */
export class RollupWriter implements ReadSink {
  private readonly salts = new Map<string, string>();
  private readonly knownVisitors = new KnownVisitors();

  constructor(
    private readonly db: Db,
    private readonly countryOf: CountryOf = bundledCountryOf(),
  ) {}

  async write(scans: Scan[]): Promise<number> {
    if (scans.length === 0) return 0;
    const folded = foldReads(await this.resolve(scans));
    folded.visitors = this.knownVisitors.unknown(folded.visitors);
    const now = Date.now();
    const kept = await this.db.kysely.transaction().execute(async (trx) => {
      const live = keepCodes(folded, await liveCodeIds(trx, [...folded.perCode.keys()]));
      if (live.reads) await writeRollups(trx, live, now);
      return live;
    });
    this.knownVisitors.remember(kept.visitors);
    return kept.reads;
  }

  async close(): Promise<void> {}

  /** A scan burst comes from few people, so each distinct visitor is hashed once and each address looked up once. */
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
    this.knownVisitors.keepDays([...this.salts.keys()]);
    return salt;
  }
}
