import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';

let t: TestApp;
let owner: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
});
afterAll(() => t?.close());

const settings = {
  channel_name: '喫茶こもれび 駅前店',
  channel_user_type: 1,
  industory_id: 1,
  sub_industory_id: 106,
  description_short: '駅前の小さな喫茶店です',
  description_long: '自家焙煎の珈琲と手作りのケーキをご用意しています。',
  address: '東京都千代田区丸の内1-1-1',
  description_route: '東京駅丸の内北口から徒歩3分',
  latitude: 35.6812,
  longitude: 139.7671,
  relation_links: [
    { text: '公式サイト', url: 'https://komorebi.example.jp' },
    { text: 'Instagram', url: 'https://instagram.example/komorebi' },
  ],
};

describe('GET /api/qrchannel/channel/{id}', () => {
  it('answers the channel to its owner', async () => {
    const channel = await createChannel(owner.client);
    expect(expectOk(await owner.client.get(channelPath.one(channel.channel_id))).channel).toEqual(channel);
  });

  it("answers 404 for another member's channel, a missing one and a malformed id alike", async () => {
    const channel = await createChannel(owner.client);
    for (const id of [channel.channel_id, 999999, 'abc', '01']) {
      expectError(await other.client.get(channelPath.one(id)), 'E-404');
    }
  });

  it('refuses a guest (401)', async () => {
    const channel = await createChannel(owner.client);
    expectError(await (await newClient(t.app)).get(channelPath.one(channel.channel_id)), 'E-401');
  });
});

describe('PUT /api/qrchannel/channel/{id}', () => {
  it('saves every setting, and a later partial save keeps the rest', async () => {
    const channel = await createChannel(owner.client);
    const saved = expectOk(await owner.client.put(channelPath.one(channel.channel_id), settings))
      .channel as ChannelDto;
    expect(saved).toMatchObject({
      ...settings,
      channel_id: channel.channel_id,
      channel_code: channel.channel_code,
    });
    expect(saved.updated_at).toBeGreaterThanOrEqual(channel.updated_at);
    const again = expectOk(
      await owner.client.put(channelPath.one(channel.channel_id), { description_short: '', latitude: null }),
    ).channel as ChannelDto;
    expect(again).toMatchObject({ ...settings, description_short: '', latitude: null });
    expect(expectOk(await owner.client.get(channelPath.one(channel.channel_id))).channel).toEqual(again);
  });

  it('saves from a form-encoded body, relation_links as its JSON text', async () => {
    const channel = await createChannel(owner.client);
    const form = { ...settings, relation_links: JSON.stringify(settings.relation_links) };
    const saved = expectOk(
      await owner.client.put(channelPath.one(channel.channel_id), form, { form: true, csrfField: true }),
    ).channel as ChannelDto;
    expect(saved).toMatchObject(settings);
    for (const [text, rule] of [
      ['[{"text": "サイト",', 'validation.json_invalid'],
      ['{"text": "サイト"}', 'validation.json_array'],
    ]) {
      expectError(
        await owner.client.put(
          channelPath.one(channel.channel_id),
          { relation_links: text },
          { form: true, csrfField: true },
        ),
        'E-400',
        { field: 'relation_links', rule },
      );
    }
  });

  it('clears the sub-industry when the industry changes without one', async () => {
    const channel = await createChannel(owner.client);
    const saved = expectOk(await owner.client.put(channelPath.one(channel.channel_id), { industory_id: 2 }))
      .channel as ChannelDto;
    expect(saved).toMatchObject({ industory_id: 2, sub_industory_id: null });
  });

  it('ignores is_official, which only the operator command sets', async () => {
    const channel = await createChannel(owner.client);
    const saved = expectOk(await owner.client.put(channelPath.one(channel.channel_id), { is_official: true }))
      .channel as ChannelDto;
    expect(saved.is_official).toBe(false);
  });

  const link = (patch: Record<string, string>) => [{ text: 'サイト', url: 'https://example.jp', ...patch }];
  it.each([
    ['a blank name', { channel_name: '' }, 'channel_name', 'validation.channel_name_required'],
    [
      'a 21-character name',
      { channel_name: '店'.repeat(21) },
      'channel_name',
      'validation.channel_name_too_long',
    ],
    ['user type 0', { channel_user_type: 0 }, 'channel_user_type', 'validation.channel_user_type'],
    [
      'a 55-character short description',
      { description_short: 'あ'.repeat(55) },
      'description_short',
      'validation.description_short_too_long',
    ],
    [
      'a 201-character description',
      { description_long: 'あ'.repeat(201) },
      'description_long',
      'validation.description_long_too_long',
    ],
    ['a 256-character address', { address: 'あ'.repeat(256) }, 'address', 'validation.address_too_long'],
    [
      'a 101-character route',
      { description_route: 'あ'.repeat(101) },
      'description_route',
      'validation.description_route_too_long',
    ],
    ['latitude 90.5', { latitude: 90.5 }, 'latitude', 'validation.latitude_range'],
    ['latitude -91', { latitude: -91 }, 'latitude', 'validation.latitude_range'],
    ['latitude "north"', { latitude: 'north' }, 'latitude', 'validation.latitude_range'],
    ['longitude 180.1', { longitude: 180.1 }, 'longitude', 'validation.longitude_range'],
    ['longitude -181', { longitude: -181 }, 'longitude', 'validation.longitude_range'],
    [
      'a link without text',
      { relation_links: link({ text: ' ' }) },
      'relation_links.0.text',
      'validation.relation_link_text_required',
    ],
    [
      'a 256-character link text',
      { relation_links: link({ text: 'あ'.repeat(256) }) },
      'relation_links.0.text',
      'validation.relation_link_text_too_long',
    ],
    [
      'a 256-character link URL',
      { relation_links: link({ url: `https://example.jp/${'a'.repeat(237)}` }) },
      'relation_links.0.url',
      'validation.relation_link_url_too_long',
    ],
    [
      'a link URL that is not http(s)',
      { relation_links: link({ url: 'javascript:alert(1)' }) },
      'relation_links.0.url',
      'validation.url_invalid',
    ],
    [
      'a link without URL',
      { relation_links: link({ url: '' }) },
      'relation_links.0.url',
      'validation.url_required',
    ],
    [
      '11 links',
      { relation_links: Array.from({ length: 11 }, () => link({})[0]) },
      'relation_links',
      'validation.relation_links_too_many',
    ],
    ['an unknown industry', { industory_id: 4242 }, 'industory_id', 'validation.industry_invalid'],
    [
      'a sub-industry of another industry',
      { industory_id: 1, sub_industory_id: 301 },
      'sub_industory_id',
      'validation.sub_industry_invalid',
    ],
    [
      'a lone surrogate in a link text',
      { relation_links: link({ text: '\udc00' }) },
      'relation_links.0.text',
      'validation.ill_formed_text',
    ],
  ])('refuses %s', async (_label, body, field, rule) => {
    const channel = await createChannel(owner.client);
    expectError(await owner.client.put(channelPath.one(channel.channel_id), body), 'E-400', { field, rule });
    expect(expectOk(await owner.client.get(channelPath.one(channel.channel_id))).channel).toEqual(channel);
  });

  it('accepts each text at its limit exactly', async () => {
    const channel = await createChannel(owner.client);
    const body = {
      channel_name: '店'.repeat(20),
      description_short: 'あ'.repeat(54),
      description_long: 'あ'.repeat(200),
      description_route: 'あ'.repeat(100),
      latitude: -90,
      longitude: 180,
      relation_links: Array.from({ length: 10 }, () => ({
        text: 'あ'.repeat(255),
        url: `https://example.jp/${'a'.repeat(236)}`,
      })),
    };
    expect(expectOk(await owner.client.put(channelPath.one(channel.channel_id), body)).channel).toMatchObject(
      body,
    );
  });

  it('says a rule in English for an English request', async () => {
    const channel = await createChannel(owner.client);
    const res = await owner.client.put(
      channelPath.one(channel.channel_id),
      { description_short: 'a'.repeat(55) },
      { headers: { 'accept-language': 'en' } },
    );
    expectError(res, 'E-400', {
      field: 'description_short',
      rule: 'validation.description_short_too_long',
      locale: 'en',
    });
  });

  it("answers 404 for another member's channel and leaves it alone", async () => {
    const channel = await createChannel(owner.client);
    expectError(
      await other.client.put(channelPath.one(channel.channel_id), { channel_name: '乗っ取り' }),
      'E-404',
    );
    // The ownership check comes before the body's rules: an invalid body says nothing about the channel.
    expectError(await other.client.put(channelPath.one(channel.channel_id), { channel_name: '' }), 'E-404');
    expect(expectOk(await owner.client.get(channelPath.one(channel.channel_id))).channel).toEqual(channel);
  });

  it('refuses a guest (401) and a request without the CSRF token', async () => {
    const channel = await createChannel(owner.client);
    expectError(await (await newClient(t.app)).put(channelPath.one(channel.channel_id), settings), 'E-401');
    expectError(
      await owner.client.put(channelPath.one(channel.channel_id), settings, { csrf: 'omit' }),
      'E-403',
    );
  });
});

