import { channelPath, IMAGE_LIMITS, type MessageDto, messageImageAnswer } from '@qrqr/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { jpegBytes, multipartBody } from '../helpers/images';
import { saveDraft } from './helpers';

let t: TestApp;
let owner: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
});
afterAll(() => t?.close());

const body = (data: Buffer, type = 'image/jpeg', filename = 'photo.jpg') =>
  multipartBody([{ name: 'image', filename, type, data }]);
const upload = (m: Member, id: number, data: Buffer, type?: string, filename?: string) =>
  m.client.post(channelPath.messageImage(id), undefined, { raw: body(data, type, filename) });

describe('POST /api/qrchannel/{channel}/message/image', () => {
  it('stores the picture within 1024 px; a message saved with it shows it', async () => {
    const channel = await createChannel(owner.client);
    const { image_url } = expectAnswer(
      await upload(owner, channel.channel_id, await jpegBytes(1800, 1200)),
      messageImageAnswer,
    );
    expect(image_url).toMatch(/^\/api\/image\/[0-9a-f]{32}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: image_url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 683]);
    const message: MessageDto = await saveDraft(owner.client, channel.channel_id, {
      layout: 5,
      background_image_url: image_url,
    });
    expect(message.background_image_url).toBe(image_url);
    const row = await t.ctx.db.kysely
      .selectFrom('images')
      .select(['channel_id', 'purpose'])
      .where('name', '=', image_url.slice('/api/image/'.length))
      .executeTakeFirstOrThrow();
    expect([Number(row.channel_id), row.purpose]).toEqual([channel.channel_id, 'message']);
  });

  it('refuses an SVG (415) and a file over the limit (413)', async () => {
    const channel = await createChannel(owner.client);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expectError(await upload(owner, channel.channel_id, svg, 'image/svg+xml', 'a.svg'), 'E-415', {
      messageKey: 'errors.image_type',
    });
    const big = Buffer.concat([await jpegBytes(), Buffer.alloc(IMAGE_LIMITS.maxUploadBytes + 1)]);
    const res = await upload(owner, channel.channel_id, big);
    expect(res.statusCode, res.body).toBe(413);
  });

  it("answers 404 for another member's channel, 401 signed out, 403 without CSRF", async () => {
    const channel = await createChannel(owner.client);
    const url = channelPath.messageImage(channel.channel_id);
    expectError(await upload(other, channel.channel_id, await jpegBytes()), 'E-404');
    const guest = await newClient(t.app);
    expectError(await guest.post(url, undefined, { raw: body(await jpegBytes()) }), 'E-401');
    const forged = await owner.client.post(url, undefined, { raw: body(await jpegBytes()), csrf: 'omit' });
    expect(forged.statusCode).toBe(403);
  });
});
