import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient, type TestClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { follow, followersOf, newFollower, unfollow } from '../helpers/followers';
import { createTag, deleteTags } from '../helpers/tags';

let t: TestApp;
let owner: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
});
afterAll(() => t?.close());

const tagsUrl = (channelId: number) => channelPath.under(channelId, 'followers/tags');
const setTags = (client: TestClient, channelId: number, body: Record<string, unknown>, form = false) =>
  client.post(tagsUrl(channelId), body, { form });

/** A channel with `n` followers (oldest first in the returned ids) and two tags. */
async function channelWithFollowers(n: number, name: string) {
  const channel = await createChannel(owner.client, { channel_name: name });
  for (let i = 0; i < n; i += 1) await newFollower(t.app, channel.channel_code);
  const ids: number[] = [];
  for (let page = 1; ids.length < n; page += 1) {
    const { followers } = await followersOf(owner.client, channel.channel_id, `?page=${page}`);
    ids.unshift(...followers.map((f) => f.follower_id).reverse());
  }
  const vip = await createTag(owner.client, channel.channel_id, 'VIP');
  const lunch = await createTag(owner.client, channel.channel_id, 'ランチ');
  return { channel, ids, vip, lunch };
}

describe('GET /api/qrchannel/{channel}/followers', () => {
  it('lists followers newest first with follow date and tags, 20 a page, never the device', async () => {
    const { channel, ids } = await channelWithFollowers(23, '一覧の店');
    const first = await followersOf(owner.client, channel.channel_id);
    expect(first).toMatchObject({ total_count: 23, register_count: 23, page: 1, page_size: 20 });
    expect(first.followers).toHaveLength(20);
    expect(first.followers[0]).toEqual({
      follower_id: ids[22],
      followed_at: expect.any(Number),
      tags: [],
    });
    const second = await followersOf(owner.client, channel.channel_id, '?page=2');
    expect(second.followers.map((f) => f.follower_id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await followersOf(owner.client, channel.channel_id, '?page=9')).followers).toEqual([]);
    const raw = (await owner.client.get(channelPath.under(channel.channel_id, 'followers'))).body;
    expect(raw).not.toMatch(/device|hash/i);
  });

  it('is empty for a channel nobody follows', async () => {
    const channel = await createChannel(owner.client, { channel_name: '静かな店' });
    expect(await followersOf(owner.client, channel.channel_id)).toMatchObject({
      followers: [],
      total_count: 0,
      register_count: 0,
    });
  });

  it('searches by tag: followers carrying every tag given; register_count stays the whole channel', async () => {
    const { channel, ids, vip, lunch } = await channelWithFollowers(4, '検索の店');
    const [a, b, c] = ids as [number, number, number];
    expectOk(
      await setTags(owner.client, channel.channel_id, { follower_ids: [a, b], add_tag_ids: [vip.tag_id] }),
    );
    expectOk(
      await setTags(owner.client, channel.channel_id, { follower_ids: [b, c], add_tag_ids: [lunch.tag_id] }),
    );
    const only = async (q: string) =>
      (await followersOf(owner.client, channel.channel_id, q)).followers.map((f) => f.follower_id).sort();
    expect(await only(`?tag_ids=${vip.tag_id}`)).toEqual([a, b].sort());
    expect(await only(`?tag_ids=${vip.tag_id},${lunch.tag_id}`)).toEqual([b]);
    const page = await followersOf(owner.client, channel.channel_id, `?tag_ids=${lunch.tag_id}`);
    expect(page).toMatchObject({ total_count: 2, register_count: 4 });
    const bRow = (await followersOf(owner.client, channel.channel_id)).followers.find(
      (f) => f.follower_id === b,
    );
    expect(bRow?.tags).toEqual([
      { tag_id: vip.tag_id, tag_name: 'VIP' },
      { tag_id: lunch.tag_id, tag_name: 'ランチ' },
    ]);
  });

  it.each([
    ['?page=0', 'page', 'validation.page_invalid'],
    ['?page=abc', 'page', 'validation.page_invalid'],
    ['?tag_ids=x', 'tag_ids.0', 'validation.tag_ids_invalid'],
    ['?tag_ids=1,,2', 'tag_ids.1', 'validation.tag_ids_invalid'],
    [
      `?tag_ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`,
      'tag_ids',
      'validation.ids_too_many',
    ],
  ])('refuses %s', async (query, field, rule) => {
    const channel = await createChannel(owner.client, { channel_name: '不正な検索' });
    const res = await owner.client.get(`${channelPath.under(channel.channel_id, 'followers')}${query}`);
    expectError(res, 'E-400', { field, rule });
  });
});

