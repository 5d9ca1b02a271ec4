import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { readerChannelAnswer } from '@qrqr/shared/follower-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { follow, followersOf, readerChannelUrl, sameOrigin, unfollow, visitor } from '../helpers/followers';
import { jpegBytes, multipartBody, pngBytes } from '../helpers/images';

let t: TestApp;
let owner: Member;
let channel: ChannelDto;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  channel = await createChannel(owner.client);
  expectOk(
    await owner.client.put(`/api/qrchannel/channel/${channel.channel_id}`, {
      description_short: '駅前の小さな喫茶店',
      description_long: '自家焙煎のコーヒーと手作りケーキ',
      address: '東京都千代田区1-1',
      description_route: '駅から徒歩3分',
      latitude: 35.68,
      longitude: 139.76,
      relation_links: [{ text: '公式サイト', url: 'https://example.jp' }],
    }),
  );
});
afterAll(() => t?.close());

describe('GET /api/reader/channel/{channel_code}', () => {
  it('shows the channel to anyone, without ids or owner, with its follower count', async () => {
    const res = await visitor(t.app).get(readerChannelUrl(channel.channel_code));
    const body = expectAnswer(res, readerChannelAnswer);
    expect(body.channel).toEqual({
      channel_code: channel.channel_code,
      channel_name: '喫茶こもれび',
      description_short: '駅前の小さな喫茶店',
      description_long: '自家焙煎のコーヒーと手作りケーキ',
      address: '東京都千代田区1-1',
      description_route: '駅から徒歩3分',
      latitude: 35.68,
      longitude: 139.76,
      relation_links: [{ text: '公式サイト', url: 'https://example.jp' }],
      is_official: false,
      icon_url: null,
      icon_image_url: null,
      background_image_url: null,
      follower_count: 0,
    });
    expect(body.following).toBe(false);
    // Reading issues no device cookie: only a follow does.
    expect(res.cookies).toEqual([]);
  });

  it('answers 404 for an unknown code, a channel id, and an ill-formed code', async () => {
    const phone = visitor(t.app);
    expectError(await phone.get(readerChannelUrl('nosuchchannel000')), 'E-404');
    expectError(await phone.get(readerChannelUrl(String(channel.channel_id))), 'E-404');
    expect((await phone.get(readerChannelUrl('bad%20code'))).statusCode).toBe(400);
  });
});

describe('channel images on the page', () => {
  it('gives the icon and background the settings stored, which a visitor can fetch', async () => {
    const ch = await createChannel(owner.client, { channel_name: '写真の店' });
    for (const [kind, data] of [
      ['icon', await pngBytes(80, 80)],
      ['background', await jpegBytes(320, 180)],
    ] as const) {
      expectOk(
        await owner.client.post(`${channelPath.under(ch.channel_id, 'image')}?kind=${kind}`, undefined, {
          raw: multipartBody([{ name: 'image', filename: `${kind}.img`, type: 'image/jpeg', data }]),
        }),
      );
    }
    const phone = visitor(t.app);
    const { channel: shown } = expectOk(await phone.get(readerChannelUrl(ch.channel_code))) as unknown as {
      channel: { icon_url: string; background_image_url: string };
    };
    expect(shown.icon_url).toMatch(/^\/api\/image\/[0-9a-f]{32}\.(png|jpg)$/);
    expect(shown.background_image_url).toMatch(/^\/api\/image\/[0-9a-f]{32}\.jpg$/);
    for (const url of [shown.icon_url, shown.background_image_url])
      expect((await phone.get(url)).statusCode).toBe(200);
  });
});

