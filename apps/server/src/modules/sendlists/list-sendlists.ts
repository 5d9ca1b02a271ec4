import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { presentSendlist } from './present';
import { reachOf, reachOfOne } from './reach';
import { findSendlistRecord, listSendlistRecords, type SendlistRecord } from './repository';

/** A stored list as the calls answer it, with the number of followers it reaches now. */
export async function withReach(
  ctx: AppContext,
  channelId: number,
  record: SendlistRecord,
): Promise<SendlistDto> {
  const dto = presentSendlist(record, 0);
  return { ...dto, follower_count: await reachOfOne(ctx.db, channelId, dto) };
}

/**
 * How long the list screen waits for counts being made again after the audience changed, before it
 * shows the ones of a moment ago: recounting 30 lists over 100,000 followers takes 250–350 ms
 * (bench:operator-load), and a busy channel's audience changes all the time. The editor's live
 * count and a list's detail always wait for the count of now.
 */
const LIST_SCREEN_WAIT_MS = 25;

/** Every list of the channel, newest first, each with the number of followers it reaches. */
export async function listSendlists(ctx: AppContext, input: { channel: ChannelRow }): Promise<SendlistDto[]> {
  const records = await listSendlistRecords(ctx.db, input.channel.id);
  const lists = records.map((record) => presentSendlist(record, 0));
  // Every count not remembered, in one statement and one pass over the followers.
  const counts = await reachOf(ctx.db, input.channel.id, lists, LIST_SCREEN_WAIT_MS);
  return lists.map((dto, i) => ({ ...dto, follower_count: counts[i] ?? 0 }));
}

export async function getSendlist(
  ctx: AppContext,
  input: { channel: ChannelRow; id: number },
): Promise<SendlistDto> {
  const record = await findSendlistRecord(ctx.db, input.channel.id, input.id);
  if (!record) throw new AppError('E-404');
  return withReach(ctx, input.channel.id, record);
}