describe('POST /api/qrchannel/{channel}/followers/tags', () => {
  it('tags and untags one or many followers at once, JSON or form-encoded, idempotently', async () => {
    const { channel, ids, vip, lunch } = await channelWithFollowers(3, '付け外しの店');
    const [a, b, c] = ids as [number, number, number];
    const res = await setTags(owner.client, channel.channel_id, {
      follower_ids: [c, a, b],
      add_tag_ids: [vip.tag_id, lunch.tag_id],
    });
    expect(expectOk(res).follower_ids).toEqual([a, b, c]);
    // Tagging again adds nothing twice.
    expectOk(
      await setTags(owner.client, channel.channel_id, { follower_ids: [a], add_tag_ids: [vip.tag_id] }),
    );
    expectOk(
      await setTags(
        owner.client,
        channel.channel_id,
        { follower_ids: `${a},${b}`, remove_tag_ids: `${lunch.tag_id}` },
        true,
      ),
    );
    const tagsOf = async () =>
      Object.fromEntries(
        (await followersOf(owner.client, channel.channel_id)).followers.map((f) => [
          f.follower_id,
          f.tags.map((x) => x.tag_name),
        ]),
      );
    expect(await tagsOf()).toEqual({ [a]: ['VIP'], [b]: ['VIP'], [c]: ['VIP', 'ランチ'] });
    // Swap in one call: add one, remove another.
    expectOk(
      await setTags(owner.client, channel.channel_id, {
        follower_ids: [c],
        add_tag_ids: [],
        remove_tag_ids: [vip.tag_id],
      }),
    );
    expect((await tagsOf())[c]).toEqual(['ランチ']);
  });

  it.each([
    ['no followers', { add_tag_ids: [1] }, 'follower_ids', 'validation.follower_ids_invalid'],
    [
      'a bad follower id',
      { follower_ids: ['x'], add_tag_ids: [1] },
      'follower_ids.0',
      'validation.follower_ids_invalid',
    ],
    ['no tags to add or remove', { follower_ids: [1] }, 'add_tag_ids', 'validation.follower_tags_none'],
    [
      'one tag both added and removed',
      { follower_ids: [1], add_tag_ids: [5], remove_tag_ids: [5] },
      'remove_tag_ids',
      'validation.follower_tags_both',
    ],
    ['a bad tag id', { follower_ids: [1], add_tag_ids: [0] }, 'add_tag_ids.0', 'validation.tag_ids_invalid'],
  ])('refuses %s', async (_label, body, field, rule) => {
    const channel = await createChannel(owner.client, { channel_name: '不正な付け外し' });
    expectError(await setTags(owner.client, channel.channel_id, body), 'E-400', { field, rule });
  });

  it("answers 404 and changes nothing for another channel's follower or tag", async () => {
    const mine = await channelWithFollowers(1, '自分の店');
    const theirs = await createChannel(other.client, { channel_name: '他人の店' });
    const theirFollower = await newFollower(t.app, theirs.channel_code);
    expect(theirFollower.cookies.has('qr_device')).toBe(true);
    const theirPage = await followersOf(other.client, theirs.channel_id);
    const theirId = theirPage.followers[0]?.follower_id as number;
    const theirTag = await createTag(other.client, theirs.channel_id, '他人のタグ');
    const [myId] = mine.ids as [number];
    expectError(
      await setTags(owner.client, mine.channel.channel_id, {
        follower_ids: [myId, theirId],
        add_tag_ids: [mine.vip.tag_id],
      }),
      'E-404',
    );
    expectError(
      await setTags(owner.client, mine.channel.channel_id, {
        follower_ids: [myId],
        add_tag_ids: [theirTag.tag_id],
      }),
      'E-404',
    );
    expectError(
      await setTags(owner.client, mine.channel.channel_id, {
        follower_ids: [myId],
        remove_tag_ids: [theirTag.tag_id],
      }),
      'E-404',
    );
    expect((await followersOf(owner.client, mine.channel.channel_id)).followers[0]?.tags).toEqual([]);
    // The whole call on their channel from my browser: 404 before anything.
    expectError(
      await setTags(owner.client, theirs.channel_id, {
        follower_ids: [theirId],
        add_tag_ids: [theirTag.tag_id],
      }),
      'E-404',
    );
    expectError(await owner.client.get(channelPath.under(theirs.channel_id, 'followers')), 'E-404');
    expect((await followersOf(other.client, theirs.channel_id)).followers[0]?.tags).toEqual([]);
  });

  it('needs a member, the CSRF token and X-Requested-With', async () => {
    const { channel, ids, vip } = await channelWithFollowers(1, 'CSRFの店');
    const body = { follower_ids: ids, add_tag_ids: [vip.tag_id] };
    expectError(await owner.client.post(tagsUrl(channel.channel_id), body, { csrf: 'omit' }), 'E-403');
    expectError(await owner.client.post(tagsUrl(channel.channel_id), body, { noXrw: true }), 'E-403');
    const guest = await newClient(t.app);
    expectError(await guest.post(tagsUrl(channel.channel_id), body), 'E-401');
    expectError(await guest.get(channelPath.under(channel.channel_id, 'followers')), 'E-401');
    expect((await followersOf(owner.client, channel.channel_id)).followers[0]?.tags).toEqual([]);
  });

  it('a deleted tag leaves its followers', async () => {
    const { channel, ids, vip, lunch } = await channelWithFollowers(2, 'タグ削除の店');
    expectOk(
      await setTags(owner.client, channel.channel_id, {
        follower_ids: ids,
        add_tag_ids: [vip.tag_id, lunch.tag_id],
      }),
    );
    expectOk(await deleteTags(owner.client, channel.channel_id, { tag_ids: [vip.tag_id] }));
    const page = await followersOf(owner.client, channel.channel_id);
    expect(page.followers.map((f) => f.tags)).toEqual([
      [{ tag_id: lunch.tag_id, tag_name: 'ランチ' }],
      [{ tag_id: lunch.tag_id, tag_name: 'ランチ' }],
    ]);
  });
});

