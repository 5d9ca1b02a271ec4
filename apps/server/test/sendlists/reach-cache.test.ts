import { BOX_FILTERS, type TagFilter } from '@qrqr/shared/tag-filter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudienceMemo } from '../../src/db/audience-memo';
import { followerCount } from '../../src/db/follower-counts';
import {
  addFollowerTags,
  listFollowerPage,
  removeFollowerTags,
} from '../../src/modules/followers/repository';
import { reachOf } from '../../src/modules/sendlists/reach';
import { deleteTags } from '../../src/modules/tags/repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertChannelRow, seedFollowers, seedTags } from '../helpers/audience';
import { registeredMember } from '../helpers/channels';

/**
 * Send-list counts are remembered under the channel's audience version (migration 0017's triggers):
 * every change to who follows or who holds which tag must move the version, so a remembered count
 * is never stale; a change in another channel must not.
 */
let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await registeredMember(t.app)).user.user_id;
});
afterAll(() => t?.close());

const newChannelRow = () => insertChannelRow(t.ctx.db, userId, 'reach');

const version = async (channelId: number) =>
  Number(
    (
      await t.ctx.db.kysely
        .selectFrom('channels')
        .select('audience_version')
        .where('id', '=', channelId)
        .executeTakeFirstOrThrow()
    ).audience_version,
  );

const box = (box_filter: TagFilter['box_filter_1'], tags: number[]) => ({ box_filter, tags });
function filterOf(a: { box_filter: TagFilter['box_filter_1']; tags: number[] }): TagFilter {
  return { box_filter_1: a.box_filter, tag_list_1: a.tags, box_filter_2: BOX_FILTERS.unused, tag_list_2: [] };
}

