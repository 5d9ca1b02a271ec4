import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { findChannelByIdOrCode, updateChannelRow } from './repository';

/** The operator's official badge (never set by a member's call); undefined when no channel matches. */
export async function setOfficial(
  ctx: Pick<AppContext, 'db'>,
  input: { channel: string; official: boolean },
): Promise<ChannelRow | undefined> {
  const channel = await findChannelByIdOrCode(ctx.db, input.channel);
  if (!channel) return undefined;
  return updateChannelRow(ctx.db, channel.id, {
    is_official: input.official ? 1 : 0,
    updated_at: Date.now(),
  });
}
