import { type Expression, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { subscribedDevices } from '../push/lookup';
import { PUSH_STATES } from './claimed-push';

/**
 * The push state a delivery is written with, in the statement that writes it: pending (in the push
 * queue) when its device has a subscription then, else gone at once. The push sweep so works only
 * on the subscribed share of an audience; a delivery whose subscription ends before its push is
 * still settled gone by the sweep.
 */
export function pushStateOnDelivery(db: Db, device: Expression<string>, trx?: Transaction<Database>) {
  return sql<number>`case when ${device} in ${subscribedDevices(db, trx)} then ${sql.lit(
    PUSH_STATES.pending,
  )} else ${sql.lit(PUSH_STATES.gone)} end`;
}
