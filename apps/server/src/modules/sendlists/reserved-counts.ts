import type { SendlistReservedDto } from '@qrqr/shared';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { existingSendlistIds } from './repository';
import type { ReservedCounters } from './reserved-counters';

/** POST …/sendlist/reserved: for each list of this channel, how many reserved messages use it. */
export async function reservedCounts(
  ctx: AppContext,
  input: { channel: ChannelRow; ids: number[]; counters: ReservedCounters },
): Promise<SendlistReservedDto[]> {
  const { channel, ids, counters } = input;
  const found = await existingSendlistIds(ctx.db, channel.id, ids);
  if (found.length !== ids.length) throw new AppError('E-404');
  const counts = await counters.count(ctx.db, channel.id, ids);
  return ids.map((id) => ({ sendlist_id: id, reserved_count: counts.get(id) ?? 0 }));
}
