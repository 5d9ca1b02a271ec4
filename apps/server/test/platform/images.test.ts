import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/http/errors';
import { CostlyWork } from '../../src/platform/media/costly-work';
import {
  decodeBase64Image,
  deleteImages,
  findImage,
  readImageUpload,
  registerImageUploads,
  storeImage,
} from '../../src/platform/media/images';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import {
  blackPng,
  gifBytes,
  gradient,
  jpegBytes,
  multipartBody,
  pngBomb,
  pngBytes,
  webpBytes,
} from '../helpers/images';

let t: TestApp;
let member: Member;
let channel: ChannelDto;
let other: ChannelDto;
const UPLOAD = '/test/upload-image';

beforeAll(async () => {
  t = await createTestApp();
  // A route shaped like the channel image call, so the multipart limits are tested as served.
  await t.app.register(async (scope) => {
    await registerImageUploads(scope);
    scope.post(UPLOAD, async (req) => {
      const image = await storeImage(t.ctx, await readImageUpload(req), {
        owner: { channelId: channel.channel_id, purpose: 'test' },
      });
      return { status: { code: 'S-200', message: 'OK' }, image };
    });
  });
  member = await registeredMember(t.app);
  channel = await createChannel(member.client);
  other = await createChannel(member.client, { channel_name: '別の店' });
});
afterAll(() => t?.close());

const owner = () => ({ channelId: channel.channel_id, purpose: 'coupon' });

/** What a browser gets at the image's URL. */
async function fetchImage(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined };
}

async function expectAppError(promise: Promise<unknown>, code: string, messageKey?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (messageKey) expect((error as AppError).options.messageKey).toBe(messageKey);
}

describe('storeImage: accepted types', () => {
  it.each([
    ['JPEG', () => jpegBytes(), 'jpeg'],
    ['PNG without transparency', () => pngBytes(), 'jpeg'],
    ['PNG with transparency', () => pngBytes(64, 48, true), 'png'],
    ['WebP', () => webpBytes(), 'jpeg'],
    ['GIF', () => gifBytes(), 'jpeg'],
  ])('%s is re-encoded and served at an immutable URL', async (_label, make, format) => {
    const stored = await storeImage(t.ctx, await make(), { owner: owner() });
    expect(stored.url).toMatch(/^\/api\/image\/[0-9a-f]{32}\.(jpg|png)$/);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 64, height: 48 });
    const { res, meta } = await fetchImage(stored.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(format === 'png' ? 'image/png' : 'image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(meta?.format).toBe(format);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frames = await Promise.all([gifBytes(40, 30), (await gradient(40, 30)).negate().gif().toBuffer()]);
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const { meta } = await fetchImage((await storeImage(t.ctx, animated, { owner: owner() })).url);
    expect(meta?.pages ?? 1).toBe(1);
    expect({ width: meta?.width, height: meta?.height }).toEqual({ width: 40, height: 30 });
  });
});

describe('storeImage: what it refuses', () => {
  it('refuses text named .png, naming the accepted types', async () => {
    const fake = Buffer.from('this is not a picture, only its name ends in .png\n');
    await expectAppError(storeImage(t.ctx, fake, { owner: owner() }), 'E-415', 'errors.image_type');
  });

  it('refuses SVG and TIFF, which sharp could read, before any decoder sees them', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const tiff = await (await gradient(8, 8)).tiff().toBuffer();
    await expectAppError(storeImage(t.ctx, svg, { owner: owner() }), 'E-415', 'errors.image_type');
    await expectAppError(storeImage(t.ctx, tiff, { owner: owner() }), 'E-415', 'errors.image_type');
  });

  it('refuses a file that starts like a JPEG but is broken', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    await expectAppError(storeImage(t.ctx, broken, { owner: owner() }), 'E-415', 'errors.image_unreadable');
  });

  it('refuses more bytes than the limit without reading them', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1);
    (await jpegBytes()).copy(big);
    await expectAppError(storeImage(t.ctx, big, { owner: owner() }), 'E-413', 'errors.image_too_big');
  });

  it('refuses a decompression bomb (a small PNG of 10000 × 10000 pixels) before decoding it', async () => {
    const bomb = pngBomb(10_000);
    expect(bomb.length).toBeLessThan(100_000);
    const before = process.memoryUsage().rss;
    await expectAppError(
      storeImage(t.ctx, bomb, { owner: owner() }),
      'E-413',
      'errors.image_too_many_pixels',
    );
    // 100 million pixels would take at least 100 MB decoded.
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses an empty upload as a missing image', async () => {
    await expectAppError(storeImage(t.ctx, Buffer.alloc(0), { owner: owner() }), 'E-400');
  });
});

