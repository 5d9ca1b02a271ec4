import type { ReaderChannelAnswer } from '@qrqr/shared/follower-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { channelByCode } from '../channels/lookup';
import { presentReaderChannel } from './present';
import { countFollowers, findFollowerByDevice } from './repository';

/** The channel of a /c/{code} page, or E-404. */
export async function publicChannel(ctx: AppContext, code: string): Promise<ChannelRow> {
  const channel = await channelByCode(ctx, code);
  if (!channel) throw new AppError('E-404');
  return channel;
}

/** What the channel page shows, and whether this device (if it has an id yet) follows it. */
export async function readChannelPage(
  ctx: AppContext,
  input: { code: string; deviceHash: string | null },
): Promise<ReaderChannelAnswer> {
  const channel = await publicChannel(ctx, input.code);
  const [followerCount, mine] = await Promise.all([
    countFollowers(ctx.db, channel.id),
    input.deviceHash ? findFollowerByDevice(ctx.db, channel.id, input.deviceHash) : undefined,
  ]);
  return { channel: presentReaderChannel(channel, followerCount), following: Boolean(mine) };
}
