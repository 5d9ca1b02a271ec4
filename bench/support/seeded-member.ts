import { createHash, randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';

/**
 * A member with a session, written straight into the server's SQLite file (a production server
 * has no mailbox to activate one through): its `sid` cookie value signs the bench's calls in.
 */
export function seedMember(file: string): { sid: string; userId: string } {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  try {
    return insertMember(db, { channelService: false });
  } finally {
    db.close();
  }
}

/** The rows of a member and its session in an open database (inside the caller's transaction). */
export function insertMember(
  db: SQLite.Database,
  options: { channelService: boolean },
): { sid: string; userId: string } {
  const now = Date.now();
  const userId = randomBytes(8).toString('hex');
  const sid = randomBytes(24).toString('base64url');
  db.prepare(
    `insert into users (id, email, status, user_name, company_name, password_hash, locale, carry_over_key,
       channel_service_registered, created_at, updated_at)
     values (?, ?, 'active', 'bench', '', null, 'ja', null, ?, ?, ?)`,
  ).run(userId, `${userId}@bench.test`, options.channelService ? 1 : 0, now, now);
  db.prepare('insert into sessions (id, user_id, created_at, expires_at) values (?, ?, ?, ?)').run(
    createHash('sha256').update(sid).digest('hex'),
    userId,
    now,
    now + 86_400_000,
  );
  return { sid, userId };
}
