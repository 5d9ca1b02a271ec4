/**
 * Send-list filters, as plain logic: the property tests hold the SQL query of
 * the server to it, and the send-list editor can explain a box with it.
 *
 * For a box with tags T, the channel's tags U and a follower's tags F:
 * - default 3: the box is unused (everyone passes);
 * - exactly 2: F∩U equals T;
 * - at least 0: F contains every tag of T;
 * - at most 1: F∩U is a subset of T;
 * - exclude 4: F and T share no tag.
 * The two boxes of a list combine with AND.
 */
export const BOX_FILTERS = { atLeast: 0, atMost: 1, exactly: 2, unused: 3, exclude: 4 } as const;
export type BoxFilter = (typeof BOX_FILTERS)[keyof typeof BOX_FILTERS];
export const BOX_FILTER_VALUES: readonly BoxFilter[] = [0, 1, 2, 3, 4];
/** The order the editor offers the modes in: the default first. */
export const BOX_FILTER_CHOICES: readonly BoxFilter[] = [3, 2, 0, 1, 4];

/** Limits of send lists; here, away from zod, so screens can import them cheaply. */
export const SENDLIST_LIMITS = {
  nameMax: 20,
  /** Tags of both boxes together. */
  tagsMax: 10,
} as const;

export interface TagBox {
  box_filter: BoxFilter;
  tag_ids: readonly number[];
}

export interface TagFilter {
  box_filter_1: BoxFilter;
  tag_list_1: readonly number[];
  box_filter_2: BoxFilter;
  tag_list_2: readonly number[];
}

/** The two boxes of a list, in order. */
export function boxesOf(filter: TagFilter): [TagBox, TagBox] {
  return [
    { box_filter: filter.box_filter_1, tag_ids: filter.tag_list_1 },
    { box_filter: filter.box_filter_2, tag_ids: filter.tag_list_2 },
  ];
}

/** Whether a follower with `followerTags` passes one box; `channelTags` is U. */
export function matchesBox(box: TagBox, followerTags: ReadonlySet<number>, channelTags: ReadonlySet<number>) {
  const t = new Set(box.tag_ids);
  const own = [...followerTags].filter((id) => channelTags.has(id)); // F∩U
  switch (box.box_filter) {
    case BOX_FILTERS.unused:
      return true;
    case BOX_FILTERS.atLeast:
      return [...t].every((id) => followerTags.has(id));
    case BOX_FILTERS.atMost:
      return own.every((id) => t.has(id));
    case BOX_FILTERS.exactly:
      return own.length === t.size && own.every((id) => t.has(id));
    case BOX_FILTERS.exclude:
      return [...t].every((id) => !followerTags.has(id));
  }
}

/** Whether a follower passes both boxes of a list. */
export function matchesFilter(
  filter: TagFilter,
  followerTags: ReadonlySet<number>,
  channelTags: ReadonlySet<number>,
) {
  return boxesOf(filter).every((box) => matchesBox(box, followerTags, channelTags));
}

/** The tags a list really uses: a box in the default mode uses none. */
export function tagsInUse(filter: TagFilter): number[] {
  const used = boxesOf(filter).flatMap((b) => (b.box_filter === BOX_FILTERS.unused ? [] : b.tag_ids));
  return [...new Set(used)];
}
