import { channelPath } from '@qrqr/shared/channel-paths';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { newPage } from '../helpers/wifi';
import { newMessage } from '../messaging/helpers';

/**
 * One URL rule for every link field (@qrqr/shared link-url.ts): a message's and a welcome
 * message's image link, a channel's and a Wi-Fi page's related links. Each refuses what is no URL
 * character, with the same rule, and stores what it takes the same way.
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

const channelSettings = {
  channel_name: '喫茶こもれび',
  channel_user_type: 1,
  industory_id: 1,
  sub_industory_id: 106,
  description_short: '駅前の小さな喫茶店です',
};

/** Each link field: how to save a URL in it, the field an error names, and where the answer has it. */
const fields = [
  {
    name: 'a channel’s related link',
    field: 'relation_links.0.url',
    save: (url: string) =>
      owner.client.put(channelPath.one(channelId), {
        ...channelSettings,
        relation_links: [{ text: 'サイト', url }],
      }),
    stored: ['channel', 'relation_links', 0, 'url'],
  },
  {
    name: 'a Wi-Fi page’s related link',
    field: 'relation_links.0.url',
    save: (url: string) =>
      owner.client.post(
        api.wifiPageSave,
        newPage(channelId, { relation_links: [{ text: 'メニュー', url }] }),
      ),
    stored: ['welcome_page', 'relation_links', 0, 'url'],
  },
  {
    name: 'a message’s image link',
    field: 'link_url',
    save: (url: string) =>
      owner.client.post(channelPath.messages(channelId), newMessage({ layout: 4, link_url: url })),
    stored: ['message', 'link_url'],
  },
  {
    name: 'a welcome message’s image link',
    field: 'link_url',
    save: (url: string) =>
      owner.client.post(channelPath.welcomeMessages(channelId), newMessage({ layout: 4, link_url: url })),
    stored: ['message', 'link_url'],
  },
];

const at = (body: unknown, path: Array<string | number>) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);

const NOT_URL = [
  'https://example.jp/"><script>alert(1)</script>',
  'https://example.jp/a b',
  'https://example.jp/<menu>',
  'https://example.jp/\\menu',
  'https://example.jp/{menu}',
  'https://example.jp/朝\u3000メニュー',
  'https://example.jp/メニュー！',
];

describe.each(fields)('$name', ({ field, save, stored }) => {
  it.each(NOT_URL)('refuses non-URL characters: %s', async (url) => {
    expectError(await save(url), 'E-400', { field, rule: 'validation.url_chars' });
  });

  it('refuses what is no http(s) address', async () => {
    expectError(await save('javascript:alert(1)'), 'E-400', { field, rule: 'validation.url_invalid' });
  });

  it('takes an address as typed, a host name read as https, and letters of any script', async () => {
    expect(at(expectOk(await save('https://example.jp/menu?day=1&lang=ja#top')), stored)).toBe(
      'https://example.jp/menu?day=1&lang=ja#top',
    );
    expect(at(expectOk(await save('example.jp/menu')), stored)).toBe('https://example.jp/menu');
    expect(at(expectOk(await save('https://店.jp/メニュー')), stored)).toBe('https://店.jp/メニュー');
  });
});
