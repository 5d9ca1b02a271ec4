import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database, PushSubscriptionsTable } from '../../db/schema';

/** All SQL of push (the push module owns `push_subscriptions`). */

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/**
 * Stores a device's subscription by endpoint: the same endpoint again replaces its keys, device
 * and member; the device's other endpoints go (a browser has one subscription at a time, and
 * its old endpoint is dead once it made a new one).
 */
export async function saveSubscription(
  db: Db,
  row: Omit<PushSubscriptionsTable, 'id' | 'created_at' | 'updated_at'>,
  now: number,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('push_subscriptions')
      .where('device_hash', '=', row.device_hash)
      .where('endpoint', '<>', row.endpoint)
      .execute();
    await trx
      .insertInto('push_subscriptions')
      .values({ ...row, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          origin: row.origin,
          device_hash: row.device_hash,
          user_id: row.user_id,
          p256dh: row.p256dh,
          auth: row.auth,
          updated_at: now,
        }),
      )
      .execute();
  });
}

/** Removes this device's subscription with this endpoint; true when there was one. */
export async function deleteDeviceSubscription(
  db: Db,
  deviceHash: string,
  endpoint: string,
): Promise<boolean> {
  const result = await q(db)
    .deleteFrom('push_subscriptions')
    .where('device_hash', '=', deviceHash)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A push service said the endpoint is gone (404/410). */
export async function deleteEndpoint(db: Db, endpoint: string): Promise<void> {
  await q(db).deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

const CHUNK = 500;

/** The subscriptions of these devices (the newest one per device). */
export async function subscriptionsOfDevices(
  db: Db,
  deviceHashes: readonly string[],
): Promise<Map<string, PushSubscriptionRow>> {
  const found = new Map<string, PushSubscriptionRow>();
  const unique = [...new Set(deviceHashes)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await q(db)
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('device_hash', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) {
      const before = found.get(row.device_hash);
      if (!before || Number(before.updated_at) < Number(row.updated_at)) found.set(row.device_hash, row);
    }
  }
  return found;
}

/**
 * The devices that have a subscription, as a subquery of one column (`device_hash`), never loaded:
 * a writer of deliveries tests its rows against it in the same statement.
 */
export function subscribedDevicesQuery(db: Db, trx?: Transaction<Database>) {
  return q(db, trx).selectFrom('push_subscriptions').select('push_subscriptions.device_hash');
}

/** The devices a member subscribed from while signed in. */
export async function memberDeviceHashes(db: Db, userId: string): Promise<string[]> {
  const rows = await q(db)
    .selectFrom('push_subscriptions')
    .select('device_hash')
    .where('user_id', '=', userId)
    .execute();
  return [...new Set(rows.map((r) => r.device_hash))];
}
