import type { TagFilter } from '@qrqr/shared/tag-filter';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFollowers, listFollowerPage } from '../../src/modules/followers/repository';
import { countAudiences } from '../../src/modules/sendlists/audience-counts';
import { countAudience } from '../../src/modules/sendlists/audience-query';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedTags } from '../helpers/audience';
import { createChannel, registeredMember } from '../helpers/channels';

/**
 * The long reads of the operator's screens (send-list counts, the followers page's tag search) must
 * leave the thread that answers everyone else free: on SQLite, better-sqlite3 runs a query on the
 * calling thread, so they run on a thread of their own (db/long-reads.ts). A timer keeps firing
 * while they run; a read on the main thread would hold it until the end.
 */

const FOLLOWERS = 20_000;
const TAGS = 20;
let t: TestApp;
let channelId: number;
let tagIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await registeredMember(t.app);
  channelId = (await createChannel(owner.client)).channel_id;
  tagIds = await seedTags(
    t.ctx.db,
    channelId,
    Array.from({ length: TAGS }, (_, i) => `tag${i}`),
  );
  const db = t.ctx.db.kysely;
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${FOLLOWERS})
    insert into followers (channel_id, device_hash, followed_at)
    select cast(${channelId} as bigint), 'd' || i, cast(${Date.now()} as bigint) + i from n`.execute(db);
  // About 6 tags a follower, spread unevenly over the tags.
  await sql`
    insert into follower_tags (follower_id, tag_id, channel_id)
    select f.id, tg.id, f.channel_id from followers f join tags tg on tg.channel_id = f.channel_id
    where f.channel_id = ${channelId} and (f.id * 7 + tg.id * tg.id * 13) % 10 < 3`.execute(db);
}, 120_000);
afterAll(() => t?.close());

/** How often a 1 ms timer fired while `work` ran (none when it held the thread throughout). */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

const box = (mode: number, ids: number[]) => ({ mode, ids });
function list(a: ReturnType<typeof box>, b: ReturnType<typeof box>): TagFilter {
  return { box_filter_1: a.mode as 0, tag_list_1: a.ids, box_filter_2: b.mode as 0, tag_list_2: b.ids };
}

describe('long reads of the operator screens', () => {
  it('count a page of 30 send lists while the main thread keeps turning', async () => {
    const lists = Array.from({ length: 30 }, (_, i) =>
      list(
        box(i % 5, tagIds.slice(i % TAGS, (i % TAGS) + 3)),
        box((i + 2) % 5, tagIds.slice(i % 7, (i % 7) + 2)),
      ),
    );
    let counts: number[] = [];
    const ticks = await ticksDuring(async () => {
      counts = await countAudiences(t.ctx.db, channelId, lists);
    });
    expect(counts).toHaveLength(30);
    expect(ticks).toBeGreaterThan(0);
  });

  it("count one list (the editor's live count, a list's detail) while the main thread keeps turning", async () => {
    const ticks = await ticksDuring(() =>
      countAudience(t.ctx.db, channelId, list(box(1, tagIds.slice(0, 8)), box(4, tagIds.slice(8, 10)))),
    );
    expect(ticks).toBeGreaterThan(0);
  });

  it('search the followers by tags while the main thread keeps turning', async () => {
    const followerCount = await countFollowers(t.ctx.db, channelId);
    let total = 0;
    const ticks = await ticksDuring(async () => {
      ({ total } = await listFollowerPage(t.ctx.db, {
        channelId,
        tagIds: tagIds.slice(0, 2),
        followerCount,
        offset: 200,
        limit: 20,
      }));
    });
    expect(total).toBeGreaterThan(0);
    expect(ticks).toBeGreaterThan(0);
  });
});
