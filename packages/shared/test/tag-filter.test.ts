import { describe, expect, it } from 'vitest';
import { BOX_FILTERS, matchesBox, matchesFilter, tagsInUse } from '../src/tag-filter';

// Channel tags U = {1, 2, 3, 4}; the box's tags T = {1, 2}.
const U = new Set([1, 2, 3, 4]);
const T = [1, 2];
const pass = (mode: number, followerTags: number[]) =>
  matchesBox({ box_filter: mode as 0, tag_ids: T }, new Set(followerTags), U);

describe('one box (at least, at most, exactly, exclude, unused)', () => {
  it.each([
    // follower tags, at least 0, at most 1, exactly 2, exclude 4
    [[], false, true, false, true],
    [[1], false, true, false, false],
    [[1, 2], true, true, true, false],
    [[1, 2, 3], true, false, false, false],
    [[3], false, false, false, true],
    // A tag outside the channel's tags (U) does not break "at most" or "exactly".
    [[1, 2, 99], true, true, true, false],
  ])('follower %j', (tags, atLeast, atMost, exactly, exclude) => {
    expect([
      pass(BOX_FILTERS.atLeast, tags),
      pass(BOX_FILTERS.atMost, tags),
      pass(BOX_FILTERS.exactly, tags),
      pass(BOX_FILTERS.exclude, tags),
      pass(BOX_FILTERS.unused, tags),
    ]).toEqual([atLeast, atMost, exactly, exclude, true]);
  });
});

describe('a list', () => {
  it('combines the two boxes with AND', () => {
    const filter = { box_filter_1: 0, tag_list_1: [1], box_filter_2: 4, tag_list_2: [3] } as const;
    expect(matchesFilter(filter, new Set([1, 2]), U)).toBe(true);
    expect(matchesFilter(filter, new Set([1, 3]), U)).toBe(false);
    expect(matchesFilter(filter, new Set([2]), U)).toBe(false);
  });

  it('uses no tags of a box in the default mode', () => {
    expect(tagsInUse({ box_filter_1: 3, tag_list_1: [1], box_filter_2: 1, tag_list_2: [2, 3, 2] })).toEqual([
      2, 3,
    ]);
  });
});
