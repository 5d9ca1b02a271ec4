import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { newFollower } from '../helpers/followers';

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

const download = (m: Member, channelId: number | string, format: number | string) =>
  m.client.get(channelPath.under(channelId, `qrcode/download/${format}`));

describe('GET /api/qrchannel/{channel_id}/qrcode/download/{format}', () => {
  it('renders a PNG that decodes to the channel page URL', async () => {
    const channel = await createChannel(owner.client);
    const res = await download(owner, channel.channel_id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="channel-${channel.channel_code}.png"`,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const [decoded] = await readBarcodes(new Uint8Array(res.rawPayload), { formats: ['QRCode'] });
    expect(decoded?.text).toBe(channel.channel_page_url);
  });

  it('is what channel_qrcode_url names, and every channel answer counts its followers (user_count)', async () => {
    const channel = await createChannel(owner.client);
    expect(channel.user_count).toBe(0);
    const res = await owner.client.get(channel.channel_qrcode_url);
    expect(res.headers['content-type']).toContain('image/png');
    const [decoded] = await readBarcodes(new Uint8Array(res.rawPayload), { formats: ['QRCode'] });
    expect(decoded?.text).toBe(channel.channel_page_url);

    await newFollower(t.app, channel.channel_code);
    await newFollower(t.app, channel.channel_code);
    const one = await owner.client.get(channelPath.one(channel.channel_id));
    expect(one.json().channel.user_count).toBe(2);
    const list = await owner.client.get(api.channels);
    const listed = list.json().channels.find((c: ChannelDto) => c.channel_id === channel.channel_id);
    expect(listed.user_count).toBe(2);
  });

  it.each([
    [2, 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff])],
    [3, 'application/postscript', Buffer.from('%!PS-Adobe-3.0 EPSF-3.0')],
    [4, 'image/svg+xml', Buffer.from('<svg')],
  ])('format %i answers %s', async (format, contentType, magic) => {
    const channel = await createChannel(owner.client);
    const res = await download(owner, channel.channel_id, format);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(contentType);
    expect(res.rawPayload.subarray(0, magic.length)).toEqual(magic);
  });

  it('refuses an unknown format with the field named', async () => {
    const channel = await createChannel(owner.client);
    for (const format of [0, 5, 'png']) {
      const res = await download(owner, channel.channel_id, format);
      expectError(res, 'E-400');
      expect(res.body).toContain('format');
    }
  });

  it("answers 404 for another member's channel and 401 signed out", async () => {
    const channel = await createChannel(owner.client);
    expectError(await download(other, channel.channel_id, 1), 'E-404');
    const guest = await newClient(t.app);
    expectError(await guest.get(channelPath.under(channel.channel_id, 'qrcode/download/1')), 'E-401');
  });
});
