import type { BoxFilter } from '@qrqr/shared/tag-filter';
import type { Selectable, Transaction } from 'kysely';
import { channelRowIds } from '../../db/channel-rows';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database, SendlistsTable } from '../../db/schema';

/**
 * All SQL of send lists (tables `sendlists` and `sendlist_tags`). Each function takes the database
 * first and a transaction last: optional, but required by the writes of both tables, which are one
 * change only inside one. The audience queries are in audience-*.ts.
 */

export type SendlistRow = Selectable<SendlistsTable>;

/** A list with the tags of its two boxes. */
export interface SendlistRecord {
  row: SendlistRow;
  tag_list_1: number[];
  tag_list_2: number[];
}

export interface SendlistFields {
  sendlist_name: string;
  box_filter_1: BoxFilter;
  tag_list_1: number[];
  box_filter_2: BoxFilter;
  tag_list_2: number[];
}

export async function listSendlistRecords(
  db: Db,
  channelId: number,
  trx?: Transaction<Database>,
): Promise<SendlistRecord[]> {
  const rows = await q(db, trx)
    .selectFrom('sendlists')
    .selectAll()
    .where('channel_id', '=', channelId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return withTags(db, rows, trx);
}

export async function findSendlistRecord(
  db: Db,
  channelId: number,
  id: number,
  trx?: Transaction<Database>,
): Promise<SendlistRecord | undefined> {
  const row = await q(db, trx)
    .selectFrom('sendlists')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await withTags(db, [row], trx))[0] : undefined;
}

async function withTags(db: Db, rows: SendlistRow[], trx?: Transaction<Database>): Promise<SendlistRecord[]> {
  if (rows.length === 0) return [];
  const tags = await q(db, trx)
    .selectFrom('sendlist_tags')
    .select(['sendlist_id', 'box', 'tag_id'])
    .where(
      'sendlist_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('tag_id')
    .execute();
  return rows.map((row) => {
    const of = (box: number) =>
      tags.filter((t) => Number(t.sendlist_id) === row.id && t.box === box).map((t) => Number(t.tag_id));
    return { row, tag_list_1: of(1), tag_list_2: of(2) };
  });
}

/** Whether another list of the channel already has this name (E-713). */
export async function nameTaken(
  db: Db,
  channelId: number,
  name: string,
  exceptId: number | undefined,
  trx?: Transaction<Database>,
): Promise<boolean> {
  let query = q(db, trx)
    .selectFrom('sendlists')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('sendlist_name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSendlist(
  db: Db,
  channelId: number,
  fields: SendlistFields,
  now: number,
  trx: Transaction<Database>,
): Promise<number> {
  const row = await q(db, trx)
    .insertInto('sendlists')
    .values({
      channel_id: channelId,
      sendlist_name: fields.sendlist_name,
      box_filter_1: fields.box_filter_1,
      box_filter_2: fields.box_filter_2,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await insertTags(channelId, id, fields, trx);
  return id;
}

/** Saves the fields of an existing list and replaces its tags; false when it is gone. */
export async function updateSendlist(
  db: Db,
  channelId: number,
  id: number,
  fields: SendlistFields,
  now: number,
  trx: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .updateTable('sendlists')
    .set({
      sendlist_name: fields.sendlist_name,
      box_filter_1: fields.box_filter_1,
      box_filter_2: fields.box_filter_2,
      updated_at: now,
    })
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx.deleteFrom('sendlist_tags').where('sendlist_id', '=', id).execute();
  await insertTags(channelId, id, fields, trx);
  return true;
}

async function insertTags(channelId: number, id: number, fields: SendlistFields, trx: Transaction<Database>) {
  const rows = [
    ...fields.tag_list_1.map((tag_id) => ({ sendlist_id: id, box: 1, tag_id, channel_id: channelId })),
    ...fields.tag_list_2.map((tag_id) => ({ sendlist_id: id, box: 2, tag_id, channel_id: channelId })),
  ];
  if (rows.length > 0) await trx.insertInto('sendlist_tags').values(rows).execute();
}

/** The ids among `ids` that are lists of this channel. */
export function existingSendlistIds(
  db: Db,
  channelId: number,
  ids: number[],
  trx?: Transaction<Database>,
): Promise<number[]> {
  return channelRowIds(db, 'sendlists', channelId, ids, { trx });
}

export async function deleteSendlistRows(
  db: Db,
  channelId: number,
  ids: number[],
  trx?: Transaction<Database>,
): Promise<number> {
  const result = await q(db, trx)
    .deleteFrom('sendlists')
    .where('channel_id', '=', channelId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** E-710: which of these tags a send list of the channel uses, and which list; one indexed query. */
export async function usedTagIds(
  db: Db,
  channelId: number,
  tagIds: readonly number[],
  trx?: Transaction<Database>,
): Promise<Array<{ tagId: number; usedBy: string }>> {
  if (tagIds.length === 0) return [];
  const rows = await q(db, trx)
    .selectFrom('sendlist_tags')
    .innerJoin('sendlists', 'sendlists.id', 'sendlist_tags.sendlist_id')
    .select(['sendlist_tags.tag_id', 'sendlists.sendlist_name'])
    .distinct()
    .where('sendlist_tags.channel_id', '=', channelId)
    .where('sendlist_tags.tag_id', 'in', tagIds)
    .orderBy('sendlist_tags.tag_id')
    .orderBy('sendlists.sendlist_name')
    .execute();
  return rows.map((r) => ({ tagId: Number(r.tag_id), usedBy: r.sendlist_name }));
}
