import type { Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { ChannelRow, ChannelsTable, Database, IndustryRow, NewChannel } from '../../db/schema';

/** All SQL of channels, industries and the service registration. Each function takes an optional transaction. */

export async function markServiceRegistered(
  db: Db,
  userId: string,
  now: number,
  trx?: Transaction<Database>,
) {
  await q(db, trx)
    .updateTable('users')
    .set({ channel_service_registered: 1, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function isServiceRegistered(db: Db, userId: string, trx?: Transaction<Database>) {
  const row = await q(db, trx)
    .selectFrom('users')
    .select('channel_service_registered')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.channel_service_registered);
}

/** Every industry and sub-industry, parents' order first. */
export function listIndustryRows(db: Db, trx?: Transaction<Database>): Promise<IndustryRow[]> {
  return q(db, trx).selectFrom('industries').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findIndustry(db: Db, id: number, trx?: Transaction<Database>) {
  return q(db, trx).selectFrom('industries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertChannel(
  db: Db,
  row: NewChannel,
  trx?: Transaction<Database>,
): Promise<ChannelRow> {
  return q(db, trx).insertInto('channels').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A channel by its id or its code (the operator command takes either). */
export function findChannelByIdOrCode(db: Db, key: string, trx?: Transaction<Database>) {
  return q(db, trx)
    .selectFrom('channels')
    .selectAll()
    .where((eb) =>
      /^\d+$/.test(key)
        ? eb.or([eb('id', '=', Number(key)), eb('channel_code', '=', key)])
        : eb('channel_code', '=', key),
    )
    .executeTakeFirst();
}

/** A channel by the code of its public page only (never by id: ids can be counted). */
export function findChannelByCode(db: Db, code: string, trx?: Transaction<Database>) {
  return q(db, trx).selectFrom('channels').selectAll().where('channel_code', '=', code).executeTakeFirst();
}

export function listMemberChannels(
  db: Db,
  userId: string,
  trx?: Transaction<Database>,
): Promise<ChannelRow[]> {
  return q(db, trx)
    .selectFrom('channels')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updateChannelRow(
  db: Db,
  id: number,
  patch: Updateable<ChannelsTable>,
  trx?: Transaction<Database>,
): Promise<ChannelRow> {
  return q(db, trx)
    .updateTable('channels')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the channel row; the foreign keys of its tables cascade, inside the caller's transaction. */
export async function deleteChannelRow(db: Db, id: number, trx?: Transaction<Database>): Promise<boolean> {
  const result = await q(db, trx).deleteFrom('channels').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the channel's pictures of one purpose (its icon or its background). */
export async function deleteChannelPictures(
  db: Db,
  channelId: number,
  purpose: string,
  trx?: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .deleteFrom('images')
    .where('channel_id', '=', channelId)
    .where('purpose', '=', purpose)
    .execute();
}

/** Channels by id (the reader's inbox names the channel of each message). */
export function findChannelsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.kysely
    .selectFrom('channels')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The channel's frequency cap (0 off), read inside the send's transaction; 0 for a channel gone. */
export async function findFrequencyCap(db: Db, id: number, trx?: Transaction<Database>): Promise<number> {
  const row = await q(db, trx)
    .selectFrom('channels')
    .select('frequency_cap')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(row?.frequency_cap ?? 0);
}
