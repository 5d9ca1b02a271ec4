import { FOLLOWERS_PAGE_SIZE } from '@qrqr/shared/follower-constants';
import type { FollowerListDto } from '@qrqr/shared/follower-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { channelTagMap } from '../tags/lookup';
import { presentFollower } from './present';
import { countFollowers, listFollowerPage, tagIdsOfFollowers } from './repository';

/**
 * A page of the channel's followers (newest first) with their tags, narrowed to those carrying
 * every tag in `tagIds`. `register_count` counts every follower, for the sub-header.
 */
export async function listFollowers(
  ctx: AppContext,
  input: { channel: ChannelRow; page: number; tagIds: number[] },
): Promise<FollowerListDto> {
  const { page, tagIds } = input;
  const channelId = input.channel.id;
  const [register_count, tags] = await Promise.all([
    countFollowers(ctx.db, channelId),
    channelTagMap(ctx, channelId),
  ]);
  // Another channel's tag (or a deleted one) is on none of these followers.
  const foreign = tagIds.some((id) => !tags.has(id));
  const { rows, total } = foreign
    ? { rows: [], total: 0 }
    : await listFollowerPage(ctx.db, {
        channelId,
        tagIds,
        followerCount: register_count,
        offset: (page - 1) * FOLLOWERS_PAGE_SIZE,
        limit: FOLLOWERS_PAGE_SIZE,
      });
  const tagIdsOf = await tagIdsOfFollowers(
    ctx.db,
    rows.map((r) => r.id),
  );
  const followers = rows.map((row) =>
    presentFollower(
      row,
      (tagIdsOf.get(row.id) ?? []).flatMap((id) => {
        const tag = tags.get(id);
        return tag ? [{ tag_id: tag.id, tag_name: tag.tag_name }] : [];
      }),
    ),
  );
  return { followers, total_count: total, register_count, page, page_size: FOLLOWERS_PAGE_SIZE };
}
