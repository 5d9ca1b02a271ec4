import { BOX_FILTERS, type BoxFilter, type TagFilter } from '@qrqr/shared/tag-filter';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { reachOf } from './reach';
import { findSendlistRecord, listSendlistRecords } from './repository';

/**
 * What other modules may use of send lists: the audience of a filter as a subquery (a message's
 * fan-out inserts it whole with INSERT … SELECT), a list's filter and name, and reach counts.
 */
export { audienceQuery } from './audience-query';

/** Every follower of the channel: a filter with both boxes unused. */
export const ALL_FOLLOWERS: TagFilter = {
  box_filter_1: BOX_FILTERS.unused,
  tag_list_1: [],
  box_filter_2: BOX_FILTERS.unused,
  tag_list_2: [],
};

export interface SendlistSummary {
  id: number;
  name: string;
  filter: TagFilter;
}

/** The channel's list `id` with its filter, or undefined (another channel's, or deleted). */
export async function sendlistOf(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  id: number,
  trx?: Transaction<Database>,
): Promise<SendlistSummary | undefined> {
  const record = await findSendlistRecord(ctx.db, channelId, id, trx);
  if (!record) return undefined;
  return {
    id: Number(record.row.id),
    name: record.row.sendlist_name,
    filter: {
      box_filter_1: record.row.box_filter_1 as BoxFilter,
      tag_list_1: record.tag_list_1,
      box_filter_2: record.row.box_filter_2 as BoxFilter,
      tag_list_2: record.tag_list_2,
    },
  };
}

/** Every list of the channel by id (names and filters for a page of messages). */
export async function sendlistsOfChannel(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
): Promise<Map<number, SendlistSummary>> {
  const records = await listSendlistRecords(ctx.db, channelId);
  return new Map(
    records.map((r) => [
      Number(r.row.id),
      {
        id: Number(r.row.id),
        name: r.row.sendlist_name,
        filter: {
          box_filter_1: r.row.box_filter_1 as BoxFilter,
          tag_list_1: r.tag_list_1,
          box_filter_2: r.row.box_filter_2 as BoxFilter,
          tag_list_2: r.tag_list_2,
        },
      },
    ]),
  );
}

/** How many followers each filter reaches now (remembered per audience version). */
export function reachOfFilters(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  filters: readonly TagFilter[],
): Promise<number[]> {
  return reachOf(ctx.db, channelId, filters);
}
