import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { channelPath } from '@qrqr/shared/channel-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { follow, followersOf, tokenOf, visitor } from '../helpers/followers';
import { createTag, deleteTags } from '../helpers/tags';

// The decoder's wasm comes from node_modules, never from the network.
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({
  overrides: {
    wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
  },
});

let t: TestApp;
let owner: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
});
afterAll(() => t?.close());

const linkUrl = (channelId: number, ids: string) =>
  `${channelPath.under(channelId, 'tag/link')}?tag_ids=${ids}`;

async function shopWithTags(name: string) {
  const channel = await createChannel(owner.client, { channel_name: name });
  const a = await createTag(owner.client, channel.channel_id, '店頭POP');
  const b = await createTag(owner.client, channel.channel_id, 'チラシ');
  const c = await createTag(owner.client, channel.channel_id, '未使用');
  return { channel, a, b, c };
}

const tagNamesOfOnlyFollower = async (channelId: number) =>
  (await followersOf(owner.client, channelId)).followers.map((f) => f.tags.map((x) => x.tag_name));

describe('GET /api/qrchannel/{channel}/tag/link', () => {
  it('gives the channel page URL with signed tag ids; following through it puts those tags on', async () => {
    const { channel, a, b } = await shopWithTags('リンクの店');
    const url = expectOk(await owner.client.get(linkUrl(channel.channel_id, `${b.tag_id},${a.tag_id}`)))
      .url as string;
    expect(url).toMatch(
      new RegExp(`^http://qr\\.test/c/${channel.channel_code}\\?tags=\\d+-\\d+\\.[A-Za-z0-9_-]{22}$`),
    );
    expect(tokenOf(url).startsWith(`${a.tag_id}-${b.tag_id}.`)).toBe(true);
    const phone = visitor(t.app);
    expect(expectOk(await follow(phone, channel.channel_code, { tags: tokenOf(url) }))).toMatchObject({
      following: true,
      follower_count: 1,
    });
    expect(await tagNamesOfOnlyFollower(channel.channel_id)).toEqual([['店頭POP', 'チラシ']]);
  });

  it('adds the link’s tags to a device that already follows, once', async () => {
    const { channel, a, c } = await shopWithTags('再訪の店');
    const phone = visitor(t.app);
    expectOk(await follow(phone, channel.channel_code));
    const url = expectOk(await owner.client.get(linkUrl(channel.channel_id, `${c.tag_id}`))).url as string;
    expectOk(await follow(phone, channel.channel_code, { tags: tokenOf(url) }));
    expectOk(await follow(phone, channel.channel_code, { tags: tokenOf(url) }));
    const link2 = expectOk(await owner.client.get(linkUrl(channel.channel_id, `${a.tag_id}`))).url as string;
    expect(expectOk(await follow(phone, channel.channel_code, { tags: tokenOf(link2) })).follower_count).toBe(
      1,
    );
    expect(await tagNamesOfOnlyFollower(channel.channel_id)).toEqual([['店頭POP', '未使用']]);
  });

  it('refuses forged, altered and other channels’ tokens: E-400, no follow, no tags, no cookie', async () => {
    const { channel, a, b } = await shopWithTags('偽造の店');
    const elsewhere = await shopWithTags('よその店');
    const good = tokenOf(
      expectOk(await owner.client.get(linkUrl(channel.channel_id, `${a.tag_id}`))).url as string,
    );
    const [, sig] = good.split('.') as [string, string];
    const theirs = tokenOf(
      expectOk(await owner.client.get(linkUrl(elsewhere.channel.channel_id, `${elsewhere.a.tag_id}`)))
        .url as string,
    );
    const forged = [
      `${b.tag_id}.${sig}`, // another tag with the signature of the first
      `${a.tag_id}-${b.tag_id}.${sig}`, // a tag added
      `${a.tag_id}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, // signature altered
      `${a.tag_id}`, // unsigned
      `${a.tag_id}.`, // empty signature
      'not-a-token',
      theirs, // valid for another channel only
    ];
    for (const tags of forged) {
      const phone = visitor(t.app);
      const res = await follow(phone, channel.channel_code, { tags });
      expectError(res, 'E-400', { field: 'tags', rule: 'validation.follow_tags_invalid' });
      expect(res.cookies).toEqual([]);
    }
    for (const locale of ['ja', 'en'] as const) {
      const res = await visitor(t.app).post(
        `/api/reader/channel/${channel.channel_code}/follow`,
        { tags: 'forged.AAAAAAAAAAAAAAAAAAAAAA' },
        { headers: { origin: 'http://qr.test', cookie: `lang=${locale}` } },
      );
      expectError(res, 'E-400', { field: 'tags', rule: 'validation.follow_tags_invalid', locale });
    }
    expect((await followersOf(owner.client, channel.channel_id)).register_count).toBe(0);
  });

  it('skips tags deleted since the link was made', async () => {
    const { channel, a, b } = await shopWithTags('削除済みの店');
    const url = expectOk(await owner.client.get(linkUrl(channel.channel_id, `${a.tag_id},${b.tag_id}`)))
      .url as string;
    expectOk(await deleteTags(owner.client, channel.channel_id, { tag_ids: [a.tag_id] }));
    expectOk(await follow(visitor(t.app), channel.channel_code, { tags: tokenOf(url) }));
    expect(await tagNamesOfOnlyFollower(channel.channel_id)).toEqual([['チラシ']]);
  });

  it("answers 404 for another channel's tag, another member's channel; 401 signed out", async () => {
    const { channel, a } = await shopWithTags('権限の店');
    const theirs = await createChannel(other.client, { channel_name: '他人の店' });
    const theirTag = await createTag(other.client, theirs.channel_id, '他人のタグ');
    expectError(
      await owner.client.get(linkUrl(channel.channel_id, `${a.tag_id},${theirTag.tag_id}`)),
      'E-404',
    );
    expectError(await other.client.get(linkUrl(channel.channel_id, `${a.tag_id}`)), 'E-404');
    expectError(await (await newClient(t.app)).get(linkUrl(channel.channel_id, `${a.tag_id}`)), 'E-401');
  });

  it.each([
    ['', 'tag_ids', 'validation.tag_ids_invalid'],
    ['abc', 'tag_ids.0', 'validation.tag_ids_invalid'],
    ['1,2,3,4,5,6,7,8,9,10,11', 'tag_ids', 'validation.link_tags_too_many'],
  ])('refuses tag_ids=%s', async (ids, field, rule) => {
    const { channel } = await shopWithTags(`不正${ids.length}`);
    expectError(await owner.client.get(linkUrl(channel.channel_id, ids)), 'E-400', { field, rule });
  });
});

describe('GET /api/qrchannel/{channel}/tag/link/qrcode/download/{format}', () => {
  const codeUrl = (channelId: number, format: number | string, ids: string) =>
    `${channelPath.tagLinkCode(channelId, format)}?tag_ids=${ids}`;

  it('is the follow link as a PNG code file, which decodes to the link itself', async () => {
    const { channel, a, b } = await shopWithTags('POPの店');
    const ids = `${b.tag_id},${a.tag_id}`;
    const link = expectOk(await owner.client.get(linkUrl(channel.channel_id, ids))).url as string;
    const res = await owner.client.get(codeUrl(channel.channel_id, 1, ids));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="channel-${channel.channel_code}-tags-${a.tag_id}-${b.tag_id}.png"`,
    );
    const [decoded] = await readBarcodes(new Uint8Array(res.rawPayload), { formats: ['QRCode'] });
    expect(decoded?.text).toBe(link);
  });

  it('comes as SVG, JPEG and EPS too, and refuses another channel’s tags, an unknown format and another member', async () => {
    const { channel, a } = await shopWithTags('SVGの店');
    const svg = await owner.client.get(codeUrl(channel.channel_id, 4, `${a.tag_id}`));
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect((await owner.client.get(codeUrl(channel.channel_id, 2, `${a.tag_id}`))).statusCode).toBe(200);
    expect((await owner.client.get(codeUrl(channel.channel_id, 3, `${a.tag_id}`))).statusCode).toBe(200);
    const elsewhere = await shopWithTags('よその店');
    expectError(await owner.client.get(codeUrl(channel.channel_id, 1, `${elsewhere.a.tag_id}`)), 'E-404');
    expectError(await owner.client.get(codeUrl(channel.channel_id, 5, `${a.tag_id}`)), 'E-400');
    expectError(await other.client.get(codeUrl(channel.channel_id, 1, `${a.tag_id}`)), 'E-404');
  });
});
