import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, newChannel, registeredMember } from '../helpers/channels';
import { expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { deleteTags, tagUrl } from '../helpers/tags';

/**
 * Ids past 2^31 − 1 (the largest an INTEGER column holds on PostgreSQL) are refused as the
 * field's error, or answer 404 in a path, on both databases: never a 500 from the query.
 */

let t: TestApp;
let owner: Member;
let channel: ChannelDto;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  channel = await createChannel(owner.client);
});
afterAll(() => t?.close());

const BEYOND = 2 ** 31;
const HUGE = 2 ** 53 - 1;

describe('ids beyond 2^31 − 1', () => {
  it.each([
    [
      'industory_id 2^31',
      { industory_id: BEYOND, sub_industory_id: null },
      'industory_id',
      'validation.industry_invalid',
    ],
    [
      'industory_id 2^53 − 1',
      { industory_id: HUGE, sub_industory_id: null },
      'industory_id',
      'validation.industry_invalid',
    ],
    [
      'sub_industory_id 2^31',
      { sub_industory_id: BEYOND },
      'sub_industory_id',
      'validation.sub_industry_invalid',
    ],
  ])('channel create refuses %s', async (_label, patch, field, rule) => {
    expectError(await owner.client.post(api.channels, newChannel(patch)), 'E-400', { field, rule });
  });

  it('channel create refuses it as form text too', async () => {
    const res = await owner.client.post(
      api.channels,
      { ...newChannel(), industory_id: String(BEYOND), sub_industory_id: '' },
      { form: true },
    );
    expectError(res, 'E-400', { field: 'industory_id', rule: 'validation.industry_invalid' });
  });

  it('channel settings refuse it', async () => {
    const res = await owner.client.put(channelPath.one(channel.channel_id), { industory_id: BEYOND });
    expectError(res, 'E-400', { field: 'industory_id', rule: 'validation.industry_invalid' });
  });

  it('a tag save refuses a tag_id of 2^31', async () => {
    const res = await owner.client.post(tagUrl(channel.channel_id), { tag_id: BEYOND, tag_name: '常連' });
    expectError(res, 'E-400', { field: 'tag_id', rule: 'validation.tag_ids_invalid' });
  });

  it('a tag delete refuses it in a list', async () => {
    const res = await deleteTags(owner.client, channel.channel_id, { tag_ids: [1, BEYOND] });
    expectError(res, 'E-400', { field: 'tag_ids.1', rule: 'validation.tag_ids_invalid' });
  });

  it('send lists refuse it as a tag, a list id and in the path', async () => {
    const base = channelPath.under(channel.channel_id, 'sendlist');
    expectError(
      await owner.client.post(base, { sendlist_name: '常連', box_filter_1: 0, tag_list_1: [BEYOND] }),
      'E-400',
    );
    expectError(await owner.client.post(base, { sendlist_id: BEYOND, sendlist_name: '常連' }), 'E-400', {
      field: 'sendlist_id',
      rule: 'validation.invalid',
    });
    expectError(await owner.client.post(base, { sendlist_ids: [BEYOND] }, { method: 'DELETE' }), 'E-400');
    expectError(await owner.client.get(`${base}/${BEYOND}`), 'E-400', {
      field: 'sendlist_id',
      rule: 'validation.invalid',
    });
  });

  it('a channel or coupon id beyond it in the path is not found', async () => {
    expectError(await owner.client.get(tagUrl(BEYOND)), 'E-404');
    expectError(await owner.client.get(channelPath.one(BEYOND)), 'E-404');
    expectError(
      await owner.client.get(channelPath.under(channel.channel_id, `coupon/image/${BEYOND}/code`)),
      'E-404',
    );
  });
});
