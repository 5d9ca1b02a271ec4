import { channelPath } from '@qrqr/shared/channel-paths';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { createTag, deleteTags } from '../helpers/tags';

/**
 * Deleting a tag checks that no send list uses it (E-710) and deletes it as one step: a list saved
 * at the same moment either sees the tag gone (the field error of a deleted tag) or keeps it and
 * stops the delete, never both succeed (the list would silently lose the tag by the cascade).
 */
let t: TestApp;
let owner: Member;
let channelId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  channelId = (await createChannel(owner.client)).channel_id;
});
afterAll(() => t?.close());

const listUrl = () => channelPath.under(channelId, 'sendlist');
let names = 0;
const saveList = (tagId: number) =>
  owner.client.post(listUrl(), {
    sendlist_name: `競合${++names}`,
    box_filter_1: 0,
    tag_list_1: [tagId],
    box_filter_2: 3,
    tag_list_2: [],
  });

async function storedTagIds(): Promise<number[]> {
  const rows = await t.ctx.db.kysely
    .selectFrom('tags')
    .select('id')
    .where('channel_id', '=', channelId)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Exactly one of the two wins, and what is stored agrees with the answers. */
async function expectOneWinner(save: LightMyRequestResponse, del: LightMyRequestResponse, tagId: number) {
  const tags = await storedTagIds();
  if (del.statusCode === 200) {
    expectError(save, 'E-400', { field: 'tag_list_1', rule: 'validation.sendlist_tag_unknown' });
    expect(tags).not.toContain(tagId);
  } else {
    expectError(del, 'E-710');
    const saved = expectOk(save).sendlist as SendlistDto;
    const stored = expectOk(await owner.client.get(`${listUrl()}/${saved.sendlist_id}`))
      .sendlist as SendlistDto;
    expect(stored.tag_list_1).toEqual([tagId]);
    expect(tags).toContain(tagId);
  }
}

describe('a send list saved while its tag is being deleted', () => {
  it('is saved between the E-710 check and the delete: the save waits and then finds the tag gone', async () => {
    const tag = await createTag(owner.client, channelId, '削除中');
    let save: Promise<LightMyRequestResponse> | undefined;
    // Registered after the send lists' own check, so it runs once that check has found no list:
    // the moment a save used to slip in. It starts the save and gives it time to finish.
    t.ctx.registry.register(points.tagDelete, async ({ channelId: channel, ids }) => {
      if (channel === channelId && ids.includes(tag.tag_id) && !save) {
        save = saveList(tag.tag_id);
        await Promise.race([save, new Promise((resolve) => setTimeout(resolve, 500))]);
      }
      return [];
    });
    const del = await deleteTags(owner.client, channelId, { tag_ids: [tag.tag_id] });
    expect(save).toBeDefined();
    const saved = await (save as Promise<LightMyRequestResponse>);
    expectOk(del);
    await expectOneWinner(saved, del, tag.tag_id);
  });

  it('leaves exactly one winner when saves and deletes of the same tag run at once', async () => {
    for (let round = 0; round < 8; round++) {
      const tag = await createTag(owner.client, channelId, `同時${round}`);
      const [save, del] = await Promise.all([
        saveList(tag.tag_id),
        deleteTags(owner.client, channelId, { tag_ids: [tag.tag_id] }),
      ]);
      await expectOneWinner(save, del, tag.tag_id);
    }
  });
});
