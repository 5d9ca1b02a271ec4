import type { SendlistFilterBody } from '@qrqr/shared/sendlist-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { checkChannelTags } from './check-tags';
import { reachOfOne } from './reach';

/**
 * The editor's live reach: how many followers the boxes reach now, by the query a saved list uses.
 * Tags not of this channel are refused first (a field error); only the count waits for a slot of
 * the count gate (ctx.counts).
 */
export async function countReach(
  ctx: AppContext,
  input: { channel: ChannelRow; filter: SendlistFilterBody },
): Promise<number> {
  const { channel, filter } = input;
  await checkChannelTags(ctx.db, channel.id, filter);
  return ctx.counts.run(() => reachOfOne(ctx.db, channel.id, filter));
}
