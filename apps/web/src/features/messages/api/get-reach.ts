import { BOX_FILTERS, type TagFilter } from '@qrqr/shared/tag-filter';
import { useMemo } from 'react';
import { useAudienceCount, useSendlists } from '../../sendlists';

/** A send list of no tags: every follower of the channel (a message "to all followers"). */
const EVERYONE: TagFilter = {
  box_filter_1: BOX_FILTERS.unused,
  tag_list_1: [],
  box_filter_2: BOX_FILTERS.unused,
  tag_list_2: [],
};

/** Followers each send list reaches now (by id), and everyone following the channel. */
export function useReach(channelId: number) {
  const lists = useSendlists(channelId);
  const all = useAudienceCount(channelId, EVERYONE);
  const byList = useMemo(
    () => new Map((lists.data ?? []).map((l) => [l.sendlist_id, l.follower_count])),
    [lists.data],
  );
  return { lists, byList, everyone: all.data ?? null, everyoneQuery: all };
}
