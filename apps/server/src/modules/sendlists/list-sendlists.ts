import type { SendlistDto } from '@qrqr/shared';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { countAudience } from './audience-query';
import { presentSendlist } from './present';
import { findSendlistRecord, listSendlistRecords, type SendlistRecord } from './repository';

/** A stored list as the calls answer it, with the number of followers it reaches now. */
export async function withReach(
  ctx: AppContext,
  channelId: number,
  record: SendlistRecord,
): Promise<SendlistDto> {
  const dto = presentSendlist(record, 0);
  return { ...dto, follower_count: await countAudience(ctx.db, channelId, dto) };
}

/** Every list of the channel, newest first, each with the number of followers it reaches now. */
export async function listSendlists(ctx: AppContext, input: { channel: ChannelRow }): Promise<SendlistDto[]> {
  const records = await listSendlistRecords(ctx.db, input.channel.id);
  const out: SendlistDto[] = [];
  // One count at a time: each is one query, and a channel has a handful of lists.
  for (const record of records) out.push(await withReach(ctx, input.channel.id, record));
  return out;
}

export async function getSendlist(
  ctx: AppContext,
  input: { channel: ChannelRow; id: number },
): Promise<SendlistDto> {
  const record = await findSendlistRecord(ctx.db, input.channel.id, input.id);
  if (!record) throw new AppError('E-404');
  return withReach(ctx, input.channel.id, record);
}
