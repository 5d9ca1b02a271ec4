import type { Transaction } from 'kysely';
import type { ChannelRow, Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import {
  findChannelByCode,
  findChannelByIdOrCode,
  findChannelsByIds,
  findFrequencyCap,
  listMemberChannels,
} from './repository';

/**
 * What other modules (followers, reader) ask of the channels module, instead of reading `channels`.
 * The channel of a call inside channelScope needs none of this: `channelOf(req)` has it.
 */

/** The channel whose public page is /c/{code}, for the reader's calls; undefined when none. */
export function channelByCode(ctx: Pick<AppContext, 'db'>, code: string): Promise<ChannelRow | undefined> {
  return findChannelByCode(ctx.db, code);
}

/** A channel by its id or its code (the reader's /c/ page takes either); undefined when none. */
export function channelByIdOrCode(ctx: Pick<AppContext, 'db'>, key: string): Promise<ChannelRow | undefined> {
  return findChannelByIdOrCode(ctx.db, key);
}

/** The member's channel `id`; undefined for a missing channel and another member's alike. */
export async function memberChannel(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  id: number,
): Promise<ChannelRow | undefined> {
  return (await listMemberChannels(ctx.db, userId)).find((c) => Number(c.id) === id);
}

/** Every channel of the member's (a QR code's logo may be a picture of any of them). */
export function memberChannels(ctx: Pick<AppContext, 'db'>, userId: string): Promise<ChannelRow[]> {
  return listMemberChannels(ctx.db, userId);
}

/** A channel by its id (a Wi-Fi page names the channel it belongs to); undefined when none. */
export function channelById(ctx: Pick<AppContext, 'db'>, id: number): Promise<ChannelRow | undefined> {
  return findChannelByIdOrCode(ctx.db, String(id));
}

/** Channels by id (ids of deleted channels left out). */
export async function channelsByIds(
  ctx: Pick<AppContext, 'db'>,
  ids: readonly number[],
): Promise<Map<number, ChannelRow>> {
  const rows = await findChannelsByIds(ctx.db, [...new Set(ids)]);
  return new Map(rows.map((r) => [Number(r.id), r as ChannelRow]));
}

/**
 * The channel's frequency cap as a send reads it, inside its transaction (messaging's deliver.ts):
 * at most this many messages a follower in a rolling 24 h; 0 off.
 */
export function frequencyCapOf(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  trx: Transaction<Database>,
): Promise<number> {
  return findFrequencyCap(ctx.db, channelId, trx);
}

/** A QR code file of a page address of the channel (the followers' tagged follow links). */
export { type ChannelCodeFormat, renderChannelPageCode } from './channel-code-image';
/** The public part of a channel, as its page and every channel answer show it. */
export { presentPublicChannel } from './present';
