import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { tagListAnswer } from '@qrqr/shared/tag-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { createTag, deleteTags, tagUrl } from '../helpers/tags';

let t: TestApp;
let owner: Member;
let other: Member;
let channel: ChannelDto;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
  channel = await createChannel(owner.client);
});
afterAll(() => t?.close());

const names = (body: { [key: string]: unknown }) => (body.tags as TagDto[]).map((x) => x.tag_name);

describe('GET /api/qrchannel/{channel}/tag', () => {
  it('lists the channel’s tags in creation order, and only its own', async () => {
    const mine = await createChannel(owner.client, { channel_name: '一覧の店' });
    const elsewhere = await createChannel(owner.client, { channel_name: '別の店' });
    await createTag(owner.client, mine.channel_id, '常連');
    await createTag(owner.client, mine.channel_id, 'ランチ');
    await createTag(owner.client, elsewhere.channel_id, '別の店のタグ');
    const body = expectAnswer(await owner.client.get(tagUrl(mine.channel_id)), tagListAnswer);
    expect(names(body)).toEqual(['常連', 'ランチ']);
    expect(body.total_count).toBe(2);
  });

  it('searches by part of the name, full/half width and case alike', async () => {
    const ch = await createChannel(owner.client, { channel_name: '検索の店' });
    for (const n of ['カフェ好き', 'Coffee', 'ランチ']) await createTag(owner.client, ch.channel_id, n);
    const search = async (q: string) =>
      names(expectOk(await owner.client.get(`${tagUrl(ch.channel_id)}?query=${encodeURIComponent(q)}`)));
    expect(await search('ｶﾌｪ')).toEqual(['カフェ好き']);
    expect(await search('coffee')).toEqual(['Coffee']);
    expect(await search('%')).toEqual([]);
    expect(await search('')).toHaveLength(3);
  });

  it('is empty for a new channel', async () => {
    const ch = await createChannel(owner.client, { channel_name: '新しい店' });
    expect(expectOk(await owner.client.get(tagUrl(ch.channel_id))).tags).toEqual([]);
  });
});

