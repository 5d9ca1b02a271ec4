import { channelPath } from '@qrqr/shared/channel-paths';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { followersOf, newFollower } from '../helpers/followers';
import { createTag, deleteTags } from '../helpers/tags';

/**
 * Tagging followers while the same tag is being deleted: either the tagging sees the tag gone
 * (E-404, nothing written) or it lands first and the delete then takes the tag off everyone.
 * Never a 500 from a follower tag pointing at a deleted tag.
 */
let t: TestApp;
let owner: Member;
let channelId: number;
let followerId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  const channel = await createChannel(owner.client, { channel_name: 'タグ削除の競合' });
  channelId = channel.channel_id;
  await newFollower(t.app, channel.channel_code);
  followerId = (await followersOf(owner.client, channelId)).followers[0]?.follower_id as number;
});
afterAll(() => t?.close());

const tagFollower = (tagId: number) =>
  owner.client.post(channelPath.under(channelId, 'followers/tags'), {
    follower_ids: [followerId],
    add_tag_ids: [tagId],
  });

async function expectConsistent(tagging: LightMyRequestResponse, del: LightMyRequestResponse) {
  expectOk(del);
  if (tagging.statusCode !== 200) expectError(tagging, 'E-404');
  const stored = await t.ctx.db.kysely
    .selectFrom('follower_tags')
    .select('tag_id')
    .where('channel_id', '=', channelId)
    .execute();
  expect(stored).toEqual([]);
}

describe('followers tagged while their tag is being deleted', () => {
  it('is tagged between the delete check and the delete: E-404, nothing stored', async () => {
    const tag = await createTag(owner.client, channelId, '消える印');
    let tagging: Promise<LightMyRequestResponse> | undefined;
    // Runs inside the delete's transaction, after its tags are locked: the moment a tagging
    // used to find the tag, then fail its insert once the delete had committed.
    t.ctx.registry.register(points.tagDelete, async ({ channelId: channel, ids }) => {
      if (channel === channelId && ids.includes(tag.tag_id) && !tagging) {
        tagging = tagFollower(tag.tag_id);
        await Promise.race([tagging, new Promise((resolve) => setTimeout(resolve, 300))]);
      }
      return [];
    });
    const del = await deleteTags(owner.client, channelId, { tag_ids: [tag.tag_id] });
    expect(tagging).toBeDefined();
    const res = await (tagging as Promise<LightMyRequestResponse>);
    expectError(res, 'E-404');
    await expectConsistent(res, del);
  });

  it('never answers 500 when taggings and deletes of the same tag run at once', async () => {
    for (let round = 0; round < 8; round++) {
      const tag = await createTag(owner.client, channelId, `同時${round}`);
      const [tagging, del] = await Promise.all([
        tagFollower(tag.tag_id),
        deleteTags(owner.client, channelId, { tag_ids: [tag.tag_id] }),
      ]);
      await expectConsistent(tagging, del);
    }
  });
});
