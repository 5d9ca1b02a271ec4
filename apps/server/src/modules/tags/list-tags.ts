import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { foldTagName } from './fold';
import { listChannelTags, type TagRow } from './repository';

/** The channel's tags, narrowed to names containing `query` (compared as foldTagName does). */
export async function listTags(
  ctx: AppContext,
  input: { channel: ChannelRow; query?: string },
): Promise<TagRow[]> {
  const rows = await listChannelTags(ctx.db, input.channel.id);
  const needle = input.query ? foldTagName(input.query) : '';
  // A channel has tens to hundreds of tags: folding in memory keeps one rule on both databases.
  return needle ? rows.filter((r) => foldTagName(r.tag_name).includes(needle)) : rows;
}
