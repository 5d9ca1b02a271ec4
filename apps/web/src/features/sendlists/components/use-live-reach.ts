import { useDebouncedValue } from '@mantine/hooks';
import { BOX_FILTERS, SENDLIST_LIMITS, type TagFilter, tagsInUse } from '@qrqr/shared/tag-filter';
import { useMemo, useRef } from 'react';
import { useAudienceCount } from '../api/count-audience';

/** The editor's boxes as the form holds them (Mantine's selects work with strings). */
export interface BoxValues {
  box_filter_1: string;
  tag_list_1: string[];
  box_filter_2: string;
  tag_list_2: string[];
}

/** The boxes as the calls take them: numbers, and no tags in a box in the default mode. */
export function toFilter(v: BoxValues): TagFilter {
  const mode = (s: string) => Number(s) as TagFilter['box_filter_1'];
  const ids = (m: string, list: string[]) => (Number(m) === BOX_FILTERS.unused ? [] : list.map(Number));
  return {
    box_filter_1: mode(v.box_filter_1),
    tag_list_1: ids(v.box_filter_1, v.tag_list_1),
    box_filter_2: mode(v.box_filter_2),
    tag_list_2: ids(v.box_filter_2, v.tag_list_2),
  };
}

/**
 * The reach of the boxes being edited, counted by the server 300 ms after the last change (the
 * same query the saved list uses). Over the tag limit nothing is asked: the form says why.
 */
export function useLiveReach(channelId: number, values: BoxValues) {
  const filter = toFilter(values);
  // Compared as text: the form hands out new arrays on every render.
  const key = JSON.stringify(filter);
  const [settledKey] = useDebouncedValue(key, 300);
  const settled = useMemo(() => JSON.parse(settledKey) as TagFilter, [settledKey]);
  const overLimit = tagsInUse(settled).length > SENDLIST_LIMITS.tagsMax;
  const query = useAudienceCount(channelId, settled, !overLimit);
  // When a count is refused (rate limit, busy server) the last number stays, marked as not up to
  // date, instead of an error: the next edit asks again.
  const last = useRef<number | undefined>(undefined);
  if (query.data !== undefined && !query.isError) last.current = query.data;
  const stale = query.isError && last.current !== undefined;
  return {
    count: overLimit ? undefined : stale ? last.current : query.data,
    pending: query.isFetching || settledKey !== key,
    failed: query.isError && !stale,
    stale: !overLimit && stale,
    tagTotal: tagsInUse(filter).length,
  };
}
