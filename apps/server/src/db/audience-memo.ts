import type { Db } from './client';

/**
 * Results computed from a channel's followers and their tags (send-list reach, a tag search of the
 * followers page), remembered until that audience changes.
 *
 * `channels.audience_version` moves with every follower and follower tag added or removed (database
 * triggers, migration 0017: no writer can forget it), so a result remembered under the version it
 * was computed at is never stale, on one server process or several: each process reads the version
 * (one primary-key read) and computes only what it has not at that version. The version is read
 * BEFORE computing, so a result is never older than its version; a change committed meanwhile
 * moves the version on and the next call computes again. These reads take hundreds of ms at
 * 100,000 followers (bench:operator-load), and the operator's screens ask for the same ones again
 * and again while nobody follows or is tagged.
 */
export class AudienceMemo<V> {
  private readonly caches = new WeakMap<Db, Map<string, V>>();
  /** Results being computed: callers asking meanwhile wait for the same pass (one pass, not four). */
  private readonly pending = new WeakMap<Db, Map<string, Promise<V>>>();
  /** The last result of each channel and key, whatever its version (`channelId:key`). */
  private readonly latest = new WeakMap<Db, Map<string, V>>();
  /** Passes of callers that may answer without them (`late`): only such callers wait on them. */
  private readonly latePending = new WeakMap<Db, Map<string, Promise<V>>>();
  /** A pass answered late with older results, still running: one a channel at a time. */
  private readonly refreshing = new WeakMap<Db, Map<number, Promise<unknown>>>();

  /** At most `max` results per database; the least recently used (old versions first) fall out. */
  constructor(private readonly max: number) {}

  /** The channel's audience version now ('gone' for a deleted channel). */
  async version(db: Db, channelId: number): Promise<string> {
    const row = await db.kysely
      .selectFrom('channels')
      .select('audience_version')
      .where('id', '=', channelId)
      .executeTakeFirst();
    return channelVersion({ id: channelId, audience_version: row?.audience_version ?? 'gone' });
  }

  /**
   * The results for `keys` at the channel's version now. Only the keys neither remembered nor being
   * computed by another call are computed, all at once by `compute` (which answers in their order).
   */
  async rememberMany(
    db: Db,
    channelId: number,
    keys: readonly string[],
    compute: (missing: string[]) => Promise<V[]>,
    /**
     * For a screen that may show results a moment old: when computing takes longer than this and
     * every key has a result from an earlier version, those are answered while the pass goes on
     * (the next call gets its results). Without it, the results are always the version's own.
     */
    waitMs?: number,
  ): Promise<V[]> {
    const latest = mapOf(this.latest, db);
    const latestKeys = keys.map((key) => `${channelId}:${key}`);
    const recent = waitMs === undefined ? [] : latestKeys.map((key) => latest.get(key));
    const canBeRecent = waitMs !== undefined && recent.every((value) => value !== undefined);
    const refreshing = mapOf(this.refreshing, db);
    // An earlier late pass is still counting: answer what it will replace rather than queue another.
    if (canBeRecent && refreshing.has(channelId)) return recent as V[];
    const version = await this.version(db, channelId);
    const missing = (entries: string[]) => compute(entries.map((full) => full.slice(version.length + 1)));
    const fresh = this.rememberAt(
      db,
      keys.map((key) => `${version}:${key}`),
      missing,
      canBeRecent,
    ).then((values) => {
      for (const [i, value] of values.entries()) this.set(latest, latestKeys[i] as string, value);
      return values;
    });
    if (!canBeRecent) return fresh;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    const first = await Promise.race([fresh, late]).finally(() => clearTimeout(timer));
    if (first) return first;
    const settled = fresh.then(
      () => {},
      () => {},
    );
    refreshing.set(channelId, settled);
    void settled.then(() => {
      if (refreshing.get(channelId) === settled) refreshing.delete(channelId);
    });
    return recent as V[];
  }

  /**
   * The results for keys that already name their version (`channelVersion(row)` + ':' + key).
   * `late`: the caller may answer without waiting for the pass (rememberMany's waitMs); a caller
   * that must wait never waits on such a pass, which may be a grouped one taking far longer than
   * its own count.
   */
  private async rememberAt(
    db: Db,
    fullKeys: readonly string[],
    compute: (missing: string[]) => Promise<V[]>,
    late = false,
  ) {
    const cache = mapOf(this.caches, db);
    const pending = mapOf(this.pending, db);
    const latePending = mapOf(this.latePending, db);
    const inFlight = (full: string) => pending.get(full) ?? (late ? latePending.get(full) : undefined);
    const missing = [...new Set(fullKeys)].filter((full) => !cache.has(full) && !inFlight(full));
    if (missing.length > 0) {
      const pass = compute(missing);
      const registry = late ? latePending : pending;
      missing.forEach((full, i) => {
        const one = pass.then((values) => values[i] as V);
        registry.set(full, one);
        one.then(
          (value) => {
            if (registry.get(full) === one) registry.delete(full);
            this.set(cache, full, value);
          },
          () => {
            if (registry.get(full) === one) registry.delete(full);
          },
        );
      });
    }
    return Promise.all(fullKeys.map((full) => inFlight(full) ?? this.take(cache, full)));
  }

  /** The result for one key at the channel's version now, computed only when not remembered. */
  async remember(db: Db, channelId: number, key: string, compute: () => Promise<V>): Promise<V> {
    const [value] = await this.rememberMany(db, channelId, [key], async () => [await compute()]);
    return value as V;
  }

  /** A remembered result, moved to the newest end, so what is used stays longest. */
  private take(cache: Map<string, V>, full: string): V {
    const value = cache.get(full) as V;
    cache.delete(full);
    cache.set(full, value);
    return value;
  }

  private set(cache: Map<string, V>, full: string, value: V): void {
    cache.set(full, value);
    if (cache.size > this.max) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }
}

/** The version part of a key, from a channel row as it was read (read before computing). */
export function channelVersion(row: { id: number; audience_version: number | string }): string {
  return `${row.id}:${row.audience_version}`;
}

function mapOf<K, T>(maps: WeakMap<Db, Map<K, T>>, db: Db): Map<K, T> {
  let map = maps.get(db);
  if (!map) {
    map = new Map();
    maps.set(db, map);
  }
  return map;
}
