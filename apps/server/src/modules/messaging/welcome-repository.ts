import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database, WelcomeMessagesTable } from '../../db/schema';
import { pushStateOnDelivery } from './push-entry';

/**
 * The SQL of welcome messages alone (`welcome_messages`): the operator's list, the one on, the
 * delivery in a follow. What they share with messages is in item-rows.ts; the inbox in inbox-repository.ts.
 */

export type WelcomeRow = Selectable<WelcomeMessagesTable>;

const ON = 1;

export function listWelcomeRows(db: Db, channelId: number): Promise<WelcomeRow[]> {
  return q(db)
    .selectFrom('welcome_messages')
    .selectAll()
    .where('channel_id', '=', channelId)
    .orderBy('id', 'desc')
    .execute();
}

/** The one welcome message of the channel that is on, if any. */
export function findOnRow(
  db: Db,
  channelId: number,
  trx?: Transaction<Database>,
): Promise<WelcomeRow | undefined> {
  return q(db, trx)
    .selectFrom('welcome_messages')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('status', '=', ON)
    .executeTakeFirst();
}

/** How many devices each of these welcome messages reached. */
export async function deliveredCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await q(db)
    .selectFrom('welcome_deliveries')
    .select((eb) => ['welcome_message_id', eb.fn.countAll<number | string>().as('n')])
    .where('welcome_message_id', 'in', [...ids])
    .groupBy('welcome_message_id')
    .execute();
  for (const r of rows) counts.set(Number(r.welcome_message_id), Number(r.n));
  return counts;
}

/**
 * Delivers the channel's welcome message that is on and not past its end (`send_end_at` > now, to
 * the second) to the device, in the follow's transaction: one INSERT … SELECT, and the primary key
 * (welcome message, device) makes it once per device, also after an unfollow and a new follow.
 * It enters the push queue only when the device has a subscription (push-entry.ts). Returns the
 * welcome messages it delivered (none or one).
 */
export async function deliverWelcomeRow(
  db: Db,
  f: { channelId: number; deviceHash: string; followerId: number; now: number },
  trx: Transaction<Database>,
): Promise<number[]> {
  const result = await q(db, trx)
    .insertInto('welcome_deliveries')
    .columns(['welcome_message_id', 'device_hash', 'follower_id', 'delivered_at', 'push_state'])
    .expression((eb) =>
      eb
        .selectFrom('welcome_messages')
        .select([
          'id',
          sql.lit(f.deviceHash).as('device_hash'),
          sql.lit(f.followerId).as('follower_id'),
          sql.lit(f.now).as('delivered_at'),
          pushStateOnDelivery(db, eb.val(f.deviceHash), trx).as('push_state'),
        ])
        .where('channel_id', '=', f.channelId)
        .where('status', '=', ON)
        .where((w) => w.or([w('send_end_at', 'is', null), w('send_end_at', '>', f.now)])),
    )
    .onConflict((oc) => oc.columns(['welcome_message_id', 'device_hash']).doNothing())
    .returning('welcome_message_id')
    .execute();
  return result.map((r) => Number(r.welcome_message_id));
}