describe('storeImage: re-encoding', () => {
  it('strips EXIF, XMP, ICC and comments, and applies the EXIF orientation', async () => {
    // 300 × 200 stored sideways (orientation 6: rotate 90° clockwise to view).
    const photo = await (await gradient(300, 200))
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'GPS 35.68,139.76' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><secret>location</secret></x:xmpmeta>')
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif).toBeDefined();
    expect(input.xmp).toBeDefined();

    const stored = await storeImage(t.ctx, photo, { owner: owner() });
    const { res, meta } = await fetchImage(stored.url);
    expect(meta?.exif).toBeUndefined();
    expect(meta?.xmp).toBeUndefined();
    expect(meta?.icc).toBeUndefined();
    expect(meta?.orientation).toBeUndefined();
    expect(meta?.comments).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('Secret Owner'))).toBe(false);
    // Upright now: what was 300 wide is 200 wide.
    expect({ width: meta?.width, height: meta?.height }).toEqual({ width: 200, height: 300 });
  });

  it('fits large pictures within 1024 px and leaves small ones their size', async () => {
    const wide = await storeImage(t.ctx, await (await gradient(3000, 1500)).jpeg().toBuffer(), {
      owner: owner(),
    });
    expect({ w: wide.width, h: wide.height }).toEqual({ w: 1024, h: 512 });
    const tall = await storeImage(t.ctx, await (await gradient(600, 2400)).png().toBuffer(), {
      owner: owner(),
    });
    expect({ w: tall.width, h: tall.height }).toEqual({ w: 256, h: 1024 });
    const { meta } = await fetchImage(tall.url);
    expect({ w: meta?.width, h: meta?.height }).toEqual({ w: 256, h: 1024 });
    const small = await storeImage(t.ctx, await jpegBytes(300, 200), { owner: owner() });
    expect({ w: small.width, h: small.height }).toEqual({ w: 300, h: 200 });
  });

  it('goes through the image gate: beyond its queue an upload is refused with E-503', async () => {
    const gate = new CostlyWork({ concurrency: 1, queue: 0, retryAfterSeconds: 5 });
    const bytes = await jpegBytes(800, 800);
    const results = await Promise.allSettled([
      storeImage({ db: t.ctx.db, decodes: gate }, bytes, { owner: owner() }),
      storeImage({ db: t.ctx.db, decodes: gate }, bytes, { owner: owner() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as AppError).code).toBe('E-503');
  });
});

describe('storeImage: pictures shaped to cost a lot', () => {
  // A few kilobytes declaring a canvas no photo or logo has: under the pixel limit, yet each took
  // hundreds of megabytes (never given back) or seconds of the image gate to shrink.
  it.each([
    ['2,000,000 × 20 (4.9 KB)', 2_000_000, 20],
    ['1 × 47,000,000 (91 KB)', 1, 47_000_000],
    ['8,001 × 500: one side over 8,000 px', 8001, 500],
    ['400 × 8,001', 400, 8001],
    ['2,100 × 100: longer than 20 times the short side', 2100, 100],
  ])('refuses %s from its header, before decoding it', async (_label, width, height) => {
    const png = blackPng(width, height);
    expect(png.length).toBeLessThan(100_000);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    await expectAppError(storeImage(t.ctx, png, { owner: owner() }), 'E-413', 'errors.image_shape');
    // The header is all that was read.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it.each([
    ['8,000 × 400', 8000, 400],
    ['400 × 8,000', 400, 8000],
    ['2,000 × 100', 2000, 100],
  ])('accepts %s (the limits themselves)', async (_label, width, height) => {
    const stored = await storeImage(t.ctx, blackPng(width, height), { owner: owner() });
    expect(Math.max(stored.width, stored.height)).toBe(1024);
  });
});

