import type { FollowerDto, ReaderChannelDto } from '@qrqr/shared/follower-schemas';
import type { ChannelRow } from '../../db/schema';
import { presentPublicChannel } from '../channels/lookup';
import type { FollowerRow } from './repository';

/** The channel as its public page shows it (no ids, no owner, no settings), with its follower count. */
export function presentReaderChannel(row: ChannelRow, followerCount: number): ReaderChannelDto {
  return { ...presentPublicChannel(row), follower_count: followerCount };
}

/** A follower for the operator: its number in the channel, follow date and tags; never the device. */
export function presentFollower(
  row: FollowerRow,
  tags: Array<{ tag_id: number; tag_name: string }>,
): FollowerDto {
  return { follower_id: row.id, followed_at: row.followed_at, tags };
}
