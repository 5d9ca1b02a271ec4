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

  /** At most `max` results per database; the least recently used (old versions first) fall out. */
  constructor(private readonly max: number) {}

  /** The channel's audience version now ('gone' for a deleted channel). */
  async version(db: Db, channelId: number): Promise<string> {
    const row = await db.kysely
      .selectFrom('channels')
      .select('audience_version')
      .where('id', '=', channelId)
      .executeTakeFirst();
    return `${channelId}:${row?.audience_version ?? 'gone'}`;
  }

  /** The remembered result, moved to the newest end so what is used stays longest. */
  get(db: Db, version: string, key: string): V | undefined {
    const cache = this.cacheOf(db);
    const full = `${version}:${key}`;
    const value = cache.get(full);
    if (value === undefined) return undefined;
    cache.delete(full);
    cache.set(full, value);
    return value;
  }

  set(db: Db, version: string, key: string, value: V): void {
    const cache = this.cacheOf(db);
    cache.set(`${version}:${key}`, value);
    if (cache.size > this.max) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }

  /** The result for `key` at the channel's version now, computed only when not remembered. */
  async remember(db: Db, channelId: number, key: string, compute: () => Promise<V>): Promise<V> {
    const version = await this.version(db, channelId);
    const known = this.get(db, version, key);
    if (known !== undefined) return known;
    const value = await compute();
    this.set(db, version, key, value);
    return value;
  }

  private cacheOf(db: Db): Map<string, V> {
    let cache = this.caches.get(db);
    if (!cache) {
      cache = new Map();
      this.caches.set(db, cache);
    }
    return cache;
  }
}
