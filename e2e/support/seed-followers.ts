import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * Followers written straight into a running server's SQLite file: hundreds of follows through the
 * reader would take minutes, and an A/B test needs groups of at least 100.
 */

/** Runs `work` on the server's database (the server keeps it open too: wait for its locks). */
export function withDb<T>(dbFile: string, work: (db: Database.Database) => T): T {
  const db = new Database(dbFile);
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * `n` followers of the channel, each with a device id of its own (the server keeps only its
 * SHA-256); returns follower id → the device id its cookie carries, so a test can act as one.
 */
export function seedFollowers(dbFile: string, channelId: number, n: number): Map<number, string> {
  const devices = new Map<number, string>();
  withDb(dbFile, (db) => {
    const insert = db.prepare(
      'insert into followers (channel_id, device_hash, followed_at) values (?, ?, ?) returning id',
    );
    db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const device = randomBytes(24).toString('base64url');
        const hash = createHash('sha256').update(device).digest('hex');
        const row = insert.get(channelId, hash, Date.now()) as { id: number };
        devices.set(Number(row.id), device);
      }
    })();
  });
  return devices;
}