describe('POST /api/qrchannel/{channel}/tag', () => {
  it('creates a tag and renames it with tag_id', async () => {
    const tag = await createTag(owner.client, channel.channel_id, '  雨の日  ');
    expect(tag.tag_name).toBe('雨の日');
    const renamed = expectOk(
      await owner.client.post(tagUrl(channel.channel_id), { tag_name: '雨の日来店', tag_id: tag.tag_id }),
    );
    expect(renamed.tag).toMatchObject({ tag_id: tag.tag_id, tag_name: '雨の日来店' });
    // Renaming to its own name again is not a duplicate.
    expectOk(
      await owner.client.post(tagUrl(channel.channel_id), { tag_name: '雨の日来店', tag_id: tag.tag_id }),
    );
  });

  it('accepts the form-encoded body of the spec’s pages', async () => {
    const res = await owner.client.post(tagUrl(channel.channel_id), { tag_name: 'フォーム' }, { form: true });
    expect(expectOk(res).tag).toMatchObject({ tag_name: 'フォーム' });
  });

  it('takes 32 characters (kanji count as one each) and refuses 33 with the tag-name-too-long message', async () => {
    expectOk(await owner.client.post(tagUrl(channel.channel_id), { tag_name: '字'.repeat(32) }));
    for (const locale of ['ja', 'en'] as const) {
      const res = await owner.client.post(
        tagUrl(channel.channel_id),
        { tag_name: 'あ'.repeat(33) },
        { headers: { cookie: `lang=${locale}; sid=${owner.client.sid}` } },
      );
      expectError(res, 'E-400', { field: 'tag_name', rule: 'validation.tag_name_too_long', locale });
    }
  });

  it.each([
    ['missing', {}],
    ['empty', { tag_name: '' }],
    ['blank', { tag_name: '   ' }],
    ['not text', { tag_name: 12 }],
  ])('refuses a %s name', async (_label, body) => {
    const res = await owner.client.post(tagUrl(channel.channel_id), body);
    expectError(res, 'E-400', { field: 'tag_name', rule: 'validation.tag_name_required' });
  });

  it('refuses a name the channel already has (width and case alike), on create and rename', async () => {
    const ch = await createChannel(owner.client, { channel_name: '重複の店' });
    await createTag(owner.client, ch.channel_id, 'VIP');
    const other2 = await createTag(owner.client, ch.channel_id, '一般');
    for (const body of [
      { tag_name: 'VIP' },
      { tag_name: 'ｖｉｐ' },
      { tag_name: 'vip', tag_id: other2.tag_id },
    ]) {
      const res = await owner.client.post(tagUrl(ch.channel_id), body);
      expectError(res, 'E-409', {
        field: 'tag_name',
        rule: 'validation.tag_name_taken',
        messageKey: 'errors.tag_name_taken',
      });
    }
    // Another channel may have the same name.
    expectOk(await owner.client.post(tagUrl(channel.channel_id), { tag_name: 'VIP' }));
  });

  it('refuses ill-formed ids and renaming another channel’s tag', async () => {
    expectError(
      await owner.client.post(tagUrl(channel.channel_id), { tag_name: 'x', tag_id: 'abc' }),
      'E-400',
      {
        field: 'tag_id',
        rule: 'validation.tag_ids_invalid',
      },
    );
    const foreign = await createChannel(other.client, { channel_name: '他人の店' });
    const theirs = await createTag(other.client, foreign.channel_id, '他人のタグ');
    expectError(
      await owner.client.post(tagUrl(channel.channel_id), { tag_name: '奪う', tag_id: theirs.tag_id }),
      'E-404',
    );
    const list = expectOk(await other.client.get(tagUrl(foreign.channel_id)));
    expect(names(list)).toEqual(['他人のタグ']);
  });
});

