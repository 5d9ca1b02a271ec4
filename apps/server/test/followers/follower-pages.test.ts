import { FOLLOWERS_PAGE_SIZE } from '@qrqr/shared/follower-constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDb } from '../helpers/app';
import { seedFollowers, seedTags } from '../helpers/audience';
import { createChannel, registeredMember } from '../helpers/channels';
import type { Member } from '../helpers/factories';
import { followersOf } from '../helpers/followers';

/**
 * The followers page reads from the end nearer the page, starts a tag search from its rarest tag
 * or walks the followers in order, whichever passes fewer rows, and reads nothing past the last
 * page: every page must still be the page the plain rule gives (newest first, ties by number).
 */

let t: TestApp;
let owner: Member;
let channelId: number;
let tags: { popular: number; half: number; rare: number; none: number };
/** Each follower's id, follow date and tags, as seeded. */
let seeded: Array<{ id: number; at: number; tags: Set<number> }>;
const FOLLOWERS = 131;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  channelId = (await createChannel(owner.client)).channel_id;
  const [popular, half, rare, none] = (await seedTags(t.ctx.db, channelId, [
    '多い',
    '半分',
    '少ない',
    'なし',
  ])) as [number, number, number, number];
  tags = { popular, half, rare, none };
  const sets = Array.from({ length: FOLLOWERS }, (_, i) => [
    ...(i % 5 !== 0 ? [popular] : []),
    ...(i % 2 === 0 ? [half] : []),
    ...(i % 17 === 3 ? [rare] : []),
  ]);
  const ids = await seedFollowers(t.ctx.db, channelId, sets);
  // Follow dates out of id order, with ties (the page breaks them by number, newest first).
  const base = Date.now();
  const at = (i: number) => base - ((i * 7) % 23) * 60_000;
  for (const [i, id] of ids.entries())
    await sql`update followers set followed_at = ${at(i)} where id = ${id}`.execute(t.ctx.db.kysely);
  seeded = ids.map((id, i) => ({ id, at: at(i), tags: new Set(sets[i]) }));
});
afterAll(() => t?.close());

/** The ids the plain rule puts on the page. */
function expected(tagIds: number[], page: number): { ids: number[]; total: number } {
  const matching = seeded
    .filter((f) => tagIds.every((id) => f.tags.has(id)))
    .sort((a, b) => b.at - a.at || b.id - a.id);
  const start = (page - 1) * FOLLOWERS_PAGE_SIZE;
  return { ids: matching.slice(start, start + FOLLOWERS_PAGE_SIZE).map((f) => f.id), total: matching.length };
}

describe('GET /api/qrchannel/{channel}/followers pages', () => {
  it('gives every page from either end, with and without tags, as the plain rule does', async () => {
    const searches = [
      [],
      [tags.popular],
      [tags.half],
      [tags.rare],
      [tags.popular, tags.half],
      [tags.half, tags.popular, tags.rare],
      [tags.none],
    ];
    for (const tagIds of searches) {
      const pages = Math.ceil(expected(tagIds, 1).total / FOLLOWERS_PAGE_SIZE) + 1;
      for (let page = 1; page <= pages; page += 1) {
        const query = `?page=${page}${tagIds.length ? `&tag_ids=${tagIds.join(',')}` : ''}`;
        const got = await followersOf(owner.client, channelId, query);
        const want = expected(tagIds, page);
        expect(
          { ids: got.followers.map((f) => f.follower_id), total: got.total_count },
          `tags ${tagIds} page ${page}`,
        ).toEqual(want);
        expect(got.register_count).toBe(FOLLOWERS);
        expect(got.page).toBe(page);
      }
    }
  });

  it('answers a page far past the last at once: no followers, the counts kept', async () => {
    for (const query of ['?page=1000000', `?page=1000000&tag_ids=${tags.popular},${tags.half}`]) {
      const got = await followersOf(owner.client, channelId, query);
      expect(got.followers).toEqual([]);
      expect(got.register_count).toBe(FOLLOWERS);
      expect(got.page).toBe(1_000_000);
    }
    expect((await followersOf(owner.client, channelId, '?page=1000000')).total_count).toBe(FOLLOWERS);
  });

  // SQLite's plan only: PostgreSQL chooses its plan from its statistics, so a plan is no rule there.
  it.runIf(testDb === 'sqlite')(
    'reads a page in the order of an index, never sorting the channel',
    async () => {
      const plan = await sql<{ detail: string }>`
      explain query plan select id, followed_at from followers where channel_id = ${channelId}
      order by followed_at desc, id desc limit 20 offset 40`.execute(t.ctx.db.kysely);
      const steps = plan.rows.map((r) => r.detail).join('; ');
      expect(steps).toContain('followers_channel_followed');
      expect(steps).not.toContain('TEMP B-TREE');
    },
  );

  it('finds nobody for a tag of another channel, even beside one of this channel', async () => {
    const otherChannel = (await createChannel(owner.client, { channel_name: '別の店' })).channel_id;
    const [foreign] = (await seedTags(t.ctx.db, otherChannel, ['他店'])) as [number];
    await seedFollowers(t.ctx.db, otherChannel, [[foreign]]);
    const got = await followersOf(owner.client, channelId, `?tag_ids=${tags.popular},${foreign}`);
    expect(got.followers).toEqual([]);
    expect(got.total_count).toBe(0);
    expect(got.register_count).toBe(FOLLOWERS);
  });
});
