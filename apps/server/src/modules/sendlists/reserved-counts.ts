import type { SendlistReservedDto } from '@qrqr/shared/sendlist-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { AppError } from '../../platform/http/errors';
import { existingSendlistIds } from './repository';

/**
 * POST …/sendlist/reserved: for each list of this channel, how many reserved messages use it. Send
 * lists cannot know messages: this adds up what every module registered on `points.sendlistReserved`
 * answers (zero while none is registered).
 */
export async function reservedCounts(
  ctx: AppContext,
  input: { channel: ChannelRow; ids: number[] },
): Promise<SendlistReservedDto[]> {
  const { channel, ids } = input;
  const found = await existingSendlistIds(ctx.db, channel.id, ids);
  if (found.length !== ids.length) throw new AppError('E-404');
  const counts = await ctx.registry.uses(points.sendlistReserved, { channelId: channel.id, ids });
  return ids.map((id) => ({ sendlist_id: id, reserved_count: counts.get(id) ?? 0 }));
}
