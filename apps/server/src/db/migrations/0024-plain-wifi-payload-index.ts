import { type Kysely, sql } from 'kysely';

/**
 * Our reader finds the member's plain Wi-Fi codes (no analysis: the printed `WIFI:` text is all it
 * has) by their exact payload, to greet with a linked welcome page (modules/wifi). A partial index
 * holds only those codes' payloads, which are short (SSID ≤ 32 bytes, password ≤ 255).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('qr_codes_plain_wifi_payload')
    .on('qr_codes')
    .column('payload')
    .where(sql.ref('tab'), '=', 2)
    .where(sql.ref('analysis_type'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('qr_codes_plain_wifi_payload').execute();
}
