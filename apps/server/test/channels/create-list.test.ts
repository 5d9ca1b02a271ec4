import { CHANNEL_USER_TYPES } from '@qrqr/shared/channel-constants';
import { type ChannelDto, channelAnswer } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, newChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import { type Member, signUpAndActivate } from '../helpers/factories';

let t: TestApp;
let owner: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
});
afterAll(() => t?.close());

describe('POST /api/qrchannel/channel', () => {
  it('opens a channel with an unguessable code for its public page', async () => {
    const body = expectAnswer(
      await owner.client.post(api.channels, newChannel({ channel_name: ' 喫茶こもれび ' })),
      channelAnswer,
    );
    const channel = body.channel as ChannelDto;
    expect(channel).toMatchObject({
      channel_name: '喫茶こもれび',
      channel_user_type: 2,
      industory_id: 1,
      sub_industory_id: 104,
      description_short: '',
      relation_links: [],
      is_official: false,
      latitude: null,
    });
    expect(channel.channel_code).toMatch(/^[\w-]{16}$/);
    expect(channel.channel_page_url).toBe(`http://qr.test/c/${channel.channel_code}`);
  });

  it('takes a channel without an industry, and a 20-character name', async () => {
    const channel = await createChannel(owner.client, {
      channel_name: 'あ'.repeat(20),
      channel_user_type: 1,
      industory_id: undefined,
      sub_industory_id: undefined,
    });
    expect(channel).toMatchObject({ channel_user_type: 1, industory_id: null, sub_industory_id: null });
  });

  it('makes a channel without a user type an individual one (the create call sends only name and industries)', async () => {
    const { channel_user_type: _left, ...body } = newChannel();
    expect(body).not.toHaveProperty('channel_user_type');
    const channel = expectOk(await owner.client.post(api.channels, body)).channel as ChannelDto;
    expect(channel.channel_user_type).toBe(CHANNEL_USER_TYPES.individual);
    const form = expectOk(
      await owner.client.post(
        api.channels,
        { channel_name: 'フォームの店' },
        { form: true, csrfField: true },
      ),
    ).channel as ChannelDto;
    expect(form).toMatchObject({ channel_user_type: 1, industory_id: null, sub_industory_id: null });
  });

  it('refuses a guest (401)', async () => {
    const guest = await newClient(t.app);
    expectError(await guest.post(api.channels, newChannel()), 'E-401');
  });

  it('refuses a request without the CSRF token', async () => {
    expectError(await owner.client.post(api.channels, newChannel(), { csrf: 'omit' }), 'E-403');
  });

  it('refuses a member who has not registered for the service (E-701)', async () => {
    const member = await signUpAndActivate(t.app);
    expectError(await member.client.post(api.channels, newChannel()), 'E-701');
  });

  it.each([
    ['no name', { channel_name: undefined }, 'channel_name', 'validation.channel_name_required'],
    ['a blank name', { channel_name: '   ' }, 'channel_name', 'validation.channel_name_required'],
    [
      'a 21-character name',
      { channel_name: 'あ'.repeat(21) },
      'channel_name',
      'validation.channel_name_too_long',
    ],
    ['user type "0"', { channel_user_type: '0' }, 'channel_user_type', 'validation.channel_user_type'],
    ['user type 3', { channel_user_type: 3 }, 'channel_user_type', 'validation.channel_user_type'],
    [
      'an unknown industry',
      { industory_id: 12345, sub_industory_id: null },
      'industory_id',
      'validation.industry_invalid',
    ],
    [
      'a sub-industry as industry',
      { industory_id: 101, sub_industory_id: null },
      'industory_id',
      'validation.industry_invalid',
    ],
    [
      'a sub-industry of another industry',
      { sub_industory_id: 201 },
      'sub_industory_id',
      'validation.sub_industry_invalid',
    ],
    [
      'a sub-industry without industry',
      { industory_id: null },
      'sub_industory_id',
      'validation.sub_industry_invalid',
    ],
    ['a non-numeric industry', { industory_id: 'food' }, 'industory_id', 'validation.industry_invalid'],
    [
      'a lone surrogate in the name',
      { channel_name: 'cafe\ud800' },
      'channel_name',
      'validation.ill_formed_text',
    ],
  ])('refuses %s', async (_label, patch, field, rule) => {
    expectError(await owner.client.post(api.channels, newChannel(patch)), 'E-400', { field, rule });
  });

  it('says the rule in English for an English request', async () => {
    const res = await owner.client.post(api.channels, newChannel({ channel_name: 'a'.repeat(21) }), {
      headers: { 'accept-language': 'en' },
    });
    expectError(res, 'E-400', {
      field: 'channel_name',
      rule: 'validation.channel_name_too_long',
      locale: 'en',
    });
  });
});

describe('GET /api/qrchannel/channel', () => {
  it("lists the member's own channels, oldest first, with their count", async () => {
    const member = await registeredMember(t.app);
    const first = await createChannel(member.client, { channel_name: '本店' });
    const second = await createChannel(member.client, { channel_name: '駅前店' });
    await createChannel(other.client, { channel_name: 'よその店' });
    const body = expectOk(await member.client.get(api.channels));
    expect((body.channels as ChannelDto[]).map((c) => c.channel_id)).toEqual([
      first.channel_id,
      second.channel_id,
    ]);
    expect(body.total_count).toBe(2);
  });

  it('answers an empty list to a member without channels', async () => {
    const member = await signUpAndActivate(t.app);
    expect(expectOk(await member.client.get(api.channels))).toMatchObject({ channels: [], total_count: 0 });
  });

  it('refuses a guest (401)', async () => {
    expectError(await (await newClient(t.app)).get(api.channels), 'E-401');
  });
});
