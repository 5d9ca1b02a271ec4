import type { Kysely } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * When a Wi-Fi code's network settings were last set (creation or a change on the read-log page):
 * its expiry hours count from then, so new settings get their full time. Older rows have none and
 * count from the code's creation, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = dialectSql(dialectOf(db));
  await db.schema.alterTable('qr_codes').addColumn('wifi_set_at', t.bigint).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('qr_codes').dropColumn('wifi_set_at').execute();
}
