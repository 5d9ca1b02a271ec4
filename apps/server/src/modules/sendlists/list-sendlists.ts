import type { SendlistDto } from '@qrqr/shared';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { countAudience } from './audience-query';
import { presentSendlist } from './present';
import { findSendlistRecord, listSendlistRecords } from './repository';

/** Every list of the channel, newest first, each with the number of followers it reaches now. */
export async function listSendlists(ctx: AppContext, input: { channel: ChannelRow }): Promise<SendlistDto[]> {
  const records = await listSendlistRecords(ctx.db, input.channel.id);
  const out: SendlistDto[] = [];
  // One count at a time: each is one query, and a channel has a handful of lists.
  for (const record of records) {
    const dto = presentSendlist(record, 0);
    out.push({ ...dto, follower_count: await countAudience(ctx.db, input.channel.id, dto) });
  }
  return out;
}

export async function getSendlist(
  ctx: AppContext,
  input: { channel: ChannelRow; id: number },
): Promise<SendlistDto> {
  const record = await findSendlistRecord(ctx.db, input.channel.id, input.id);
  if (!record) throw new AppError('E-404');
  const dto = presentSendlist(record, 0);
  return { ...dto, follower_count: await countAudience(ctx.db, input.channel.id, dto) };
}