describe('remembered send-list counts', () => {
  it('follow every change of followers and follower tags, and ignore other channels', async () => {
    const channelId = await newChannelRow();
    const neighbourId = await newChannelRow();
    const [a, b] = await seedTags(t.ctx.db, channelId, ['a', 'b']);
    const [n] = await seedTags(t.ctx.db, neighbourId, ['n']);
    const tagA = a as number;
    const tagB = b as number;
    const lists = [
      filterOf(box(BOX_FILTERS.atLeast, [tagA])),
      filterOf(box(BOX_FILTERS.exclude, [tagA])),
      filterOf(box(BOX_FILTERS.exactly, [tagA, tagB])),
      filterOf(box(BOX_FILTERS.unused, [])),
    ];
    const reach = () => reachOf(t.ctx.db, channelId, lists);

    const [f1, f2] = await seedFollowers(t.ctx.db, channelId, [[tagA], []]);
    expect(await reach()).toEqual([1, 1, 0, 2]);
    expect(await followerCount(t.ctx.db, channelId)).toBe(2);
    // The same order of tags or another: one remembered count.
    expect(await reachOf(t.ctx.db, channelId, [filterOf(box(BOX_FILTERS.exactly, [tagB, tagA]))])).toEqual([
      0,
    ]);

    let before = await version(channelId);
    await addFollowerTags(t.ctx.db, channelId, [f2 as number], [tagA, tagB]);
    expect(await version(channelId)).toBeGreaterThan(before);
    expect(await reach()).toEqual([2, 0, 1, 2]);

    before = await version(channelId);
    await removeFollowerTags(t.ctx.db, channelId, [f1 as number], [tagA]);
    expect(await version(channelId)).toBeGreaterThan(before);
    expect(await reach()).toEqual([1, 1, 1, 2]);

    before = await version(channelId);
    await seedFollowers(t.ctx.db, channelId, [[tagA]]);
    expect(await version(channelId)).toBeGreaterThan(before);
    expect(await reach()).toEqual([2, 1, 1, 3]);
    expect(await followerCount(t.ctx.db, channelId)).toBe(3);

    // A tag deleted takes its follower tags with it (a cascade).
    before = await version(channelId);
    await deleteTags(t.ctx.db, channelId, [tagB]);
    expect(await version(channelId)).toBeGreaterThan(before);
    expect(await reach()).toEqual([2, 1, 0, 3]);

    // A follower gone (unfollow) takes its tags with it.
    before = await version(channelId);
    await t.ctx.db.kysely
      .deleteFrom('followers')
      .where('id', '=', f2 as number)
      .execute();
    expect(await version(channelId)).toBeGreaterThan(before);
    expect(await reach()).toEqual([1, 1, 0, 2]);
    expect(await followerCount(t.ctx.db, channelId)).toBe(2);

    // Another channel's followers and tags leave this channel's counts where they were.
    before = await version(channelId);
    const [g] = await seedFollowers(t.ctx.db, neighbourId, [[n as number]]);
    await removeFollowerTags(t.ctx.db, neighbourId, [g as number], [n as number]);
    expect(await version(channelId)).toBe(before);

    // A channel deleted with its followers: the cascade bumps a row that is gone, and nothing fails.
    await t.ctx.db.kysely.deleteFrom('channels').where('id', 'in', [channelId, neighbourId]).execute();
    expect(await reachOf(t.ctx.db, channelId, lists)).toEqual([0, 0, 0, 0]);
  });

  it('keep a tag search of the followers page only while nobody is tagged or follows', async () => {
    const channelId = await newChannelRow();
    const [a, b] = (await seedTags(t.ctx.db, channelId, ['a', 'b'])) as [number, number];
    const [f1, f2] = (await seedFollowers(t.ctx.db, channelId, [[a, b], [a]])) as [number, number];
    const search = async () => {
      const page = await listFollowerPage(t.ctx.db, {
        channelId,
        tagIds: [b, a],
        followerCount: 2,
        offset: 0,
        limit: 20,
      });
      return { ids: page.rows.map((r) => Number(r.id)).sort(), total: page.total };
    };
    expect(await search()).toEqual({ ids: [f1], total: 1 });
    expect(await search()).toEqual({ ids: [f1], total: 1 });
    await addFollowerTags(t.ctx.db, channelId, [f2], [b]);
    expect(await search()).toEqual({ ids: [f1, f2].sort(), total: 2 });
    await removeFollowerTags(t.ctx.db, channelId, [f1], [a]);
    expect(await search()).toEqual({ ids: [f2], total: 1 });
    await t.ctx.db.kysely.deleteFrom('followers').where('id', '=', f2).execute();
    expect(await search()).toEqual({ ids: [], total: 0 });
    await t.ctx.db.kysely.deleteFrom('channels').where('id', '=', channelId).execute();
  });

  it('count once what several calls ask for at the same time', async () => {
    const channelId = await newChannelRow();
    const memo = new AudienceMemo<number>(100);
    const passes: string[][] = [];
    const compute = async (missing: string[]) => {
      passes.push(missing);
      await new Promise((r) => setTimeout(r, 50));
      return missing.map((key) => key.length);
    };
    const [first, second] = await Promise.all([
      memo.rememberMany(t.ctx.db, channelId, ['a', 'bb'], compute),
      memo.rememberMany(t.ctx.db, channelId, ['bb', 'ccc'], compute),
    ]);
    // Either call may read the version first (PostgreSQL answers in any order): each key is
    // counted in exactly one of two passes, whichever call starts it.
    expect({ first, second, passes: passes.length, keys: passes.flat().sort() }).toEqual({
      first: [1, 2],
      second: [2, 3],
      passes: 2,
      keys: ['a', 'bb', 'ccc'],
    });
    // Remembered now; a failed pass is not remembered and is asked again.
    expect(await memo.rememberMany(t.ctx.db, channelId, ['ccc', 'a'], compute)).toEqual([3, 1]);
    expect(passes).toHaveLength(2);
    await expect(
      memo.rememberMany(t.ctx.db, channelId, ['dddd'], async () => {
        throw new Error('count failed');
      }),
    ).rejects.toThrow('count failed');
    expect(await memo.rememberMany(t.ctx.db, channelId, ['dddd'], compute)).toEqual([4]);
    await t.ctx.db.kysely.deleteFrom('channels').where('id', '=', channelId).execute();
  });

  it('answer a slow recount with the counts of a moment ago, only where the caller allows it', async () => {
    const channelId = await newChannelRow();
    const memo = new AudienceMemo<number>(100);
    let round = 1;
    let passes = 0;
    const slow = async (missing: string[]) => {
      passes++;
      await new Promise((r) => setTimeout(r, 300));
      return missing.map(() => round);
    };
    // Nothing from before: the caller waits, whatever it allows.
    expect(await memo.rememberMany(t.ctx.db, channelId, ['a', 'b'], slow, 20)).toEqual([1, 1]);
    await seedFollowers(t.ctx.db, channelId, [[]]);
    round = 2;
    const started = Date.now();
    expect(await memo.rememberMany(t.ctx.db, channelId, ['a', 'b'], slow, 20)).toEqual([1, 1]);
    expect(Date.now() - started).toBeLessThan(250);
    // A caller that must have the count of now counts it itself rather than wait on that pass.
    const quick = Date.now();
    expect(await memo.rememberMany(t.ctx.db, channelId, ['a'], async (m) => m.map(() => 9))).toEqual([9]);
    expect(Date.now() - quick).toBeLessThan(150);
    // While that pass goes on, a change and another call start no second pass (none pile up).
    await seedFollowers(t.ctx.db, channelId, [[]]);
    const before = passes;
    expect(await memo.rememberMany(t.ctx.db, channelId, ['a', 'b'], slow, 20)).toEqual([9, 1]);
    expect(passes).toBe(before);
    await new Promise((r) => setTimeout(r, 350));
    // A key never counted before makes it wait; so does a caller that allows no wait.
    expect(await memo.rememberMany(t.ctx.db, channelId, ['a', 'c'], slow, 20)).toEqual([2, 2]);
    await seedFollowers(t.ctx.db, channelId, [[]]);
    round = 3;
    expect(await memo.rememberMany(t.ctx.db, channelId, ['a'], slow)).toEqual([3]);
    // The pass that went on meanwhile was remembered at its version.
    expect(await memo.rememberMany(t.ctx.db, channelId, ['a', 'b'], slow, 20)).toEqual([3, 2]);
    await t.ctx.db.kysely.deleteFrom('channels').where('id', '=', channelId).execute();
  });
});
