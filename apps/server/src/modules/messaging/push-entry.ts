import { type Expression, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { subscribedDevices } from '../push/lookup';
import { PUSH_STATES } from './claimed-push';

/** The push state of a delivery its device's subscription makes pending (in the push queue). */
export const PUSH_PENDING = PUSH_STATES.pending;

/** Whether the device has a push subscription now (inside the statement that asks). */
export function hasSubscription(db: Db, device: Expression<string>, trx?: Transaction<Database>) {
  return sql<boolean>`${device} in ${subscribedDevices(db, trx)}`;
}

/**
 * The push state a delivery is written with, in the statement that writes it: pending (in the push
 * queue) when its device has a subscription then, else gone at once. The push sweep so works only
 * on the subscribed share of an audience; a delivery whose subscription ends before its push is
 * still settled gone by the sweep.
 */
export function pushStateOnDelivery(db: Db, device: Expression<string>, trx?: Transaction<Database>) {
  return sql<number>`case when ${hasSubscription(db, device, trx)} then ${sql.lit(
    PUSH_STATES.pending,
  )} else ${sql.lit(PUSH_STATES.gone)} end`;
}