describe('DELETE /api/qrchannel/{channel}/tag', () => {
  it('deletes many at once, JSON or form-encoded', async () => {
    const ch = await createChannel(owner.client, { channel_name: '削除の店' });
    const [a, b, c, d] = await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) => createTag(owner.client, ch.channel_id, n)),
    );
    expect(
      expectOk(await deleteTags(owner.client, ch.channel_id, { tag_ids: [a?.tag_id, b?.tag_id] }))
        .deleted_count,
    ).toBe(2);
    expectOk(await deleteTags(owner.client, ch.channel_id, { tag_ids: `${c?.tag_id}` }, true));
    expect(names(expectOk(await owner.client.get(tagUrl(ch.channel_id))))).toEqual([d?.tag_name]);
  });

  it('deletes nothing when one id is another channel’s or missing (404)', async () => {
    const ch = await createChannel(owner.client, { channel_name: '混在の店' });
    const mine = await createTag(owner.client, ch.channel_id, '自分の');
    const foreign = await createChannel(other.client, { channel_name: '他人の店2' });
    const theirs = await createTag(other.client, foreign.channel_id, '他人の');
    expectError(
      await deleteTags(owner.client, ch.channel_id, { tag_ids: [mine.tag_id, theirs.tag_id] }),
      'E-404',
    );
    expectError(await deleteTags(owner.client, ch.channel_id, { tag_ids: [mine.tag_id, 99999999] }), 'E-404');
    expect(names(expectOk(await owner.client.get(tagUrl(ch.channel_id))))).toEqual(['自分の']);
    expect(names(expectOk(await other.client.get(tagUrl(foreign.channel_id))))).toEqual(['他人の']);
  });

  it.each([
    ['no ids', {}, 'tag_ids'],
    ['an empty list', { tag_ids: [] }, 'tag_ids'],
    ['a word', { tag_ids: 'abc' }, 'tag_ids.0'],
    ['a negative id', { tag_ids: [3, -1] }, 'tag_ids.1'],
    ['a fraction', { tag_ids: [1.5] }, 'tag_ids.0'],
  ])('refuses %s', async (_label, body, field) => {
    expectError(await deleteTags(owner.client, channel.channel_id, body), 'E-400', {
      field,
      rule: 'validation.tag_ids_invalid',
    });
  });

  it('answers E-710 naming the tags a send list uses, and deletes none of them', async () => {
    const ch = await createChannel(owner.client, { channel_name: '送信リストの店' });
    const used = await createTag(owner.client, ch.channel_id, '使用中');
    const free = await createTag(owner.client, ch.channel_id, '未使用');
    const seen: Array<{ channelId: number; tagIds: number[] }> = [];
    // What the send-list module registers: the ids among those asked that a list of it uses.
    t.ctx.registry.register(points.tagDelete, async ({ channelId, ids }) => {
      seen.push({ channelId, tagIds: [...ids] });
      return channelId === ch.channel_id
        ? ids.filter((id) => id === used.tag_id).map((id) => ({ id, by: '週末の常連' }))
        : [];
    });
    for (const locale of ['ja', 'en'] as const) {
      const res = await owner.client.post(
        tagUrl(ch.channel_id),
        { tag_ids: [free.tag_id, used.tag_id] },
        { method: 'DELETE', headers: { cookie: `lang=${locale}; sid=${owner.client.sid}` } },
      );
      const body = expectError(res, 'E-710', { locale });
      expect(body.errors?.map((e) => e.field)).toEqual([`tag_ids.${used.tag_id}`]);
      expect(body.errors?.map((e) => e.values)).toEqual([['週末の常連']]);
    }
    expect(seen[0]).toEqual({ channelId: ch.channel_id, tagIds: [free.tag_id, used.tag_id] });
    expect(names(expectOk(await owner.client.get(tagUrl(ch.channel_id))))).toEqual(['使用中', '未使用']);
    expectOk(await deleteTags(owner.client, ch.channel_id, { tag_ids: [free.tag_id] }));
    expect(names(expectOk(await owner.client.get(tagUrl(ch.channel_id))))).toEqual(['使用中']);
  });
});

describe('every tag call', () => {
  it("answers 404 for another member's channel and a missing one, and 401 signed out", async () => {
    const tag = await createTag(owner.client, channel.channel_id, '境界');
    const url = tagUrl(channel.channel_id);
    expectError(await other.client.get(url), 'E-404');
    expectError(await other.client.post(url, { tag_name: '侵入' }), 'E-404');
    expectError(await deleteTags(other.client, channel.channel_id, { tag_ids: [tag.tag_id] }), 'E-404');
    expectError(await owner.client.get(tagUrl(987654321)), 'E-404');
    const guest = await newClient(t.app);
    expectError(await guest.get(url), 'E-401');
    expect(names(expectOk(await owner.client.get(url)))).toContain('境界');
  });

  it('needs the CSRF token and X-Requested-With to change anything', async () => {
    const url = tagUrl(channel.channel_id);
    expectError(await owner.client.post(url, { tag_name: 'csrf1' }, { csrf: 'omit' }), 'E-403');
    expectError(await owner.client.post(url, { tag_name: 'csrf2' }, { csrf: 'forged-token' }), 'E-403');
    expectError(await owner.client.post(url, { tag_name: 'csrf3' }, { noXrw: true }), 'E-403');
    const tag = await createTag(owner.client, channel.channel_id, 'csrf4');
    expectError(
      await owner.client.post(url, { tag_ids: [tag.tag_id] }, { method: 'DELETE', csrf: 'omit' }),
      'E-403',
    );
    const list = names(expectOk(await owner.client.get(url)));
    expect(list).toContain('csrf4');
    expect(list).not.toContain('csrf1');
  });

  it('refuses a malformed JSON body', async () => {
    const res = await owner.client.post(tagUrl(channel.channel_id), undefined, { rawJson: '{"tag_name":' });
    expect(res.statusCode).toBe(400);
  });
});
