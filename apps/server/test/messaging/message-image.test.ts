import { channelPath } from '@qrqr/shared/channel-paths';
import { IMAGE_LIMITS } from '@qrqr/shared/image-limits';
import { type MessageDto, messageImageAnswer } from '@qrqr/shared/message-schemas';
import { welcomeMessageAnswer } from '@qrqr/shared/welcome-message-schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUnusedMessageImages, UNUSED_GRACE_MS } from '../../src/modules/messaging/image-housekeeping';
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

describe('which pictures a message may show', () => {
  it("refuses another channel's picture or one never uploaded (choose the image again), on messages and welcome messages", async () => {
    const mine = await createChannel(owner.client);
    const theirs = await createChannel(other.client);
    const { image_url } = expectAnswer(
      await upload(other, theirs.channel_id, await jpegBytes(300, 200)),
      messageImageAnswer,
    );
    const unknown = `/api/image/${'0'.repeat(32)}.jpg`;
    for (const url of [image_url, unknown]) {
      const rule = { field: 'background_image_url', rule: 'validation.message_image_invalid' };
      expectError(
        await owner.client.post(channelPath.messages(mine.channel_id), {
          layout: 4,
          push_text: '画像',
          background_image_url: url,
        }),
        'E-400',
        rule,
      );
      expectError(
        await owner.client.post(channelPath.welcomeMessages(mine.channel_id), {
          layout: 4,
          push_text: '画像',
          background_image_url: url,
        }),
        'E-400',
        rule,
      );
    }
    // Its own channel may use it.
    const saved = await saveDraft(other.client, theirs.channel_id, {
      layout: 4,
      background_image_url: image_url,
    });
    expect(saved.background_image_url).toBe(image_url);
  });

  it('deletes pictures no message or welcome message shows, after a day of grace', async () => {
    const channel = await createChannel(owner.client);
    const up = async (w: number) =>
      expectAnswer(await upload(owner, channel.channel_id, await jpegBytes(w, 100)), messageImageAnswer)
        .image_url;
    const [byMessage, unused, byWelcome, recent] = [
      await up(201),
      await up(202),
      await up(203),
      await up(204),
    ];
    const draft = await saveDraft(owner.client, channel.channel_id, {
      layout: 4,
      background_image_url: byMessage,
    });
    const welcome = await owner.client.post(channelPath.welcomeMessages(channel.channel_id), {
      layout: 4,
      push_text: 'ようこそ',
      background_image_url: byWelcome,
    });
    expectAnswer(welcome, welcomeMessageAnswer);
    const names = (urls: string[]) => urls.map((u) => u.slice('/api/image/'.length));
    await t.ctx.db.kysely
      .updateTable('images')
      .set({ created_at: Date.now() - UNUSED_GRACE_MS - 60_000 })
      .where('name', 'in', names([byMessage, unused, byWelcome]))
      .execute();
    const left = async () =>
      (
        await t.ctx.db.kysely
          .selectFrom('images')
          .select('name')
          .where('name', 'in', names([byMessage, unused, byWelcome, recent]))
          .execute()
      )
        .map((r) => `/api/image/${r.name}`)
        .sort();
    await deleteUnusedMessageImages(t.ctx);
    expect(await left()).toEqual([byMessage, byWelcome, recent].sort());
    expect((await t.app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
    // Deleting the message that showed it lets its picture go at the next run.
    await owner.client.post(channelPath.messageDelete(channel.channel_id), {
      message_ids: [draft.message_id],
    });
    await deleteUnusedMessageImages(t.ctx);
    expect(await left()).toEqual([byWelcome, recent].sort());
  });
});