describe('deleting a channel', () => {
  it('removes its followers, tags and follower tags, and nobody else’s', async () => {
    const gone = await channelWithFollowers(2, '閉店する店');
    const kept = await channelWithFollowers(1, '続く店');
    expectOk(
      await setTags(owner.client, gone.channel.channel_id, {
        follower_ids: gone.ids,
        add_tag_ids: [gone.vip.tag_id],
      }),
    );
    expectOk(
      await setTags(owner.client, kept.channel.channel_id, {
        follower_ids: kept.ids,
        add_tag_ids: [kept.vip.tag_id],
      }),
    );
    const count = async (table: string, channelId: number) => {
      const { rows } = await sql<{
        n: number | string;
      }>`select count(*) as n from ${sql.table(table)} where channel_id = ${channelId}`.execute(
        t.ctx.db.kysely,
      );
      return Number(rows[0]?.n);
    };
    expect(await count('followers', gone.channel.channel_id)).toBe(2);
    expectOk(await owner.client.delete(channelPath.one(gone.channel.channel_id)));
    for (const table of ['followers', 'tags', 'follower_tags'])
      expect(await count(table, gone.channel.channel_id)).toBe(0);
    expect(await count('followers', kept.channel.channel_id)).toBe(1);
    expect(await count('tags', kept.channel.channel_id)).toBe(2);
    expect(await count('follower_tags', kept.channel.channel_id)).toBe(1);
  });
});

describe('the follower hooks', () => {
  it('tells registered modules of each new follower once, not of a repeated follow', async () => {
    const channel: ChannelDto = await createChannel(owner.client, { channel_name: 'ようこその店' });
    const heard: Array<{ channelId: number; followerId: number }> = [];
    // A new follower is told in the follow's own transaction (points.joining); `points.followed`,
    // a job after the answer that no module listened to, is gone (migration 0027).
    t.ctx.registry.register(points.joining, async (event) => {
      if (event.channelId === channel.channel_id)
        heard.push({ channelId: event.channelId, followerId: event.followerId });
    });
    const phone = await newFollower(t.app, channel.channel_code);
    expectOk(await follow(phone, channel.channel_code));
    const id = (await followersOf(owner.client, channel.channel_id)).followers[0]?.follower_id;
    expect(heard).toEqual([{ channelId: channel.channel_id, followerId: id }]);
    // Nothing is left to run after the answer.
    const stored = await t.ctx.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('key', '=', `${channel.channel_id}:${id}`)
      .execute();
    expect(stored).toEqual([]);
    await t.ctx.jobs.drain();
    expect(heard).toHaveLength(1);
  });

  it('tells registered modules of a follower that left, once, and not of a device that did not follow', async () => {
    const channel: ChannelDto = await createChannel(owner.client, { channel_name: 'またねの店' });
    const left: Array<{ channelId: number; followerId: number }> = [];
    const unregister = t.ctx.registry.register(points.unfollowed, async (event) => {
      if (event.channelId === channel.channel_id) left.push(event);
    });
    try {
      const phone = await newFollower(t.app, channel.channel_code);
      expectOk(await follow(phone, channel.channel_code));
      const id = (await followersOf(owner.client, channel.channel_id)).followers[0]?.follower_id;
      expectOk(await unfollow(phone, channel.channel_code));
      expectOk(await unfollow(phone, channel.channel_code));
      // Like a follow, a job stored with the change, run after the answer.
      expect(
        await t.ctx.db.kysely
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 'followers.unfollowed-event')
          .where('key', '=', `${channel.channel_id}:${id}`)
          .execute(),
      ).toHaveLength(1);
      await t.ctx.jobs.drain();
      expect(left).toEqual([{ channelId: channel.channel_id, followerId: id }]);
    } finally {
      unregister();
    }
  });
});
