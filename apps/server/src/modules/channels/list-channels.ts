import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { listMemberChannels } from './repository';

/** The member's channels, oldest first (the channel switcher's order). */
export async function listChannels(
  ctx: AppContext,
  input: { userId: string },
): Promise<{ channels: ChannelRow[]; total_count: number }> {
  const channels = await listMemberChannels(ctx.db, input.userId);
  return { channels, total_count: channels.length };
}