describe('follow and unfollow', () => {
  it('follows once however often a device taps, and issues the long-lived device cookie', async () => {
    const ch = await createChannel(owner.client, { channel_name: '二度押しの店' });
    const phone = visitor(t.app);
    const first = await follow(phone, ch.channel_code);
    expect(expectOk(first)).toMatchObject({ following: true, follower_count: 1 });
    const cookie = (
      first.cookies as Array<{ name: string; maxAge?: number; httpOnly?: boolean; sameSite?: string }>
    ).find((c) => c.name === 'qr_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeGreaterThan(365 * 86_400);
    expect(expectOk(await follow(phone, ch.channel_code))).toMatchObject({
      following: true,
      follower_count: 1,
    });
    const [a, b] = await Promise.all([follow(phone, ch.channel_code), follow(phone, ch.channel_code)]);
    expectOk(a);
    expectOk(b);
    expect(expectOk(await phone.get(readerChannelUrl(ch.channel_code)))).toMatchObject({
      following: true,
      channel: { follower_count: 1 },
    });
    expect((await followersOf(owner.client, ch.channel_id)).register_count).toBe(1);
  });

  it('counts each device apart and lets one unfollow without touching the other', async () => {
    const ch = await createChannel(owner.client, { channel_name: '二人の店' });
    const one = visitor(t.app);
    const two = visitor(t.app);
    expectOk(await follow(one, ch.channel_code));
    expect(expectOk(await follow(two, ch.channel_code)).follower_count).toBe(2);
    expect(expectOk(await unfollow(one, ch.channel_code))).toMatchObject({
      following: false,
      follower_count: 1,
    });
    expect(expectOk(await one.get(readerChannelUrl(ch.channel_code))).following).toBe(false);
    expect(expectOk(await two.get(readerChannelUrl(ch.channel_code))).following).toBe(true);
    // Unfollowing again, or without ever following, is harmless.
    expect(expectOk(await unfollow(one, ch.channel_code)).follower_count).toBe(1);
    expect(expectOk(await unfollow(visitor(t.app), ch.channel_code)).follower_count).toBe(1);
    // Following again after unfollowing is a new follow.
    expect(expectOk(await follow(one, ch.channel_code)).follower_count).toBe(2);
  });

  it('answers 404 for an unknown channel and writes nothing', async () => {
    const phone = visitor(t.app);
    expectError(await follow(phone, 'nosuchchannel000'), 'E-404');
    expectError(await unfollow(phone, 'nosuchchannel000'), 'E-404');
  });

  it('refuses ill-formed bodies', async () => {
    const phone = visitor(t.app);
    expectError(await follow(phone, channel.channel_code, { tags: 12 }), 'E-400', {
      field: 'tags',
      rule: 'validation.follow_tags_invalid',
    });
    const raw = await phone.post(`${readerChannelUrl(channel.channel_code)}/follow`, undefined, {
      rawJson: '{"tags":',
      headers: sameOrigin,
    });
    expect(raw.statusCode).toBe(400);
    expect(expectOk(await phone.get(readerChannelUrl(channel.channel_code))).following).toBe(false);
  });
});

describe('CSRF for visitors without a session', () => {
  it('needs X-Requested-With', async () => {
    const phone = visitor(t.app);
    const res = await phone.post(
      `${readerChannelUrl(channel.channel_code)}/follow`,
      {},
      { noXrw: true, headers: sameOrigin },
    );
    expectError(res, 'E-403');
    expect(res.cookies).toEqual([]);
  });

  it("refuses another site's Origin or a cross-site fetch, and takes a same-origin one", async () => {
    const ch = await createChannel(owner.client, { channel_name: 'CSRFの店' });
    const url = (verb: string) => `${readerChannelUrl(ch.channel_code)}/${verb}`;
    const phone = visitor(t.app);
    for (const headers of <Array<Record<string, string>>>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://qr.test.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      expectError(await phone.post(url('follow'), {}, { headers }), 'E-403');
    }
    expect(expectOk(await phone.get(readerChannelUrl(ch.channel_code))).channel).toMatchObject({
      follower_count: 0,
    });
    // The page's own origin (PUBLIC_URL), the host the request came to, or a same-origin fetch.
    expectOk(await phone.post(url('follow'), {}, { headers: { 'sec-fetch-site': 'same-origin' } }));
    expectOk(
      await phone.post(
        url('follow'),
        {},
        { headers: { origin: 'http://shop.local:8080', host: 'shop.local:8080' } },
      ),
    );
    expectOk(await follow(phone, ch.channel_code));
    // Another site cannot make a follower unfollow either.
    expectError(
      await phone.post(url('unfollow'), {}, { headers: { origin: 'https://evil.example' } }),
      'E-403',
    );
    expect(expectOk(await phone.get(readerChannelUrl(ch.channel_code))).following).toBe(true);
  });
});

describe('rate limit', () => {
  it('limits each address per minute', async () => {
    const limited = await createTestApp({ CHANNEL_PAGE_RATE_LIMIT: '3' });
    try {
      const m = await registeredMember(limited.app);
      const ch = await createChannel(m.client);
      const phone = visitor(limited.app, '203.0.113.9');
      for (let i = 0; i < 3; i += 1) expectOk(await follow(phone, ch.channel_code));
      expectError(await follow(phone, ch.channel_code), 'E-429');
      // Another address is not affected.
      expectOk(await follow(visitor(limited.app, '203.0.113.10'), ch.channel_code));
    } finally {
      await limited.close();
    }
  });
});
