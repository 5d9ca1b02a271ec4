import { useCurrentChannel } from '../../features/channels/layout/channel-area';
import { FollowerListPage } from '../../features/followers/routes/follower-list-page';
import { useTags } from '../../features/tags/api/get-tags';

/** The user-navigation screen composes followers with the channel's tags (features never import each other). */
export function ChannelUsersRoute() {
  const { channel } = useCurrentChannel();
  const tags = useTags(channel.channel_id);
  return <FollowerListPage tags={tags.data ?? []} />;
}
