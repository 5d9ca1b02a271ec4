import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { jpegBytes, multipartBody, pngBytes } from '../helpers/images';

let t: TestApp;
let owner: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
});
afterAll(() => t?.close());

const imageUrl = (id: number, kind: string) => `${channelPath.under(id, 'image')}?kind=${kind}`;
const upload = (m: Member, id: number, kind: string, data: Buffer, filename = 'photo.jpg') =>
  m.client.post(imageUrl(id, kind), undefined, {
    raw: multipartBody([{ name: 'image', filename, type: 'image/jpeg', data }]),
  });

const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });
const okChannel = (res: Parameters<typeof expectOk>[0]) =>
  (expectOk(res) as unknown as { channel: ChannelDto }).channel;

describe('POST /api/qrchannel/{channel}/image', () => {
  it('stores the icon fitted within 1024 px and answers the channel with its URL', async () => {
    const channel = await createChannel(owner.client);
    const res = {
      channel: okChannel(await upload(owner, channel.channel_id, 'icon', await jpegBytes(2000, 1500))),
    };
    expect(res.channel.icon_url).toMatch(/^\/api\/image\/[0-9a-f]{32}\.jpg$/);
    expect(res.channel.icon_image_url).toBe(res.channel.icon_url);
    expect(res.channel.background_image_url).toBeNull();
    const image = await fetchImage(res.channel.icon_url as string);
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 768]);
    // The channel call answers the same picture afterwards.
    const again = { channel: okChannel(await owner.client.get(channelPath.one(channel.channel_id))) };
    expect(again.channel.icon_url).toBe(res.channel.icon_url);
  });

  it('replaces the previous picture of that kind, which stops being served', async () => {
    const channel = await createChannel(owner.client);
    const first = okChannel(await upload(owner, channel.channel_id, 'background', await pngBytes(300, 200)))
      .background_image_url as string;
    const second = okChannel(await upload(owner, channel.channel_id, 'background', await jpegBytes(320, 200)))
      .background_image_url as string;
    expect(second).not.toBe(first);
    expect((await fetchImage(first)).statusCode).toBe(404);
    expect((await fetchImage(second)).statusCode).toBe(200);
  });

  it('refuses a file that is not a picture with a clear message, keeping the old one', async () => {
    const channel = await createChannel(owner.client);
    const icon = okChannel(await upload(owner, channel.channel_id, 'icon', await jpegBytes())).icon_url;
    const res = await upload(owner, channel.channel_id, 'icon', Buffer.from('not an image at all'), 'x.png');
    expectError(res, 'E-415', { messageKey: 'errors.image_type' });
    const now = { channel: okChannel(await owner.client.get(channelPath.one(channel.channel_id))) };
    expect(now.channel.icon_url).toBe(icon);
  });

  it('refuses an unknown kind with the field named', async () => {
    const channel = await createChannel(owner.client);
    const res = await upload(owner, channel.channel_id, 'banner', await jpegBytes());
    expectError(res, 'E-400');
    expect(res.body).toContain('kind');
  });

  it("answers 404 for another member's channel and 401 signed out; CSRF is required", async () => {
    const channel = await createChannel(owner.client);
    expectError(await upload(other, channel.channel_id, 'icon', await jpegBytes()), 'E-404');
    const guest = await newClient(t.app);
    expectError(
      await guest.post(imageUrl(channel.channel_id, 'icon'), undefined, {
        raw: multipartBody([
          { name: 'image', filename: 'a.jpg', type: 'image/jpeg', data: await jpegBytes() },
        ]),
      }),
      'E-401',
    );
    const forged = await owner.client.post(imageUrl(channel.channel_id, 'icon'), undefined, {
      raw: multipartBody([{ name: 'image', filename: 'a.jpg', type: 'image/jpeg', data: await jpegBytes() }]),
      csrf: 'omit',
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('DELETE /api/qrchannel/{channel}/image', () => {
  it('removes the picture', async () => {
    const channel = await createChannel(owner.client);
    // Names are content hashes: a picture no other test uploads.
    const url = okChannel(await upload(owner, channel.channel_id, 'icon', await jpegBytes(71, 53)))
      .icon_url as string;
    const res = { channel: okChannel(await owner.client.delete(imageUrl(channel.channel_id, 'icon'))) };
    expect(res.channel.icon_url).toBeNull();
    expect((await fetchImage(url)).statusCode).toBe(404);
  });

  it("answers 404 for another member's channel and refuses a call without CSRF, keeping the picture", async () => {
    const channel = await createChannel(owner.client);
    const url = okChannel(await upload(owner, channel.channel_id, 'background', await jpegBytes(79, 61)))
      .background_image_url as string;
    const del = imageUrl(channel.channel_id, 'background');
    expectError(await other.client.delete(del), 'E-404');
    expectError(await owner.client.delete(del, { csrf: 'omit' }), 'E-403');
    expectError(await owner.client.delete(del, { csrf: 'wrong' }), 'E-403');
    const now = okChannel(await owner.client.get(channelPath.one(channel.channel_id)));
    expect(now.background_image_url).toBe(url);
    expect((await fetchImage(url)).statusCode).toBe(200);
  });

  it('deleting the channel deletes its pictures', async () => {
    const channel = await createChannel(owner.client);
    const url = okChannel(await upload(owner, channel.channel_id, 'icon', await jpegBytes(73, 59)))
      .icon_url as string;
    expectOk(await owner.client.delete(channelPath.one(channel.channel_id)));
    expect((await fetchImage(url)).statusCode).toBe(404);
  });
});

describe('the public channel page /c/{code}', () => {
  it('carries its first answer and asks for its pictures at once', async () => {
    const channel = await createChannel(owner.client);
    const icon = okChannel(await upload(owner, channel.channel_id, 'icon', await jpegBytes())).icon_url;
    const page = await t.app.inject({ url: `/c/${channel.channel_code}` });
    expect(page.statusCode).toBe(200);
    const json = /<script id="first-answers" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1];
    const answers = JSON.parse(json ?? '{}') as Record<string, { channel: { channel_name: string } }>;
    expect(answers[`/api/reader/channel/${channel.channel_code}`]?.channel.channel_name).toBe(
      channel.channel_name,
    );
    expect(page.body).toContain(`<link rel="preload" as="image" href="${icon}">`);
    // The reader page of an unknown code, or the bare reader, carries none.
    expect((await t.app.inject({ url: '/c/AAAAAAAAAAAAAAAA' })).body).not.toContain('first-answers');
    expect((await t.app.inject({ url: '/reader' })).body).not.toContain('first-answers');
  });
});