describe('uploads have a gate of their own', () => {
  it('an upload goes through while every QR render slot and its queue are taken', async () => {
    const { concurrency, queue } = {
      concurrency: t.ctx.config.RENDER_CONCURRENCY,
      queue: t.ctx.config.RENDER_QUEUE,
    };
    const held = await Promise.all(Array.from({ length: concurrency }, () => t.ctx.renders.acquire()));
    const queued = Array.from({ length: queue }, () => t.ctx.renders.acquire().then((release) => release()));
    try {
      const res = await member.client.post(UPLOAD, undefined, {
        raw: multipartBody([
          { name: 'image', filename: 'a.jpg', type: 'image/jpeg', data: await jpegBytes(91, 40) },
        ]),
      });
      expectOk(res);
    } finally {
      for (const release of held) release();
      await Promise.all(queued);
    }
  });

  it('a QR download goes through while every upload decoding slot is taken', async () => {
    const held = await Promise.all(
      Array.from({ length: t.ctx.config.RENDER_CONCURRENCY }, () => t.ctx.decodes.acquire()),
    );
    try {
      const guest = await newClient(t.app);
      const code = await guest.post(api.qrCreate, { tab: 1, analysis_type: 0, text: 'gate' });
      const id = code.json().qrcode.id as string;
      const res = await guest.get(`${api.qrDownload}?qr_data_id=${id}&type=1&op_size=4`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    } finally {
      for (const release of held) release();
    }
  });
});

describe('deleteImages and the URL', () => {
  it("deletes a channel's own pictures only, and their URL then answers 404 without caching", async () => {
    const mine = await storeImage(t.ctx, await jpegBytes(50, 50), { owner: owner() });
    const theirs = await storeImage(t.ctx, await jpegBytes(51, 50), {
      owner: { channelId: other.channel_id, purpose: 'coupon' },
    });
    expect(
      await deleteImages(t.ctx.db.kysely, { channelId: channel.channel_id, ids: [mine.id, theirs.id] }),
    ).toBe(1);
    expect(await findImage(t.ctx.db.kysely, { channelId: channel.channel_id, id: mine.id })).toBeUndefined();
    expect(await findImage(t.ctx.db.kysely, { channelId: other.channel_id, id: theirs.id })).toMatchObject({
      url: theirs.url,
    });
    const gone = await t.app.inject({ method: 'GET', url: mine.url });
    expectError(gone, 'E-404');
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: theirs.url })).statusCode).toBe(200);
  });

  it('answers 404 to a name that is not a content hash', async () => {
    for (const url of ['/api/image/../../etc/passwd', '/api/image/abc.jpg', '/api/image/0000.svg']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('decodeBase64Image', () => {
  it('reads a data URL or bare base64, whatever type the data URL claims', async () => {
    const png = await pngBytes();
    expect(decodeBase64Image(`data:image/jpeg;base64,${png.toString('base64')}`).equals(png)).toBe(true);
    expect(decodeBase64Image(png.toString('base64')).equals(png)).toBe(true);
  });

  it('refuses text that is not base64, and oversized data before decoding it', () => {
    expect(() => decodeBase64Image('data:image/png;base64,@@@')).toThrow(AppError);
    const error = (() => {
      try {
        decodeBase64Image('A'.repeat(12 * 1024 * 1024));
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(error?.code).toBe('E-413');
  });
});

describe('multipart uploads (registerImageUploads + readImageUpload)', () => {
  const upload = (parts: Parameters<typeof multipartBody>[0]) =>
    member.client.post(UPLOAD, undefined, { raw: multipartBody(parts) });

  it('stores the file of the image field', async () => {
    const res = await upload([
      { name: 'note', value: 'hello' },
      { name: 'image', filename: 'shop.webp', type: 'image/webp', data: await webpBytes() },
    ]);
    const body = expectOk(res) as unknown as { image: { url: string } };
    expect((await fetchImage(body.image.url)).res.statusCode).toBe(200);
  });

  it('sniffs the bytes, not the name or the declared type', async () => {
    const res = await upload([
      { name: 'image', filename: 'photo.png', type: 'image/png', data: Buffer.from('plain text') },
    ]);
    expectError(res, 'E-415', { messageKey: 'errors.image_type' });
    expect(res.json().status.message).toContain('JPEG・PNG・WebP・GIF');
  });

  it('answers in English when asked', async () => {
    const res = await member.client.post(UPLOAD, undefined, {
      raw: multipartBody([{ name: 'image', filename: 'a.png', type: 'image/png', data: Buffer.from('x') }]),
      headers: { 'accept-language': 'en' },
    });
    expectError(res, 'E-415', { messageKey: 'errors.image_type', locale: 'en' });
  });

  it('refuses a file over the byte limit with E-413', async () => {
    const res = await upload([
      { name: 'image', filename: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(8 * 1024 * 1024 + 10, 1) },
    ]);
    expectError(res, 'E-413', { messageKey: 'errors.image_too_big' });
  });

  it('refuses more than one file', async () => {
    const jpeg = await jpegBytes();
    const res = await upload([
      { name: 'other', filename: 'a.jpg', type: 'image/jpeg', data: jpeg },
      { name: 'image', filename: 'b.jpg', type: 'image/jpeg', data: jpeg },
    ]);
    expectError(res, 'E-413');
  });

  it('answers a missing image field as a field error', async () => {
    const res = await upload([{ name: 'note', value: 'no file' }]);
    expectError(res, 'E-400', { field: 'image', rule: 'validation.image_required' });
  });

  it('needs the CSRF token like every state-changing call', async () => {
    const res = await member.client.post(UPLOAD, undefined, {
      raw: multipartBody([{ name: 'image', filename: 'a.jpg', type: 'image/jpeg', data: await jpegBytes() }]),
      csrf: 'omit',
    });
    expectError(res, 'E-403');
  });
});
