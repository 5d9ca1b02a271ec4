import type { Db } from '../../db/client';
import { randomToken } from '../core/crypto';

/**
 * Server-wide values made on first start and kept in the database, so every process of one
 * installation agrees on them (the cookie-signing secret now; VAPID keys later).
 */
export async function getOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  const found = await db.kysely
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (found) return found.value;
  await db.kysely
    .insertInto('app_settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Read back: another process may have won the race.
  const row = await db.kysely
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}

export function getSecret(db: Db): Promise<string> {
  return getOrCreateSetting(db, 'secret', () => randomToken(48));
}
