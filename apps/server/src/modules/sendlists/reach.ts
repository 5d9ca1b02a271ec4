import { BOX_FILTERS, boxesOf, type TagFilter } from '@qrqr/shared/tag-filter';
import { AudienceMemo } from '../../db/audience-memo';
import type { Db } from '../../db/client';
import { countAudiences } from './audience-counts';

/** Counts remembered until the channel's audience changes (db/audience-memo.ts). */
const reaches = new AudienceMemo<number>(10_000);

/**
 * How many followers each filter reaches now. Counting 30 lists over 100,000 followers costs
 * hundreds of ms, and the list screen, a list's detail and the editor's live count ask for the
 * same numbers again and again: only the counts neither remembered at the channel's audience
 * version nor being counted by another call are counted, all in one statement.
 */
export async function reachOf(
  db: Db,
  channelId: number,
  filters: readonly TagFilter[],
  /** For a screen that may show the counts of a moment ago rather than wait (AudienceMemo). */
  waitMs?: number,
): Promise<number[]> {
  if (filters.length === 0) return [];
  const keys = filters.map(filterKey);
  const filterOf = (key: string) => filters[keys.indexOf(key)] as TagFilter;
  return reaches.rememberMany(
    db,
    channelId,
    keys,
    (missing) => countAudiences(db, channelId, missing.map(filterOf)),
    waitMs,
  );
}

/** How many followers one filter reaches now (the editor's live count, one list's detail). */
export async function reachOfOne(db: Db, channelId: number, filter: TagFilter): Promise<number> {
  const [count] = await reachOf(db, channelId, [filter]);
  return count ?? 0;
}

/** One key per audience rule: the used boxes with their tags sorted, whatever order they came in. */
function filterKey(filter: TagFilter): string {
  return boxesOf(filter)
    .map((box) =>
      box.box_filter === BOX_FILTERS.unused
        ? ''
        : `${box.box_filter}:${[...new Set(box.tag_ids)].sort((a, b) => a - b).join(',')}`,
    )
    .join('|');
}
