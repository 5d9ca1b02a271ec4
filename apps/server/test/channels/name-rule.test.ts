import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, newChannel, registeredMember } from '../helpers/channels';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { tagUrl } from '../helpers/tags';

/**
 * One rule for every name (name-text.ts): NFC, then trimmed, then counted. 「が」 typed as か + ゛
 * (U+304B U+3099) is one character and is stored composed; full-width letters stay as typed.
 * Relation links take the QR form's rule: a scheme-less address is saved with https://.
 */
const GA = 'か\u3099';
let t: TestApp;
let owner: Member;
let channel: ChannelDto;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  channel = await createChannel(owner.client);
});
afterAll(() => t?.close());

describe('name fields', () => {
  it('counts か+゛ as one character: a 20-character channel name fits, stored composed', async () => {
    const typed = `${GA}${'あ'.repeat(19)}`;
    expect(Array.from(typed)).toHaveLength(21);
    const created = await createChannel(owner.client, { channel_name: typed });
    expect(created.channel_name).toBe(`が${'あ'.repeat(19)}`);
    const renamed = expectOk(
      await owner.client.put(channelPath.one(channel.channel_id), {
        channel_name: `ＱＲ${GA}${'い'.repeat(17)}`,
      }),
    ).channel as ChannelDto;
    expect(renamed.channel_name).toBe(`ＱＲが${'い'.repeat(17)}`);
    expectError(
      await owner.client.post(api.channels, newChannel({ channel_name: `${GA}${'あ'.repeat(20)}` })),
      'E-400',
      {
        field: 'channel_name',
        rule: 'validation.channel_name_too_long',
      },
    );
  });

  it('applies the same rule to tag and send-list names', async () => {
    const tag = expectOk(
      await owner.client.post(tagUrl(channel.channel_id), { tag_name: `${GA}${'た'.repeat(31)}` }),
    ).tag as TagDto;
    expect(tag.tag_name).toBe(`が${'た'.repeat(31)}`);
    const list = expectOk(
      await owner.client.post(channelPath.under(channel.channel_id, 'sendlist'), {
        sendlist_name: `${GA}${'り'.repeat(19)}`,
        box_filter_1: 0,
        tag_list_1: [tag.tag_id],
      }),
    ).sendlist as SendlistDto;
    expect(list.sendlist_name).toBe(`が${'り'.repeat(19)}`);
  });
});

describe('relation links', () => {
  it('saves a scheme-less address with https://, as the QR form does, and still refuses junk', async () => {
    const saved = expectOk(
      await owner.client.put(channelPath.one(channel.channel_id), {
        relation_links: [{ text: '公式サイト', url: 'komorebi.example.jp/menu' }],
      }),
    ).channel as ChannelDto;
    expect(saved.relation_links).toEqual([{ text: '公式サイト', url: 'https://komorebi.example.jp/menu' }]);
    expectError(
      await owner.client.put(channelPath.one(channel.channel_id), {
        relation_links: [{ text: '公式サイト', url: 'komorebi' }],
      }),
      'E-400',
      { field: 'relation_links.0.url', rule: 'validation.url_invalid' },
    );
  });
});
