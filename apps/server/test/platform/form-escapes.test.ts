import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { tagUrl } from '../helpers/tags';

/**
 * A form-encoded body whose percent escapes are bytes that are no UTF-8 (`%FF%FE`, an encoded
 * surrogate `%ED%A0%80`) is ill-formed text: refused with E-400 naming the field, never stored
 * as its raw escapes.
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

const RULE = 'validation.ill_formed_text';
const form = (text: string) => ({
  raw: { payload: Buffer.from(text), contentType: 'application/x-www-form-urlencoded' },
});

describe('percent escapes of invalid UTF-8 in a form body', () => {
  it.each([
    ['%FF%FE', 'tag_name=%FF%FE', 'tag_name'],
    ['an encoded surrogate', 'tag_name=a%ED%A0%80b', 'tag_name'],
    ['a field no schema knows', 'tag_name=ok&extra=%FF', 'extra'],
    ['a repeated field', 'tag_name=ok&tag_name=%C3', 'tag_name'],
  ])('tag save refuses %s', async (_label, body, field) => {
    const res = await owner.client.post(tagUrl(channel.channel_id), undefined, form(body));
    expectError(res, 'E-400', { field, rule: RULE });
    const tags = expectOk(await owner.client.get(tagUrl(channel.channel_id))).tags as TagDto[];
    expect(tags).toEqual([]);
  });

  it('the user-info form refuses it too, and keeps the name', async () => {
    const res = await owner.client.post(api.userInfo, undefined, form('user_name=%FF%FE&company_name='));
    expectError(res, 'E-400', { field: 'user_name', rule: RULE });
    const info = expectOk(await owner.client.get(api.userInfo));
    expect(JSON.stringify(info)).not.toContain('%FF');
  });

  it('well-formed escapes and + for space still arrive as text', async () => {
    const res = await owner.client.post(
      tagUrl(channel.channel_id),
      undefined,
      form(`tag_name=${encodeURIComponent('常連')}+100%25`),
    );
    expect((expectOk(res).tag as TagDto).tag_name).toBe('常連 100%');
  });
});
