import { api } from '@qrqr/shared/paths';
import { DESIGN_LIMITS, DESIGN_PRESETS } from '@qrqr/shared/qr-design-constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeCodes } from '../helpers/barcodes';
import type { TestClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate } from '../helpers/factories';
import { gradient, multipartBody, pngBytes } from '../helpers/images';
import { createCode, guestBrowser, twoMembersPerFile, urlCode } from '../helpers/qrcodes';

/**
 * A logo picture of a member's own, for a member without a channel: uploaded through the image
 * pipeline, named by the design as `{ source: 'image', image_url }`, drawn in the downloads; another
 * member cannot name it (404, as another member's code).
 */
const s = twoMembersPerFile();

const upload = (client: TestClient, data: Buffer, type = 'image/png') =>
  client.post(api.qrLogoPicture, undefined, {
    raw: multipartBody([{ name: 'image', filename: 'logo.png', type, data }]),
  });
const createCodeRaw = (client: TestClient, body: Record<string, unknown>) => client.post(api.qrCreate, body);
const setDesign = (client: TestClient, id: string, design: unknown) =>
  client.post(api.qrDesign, { id, design });

let imageUrl = '';

beforeAll(async () => {
  const res = await upload(s.owner.client, await pngBytes(120, 80));
  expect(res.statusCode, res.body).toBe(200);
  imageUrl = res.json().picture.image_url;
});

describe('POST /api/qrcode/logo', () => {
  it('stores the picture re-encoded, for a member who has no channel', async () => {
    expect(imageUrl).toMatch(/^\/api\/image\/[0-9a-f]{32}\.(png|jpg)$/);
    const db = s.t.ctx.db.kysely;
    const owned = await db
      .selectFrom('channels')
      .select('id')
      .where('user_id', '=', s.owner.user.user_id)
      .execute();
    expect(owned).toEqual([]);
    const row = await db
      .selectFrom('images')
      .select(['user_id', 'channel_id', 'width', 'height'])
      .where('name', '=', imageUrl.split('/').pop() as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: s.owner.user.user_id, channel_id: null, width: 120, height: 80 });
    const served = await s.owner.client.get(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  it('keeps the same picture once', async () => {
    const again = await upload(s.owner.client, await pngBytes(120, 80));
    expect(again.json().picture.image_url).toBe(imageUrl);
  });

  it('refuses a guest, a file that is no picture, and a member past the limit', async () => {
    const guest = await guestBrowser(s.t.app);
    expectError(await upload(guest, await pngBytes(40, 40)), 'E-401');
    expectError(await upload(s.owner.client, Buffer.from('<svg/>'), 'image/svg+xml'), 'E-415', {
      messageKey: 'errors.image_type',
    });
    const client = s.other.client;
    for (let i = 0; i < DESIGN_LIMITS.logoPicturesMax; i++) {
      const data = await (await gradient(30 + i, 30)).png().toBuffer();
      expect((await upload(client, data)).statusCode).toBe(200);
    }
    const over = await upload(client, await (await gradient(90, 30)).png().toBuffer());
    expectError(over, 'E-409', { messageKey: 'errors.logo_pictures_limit' });
  });
});

describe('a design with the member’s own picture', () => {
  it('is kept and drawn: the PNG with the logo decodes', async () => {
    const code = await createCode(s.owner.client, urlCode({ url: 'https://example.jp/own-logo' }));
    const logo = { source: 'image', image_url: imageUrl };
    const res = await setDesign(s.owner.client, code.id, {
      ...DESIGN_PRESETS.indigo,
      logo,
      logo_size: 'large',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().qrcode.design.logo).toEqual(logo);
    const png = await s.owner.client.get(`${api.qrDownload}?qr_data_id=${code.id}&type=1&op_size=4`);
    expect(png.statusCode).toBe(200);
    expect(await decodeCodes(png.rawPayload, 'QRCode')).toEqual(['https://example.jp/own-logo']);
    // Level H: the logo is drawn, not left out.
    const svg = await s.owner.client.get(`${api.qrDownload}?qr_data_id=${code.id}&type=4&op_size=4`);
    expect(svg.body).toContain('<image ');
  });

  it('is another member’s picture to nobody else: 404', async () => {
    const theirs = await createCode(s.other.client, urlCode());
    expectError(
      await setDesign(s.other.client, theirs.id, { logo: { source: 'image', image_url: imageUrl } }),
      'E-404',
    );
    // Nor when a code is created with it.
    const design = { ...DESIGN_PRESETS.indigo, logo: { source: 'image', image_url: imageUrl } };
    expectError(await createCodeRaw(s.other.client, { ...urlCode(), design }), 'E-404');
  });
});

describe('a member who leaves', () => {
  it('takes their own pictures along', async () => {
    const member = await signUpAndActivate(s.t.app);
    const res = await upload(member.client, await pngBytes(70, 50));
    const name = (res.json().picture.image_url as string).split('/').pop() as string;
    const pictures = () =>
      s.t.ctx.db.kysely
        .selectFrom('images')
        .select('id')
        .where('user_id', '=', member.user.user_id)
        .execute();
    expect(await pictures()).toHaveLength(1);
    expectOk(await member.client.post(api.unsubscribe, { password: member.password }));
    expect(await pictures()).toEqual([]);
    expect((await s.owner.client.get(`/api/image/${name}`)).statusCode).toBe(404);
  });
});