describe('DELETE /api/qrchannel/channel/{id}', () => {
  it('deletes the channel: it is gone from the list, its page and the database', async () => {
    const channel = await createChannel(owner.client);
    const kept = await createChannel(owner.client, { channel_name: '残る店' });
    expectOk(await owner.client.delete(channelPath.one(channel.channel_id)));
    expectError(await owner.client.get(channelPath.one(channel.channel_id)), 'E-404');
    const ids = (expectOk(await owner.client.get(api.channels)).channels as ChannelDto[]).map(
      (c) => c.channel_id,
    );
    expect(ids).toContain(kept.channel_id);
    expect(ids).not.toContain(channel.channel_id);
    const rows = await t.ctx.db.kysely
      .selectFrom('channels')
      .select('id')
      .where('id', '=', channel.channel_id)
      .execute();
    expect(rows).toEqual([]);
    expectError(await owner.client.delete(channelPath.one(channel.channel_id)), 'E-404');
  });

  it('goes with its member: deleting the account deletes the channels', async () => {
    const member = await registeredMember(t.app);
    const channel = await createChannel(member.client);
    await t.ctx.db.kysely.deleteFrom('users').where('email', '=', member.email).execute();
    const rows = await t.ctx.db.kysely
      .selectFrom('channels')
      .select('id')
      .where('id', '=', channel.channel_id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("answers 404 for another member's channel and keeps it", async () => {
    const channel = await createChannel(owner.client);
    expectError(await other.client.delete(channelPath.one(channel.channel_id)), 'E-404');
    expectOk(await owner.client.get(channelPath.one(channel.channel_id)));
  });

  it('refuses a guest (401) and a request without the CSRF token', async () => {
    const channel = await createChannel(owner.client);
    expectError(await (await newClient(t.app)).delete(channelPath.one(channel.channel_id)), 'E-401');
    expectError(await owner.client.delete(channelPath.one(channel.channel_id), { csrf: 'omit' }), 'E-403');
    expectOk(await owner.client.get(channelPath.one(channel.channel_id)));
  });
});
