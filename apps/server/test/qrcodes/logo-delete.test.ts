import { channelPath } from '@qrqr/shared/channel-paths';
import { api, qrLogoPicturePath } from '@qrqr/shared/paths';
import { DESIGN_LIMITS, DESIGN_PRESETS } from '@qrqr/shared/qr-design-constants';
import type { LogoPictureDto } from '@qrqr/shared/qr-design-schemas';
import { describe, expect, it } from 'vitest';
import { deleteLogoPicture } from '../../src/modules/qrcodes/logo-delete';
import { writeHoldingLogo } from '../../src/modules/qrcodes/logo-hold';
import { updateQrCode } from '../../src/modules/qrcodes/repository';
import { decodeCodes } from '../helpers/barcodes';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate } from '../helpers/factories';
import { gradient, multipartBody, pngBytes } from '../helpers/images';
import { createCode, guestBrowser, twoMembersPerFile, urlCode } from '../helpers/qrcodes';

/**
 * Deleting a logo picture of the member's own: gone from the list and from /api/image; another
 * member's, a channel's or an unknown id answers 404; a picture saved codes still draw is refused
 * with how many (so a printed code keeps its logo in later downloads); a member at the limit
 * uploads again after deleting one.
 */
const s = twoMembersPerFile();

const upload = async (client: TestClient, data: Buffer): Promise<LogoPictureDto> => {
  const res = await client.post(api.qrLogoPicture, undefined, {
    raw: multipartBody([{ name: 'image', filename: 'logo.png', type: 'image/png', data }]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().picture;
};
const list = async (client: TestClient): Promise<LogoPictureDto[]> => {
  const res = await client.get(api.qrLogoPicture);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pictures;
};
const remove = (client: TestClient, id: number | string) => client.delete(qrLogoPicturePath(id));
const setLogo = (client: TestClient, id: string, imageUrl: string | null) =>
  client.post(api.qrDesign, {
    id,
    design: imageUrl
      ? { ...DESIGN_PRESETS.indigo, logo: { source: 'image', image_url: imageUrl }, logo_size: 'large' }
      : DESIGN_PRESETS.indigo,
  });

describe('GET and DELETE /api/qrcode/logo', () => {
  it('lists the member’s own pictures and deletes an unused one, no-store', async () => {
    const picture = await upload(s.owner.client, await pngBytes(110, 70));
    expect(picture).toMatchObject({ id: expect.any(Number), width: 110, height: 70 });
    expect(await list(s.owner.client)).toEqual([picture]);
    expect(await list(s.other.client)).toEqual([]);

    const res = await remove(s.owner.client, picture.id);
    expectOk(res);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(await list(s.owner.client)).toEqual([]);
    expect((await s.owner.client.get(picture.image_url)).statusCode).toBe(404);
    // Once gone, the same id is unknown.
    expectError(await remove(s.owner.client, picture.id), 'E-404');
  });

  it('answers 404 for another member’s picture, a channel’s picture, an unknown id, and 401 for a guest', async () => {
    const theirs = await upload(s.other.client, await pngBytes(90, 60));
    expectError(await remove(s.owner.client, theirs.id), 'E-404');
    expect(await list(s.other.client)).toEqual([theirs]);

    const shop = await registeredMember(s.t.app);
    const channelId = (await createChannel(shop.client)).channel_id;
    const icon = await shop.client.post(`${channelPath.under(channelId, 'image')}?kind=icon`, undefined, {
      raw: multipartBody([
        { name: 'image', filename: 'icon.png', type: 'image/png', data: await pngBytes(80, 80) },
      ]),
    });
    expect(icon.statusCode, icon.body).toBe(200);
    const channelPicture = await s.t.ctx.db.kysely
      .selectFrom('images')
      .select('id')
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    expectError(await remove(shop.client, Number(channelPicture.id)), 'E-404');
    expect(
      await s.t.ctx.db.kysely.selectFrom('images').select('id').where('channel_id', '=', channelId).execute(),
    ).toHaveLength(1);

    for (const id of ['999999999', 'abc', '0', '-1', '1.5'])
      expectError(await remove(s.owner.client, id), 'E-404');
    const guest = await guestBrowser(s.t.app);
    expectError(await remove(guest, theirs.id), 'E-401');
    expectOk(await remove(s.other.client, theirs.id));
  });

  it('refuses a picture saved codes draw, naming how many; their downloads keep the logo', async () => {
    const picture = await upload(s.owner.client, await pngBytes(120, 80));
    const url = 'https://example.jp/printed-logo';
    const codes = [
      await createCode(s.owner.client, urlCode({ url })),
      await createCode(s.owner.client, urlCode({ url: `${url}/2` })),
    ];
    for (const code of codes) expectOk(await setLogo(s.owner.client, code.id, picture.image_url));

    const refused = await remove(s.owner.client, picture.id);
    const body = expectError(refused, 'E-409', { messageKey: 'errors.logo_picture_in_use' });
    expect(body.errors).toEqual([
      {
        field: 'id',
        rule: 'errors.logo_picture_in_use_count',
        values: ['2'],
        message: 'この画像は2件のQRコードのロゴに使われています',
      },
    ]);
    const en = await s.owner.client.delete(qrLogoPicturePath(picture.id), {
      headers: { 'accept-language': 'en' },
    });
    const inEnglish = expectError(en, 'E-409', { messageKey: 'errors.logo_picture_in_use', locale: 'en' });
    expect(inEnglish.errors?.[0]?.message).toBe('QR codes with this picture as their logo: 2');
    expect(await list(s.owner.client)).toEqual([picture]);

    const first = codes[0] as (typeof codes)[number];
    const png = await s.owner.client.get(`${api.qrDownload}?qr_data_id=${first.id}&type=1&op_size=4`);
    expect(await decodeCodes(png.rawPayload, 'QRCode')).toEqual([url]);
    const svg = await s.owner.client.get(`${api.qrDownload}?qr_data_id=${first.id}&type=4&op_size=4`);
    expect(svg.body).toContain('<image ');

    // One code takes its logo off: one left. Then the other is deleted: the picture can go.
    expectOk(await setLogo(s.owner.client, first.id, null));
    const once = expectError(await remove(s.owner.client, picture.id), 'E-409', {
      messageKey: 'errors.logo_picture_in_use',
    });
    expect(once.errors?.[0]?.values).toEqual(['1']);
    const second = codes[1] as (typeof codes)[number];
    expectOk(await s.owner.client.get(`${api.qrDelete}?id=${second.id}`, { xhr: true }));
    expectOk(await remove(s.owner.client, picture.id));
    expect(await list(s.owner.client)).toEqual([]);
  });

  it('lets a member at the limit upload again after deleting one', async () => {
    const member = await signUpAndActivate(s.t.app);
    const kept: LogoPictureDto[] = [];
    for (let i = 0; i < DESIGN_LIMITS.logoPicturesMax; i++)
      kept.push(await upload(member.client, await (await gradient(30 + i, 30)).png().toBuffer()));
    const next = await (await gradient(90, 30)).png().toBuffer();
    const full = await member.client.post(api.qrLogoPicture, undefined, {
      raw: multipartBody([{ name: 'image', filename: 'logo.png', type: 'image/png', data: next }]),
    });
    expectError(full, 'E-409', { messageKey: 'errors.logo_pictures_limit' });

    expectOk(await remove(member.client, (kept[3] as LogoPictureDto).id));
    const again = await upload(member.client, next);
    const now = await list(member.client);
    expect(now).toHaveLength(DESIGN_LIMITS.logoPicturesMax);
    expect(now.at(-1)).toEqual(again);
    expect(now.map((p) => p.id)).not.toContain((kept[3] as LogoPictureDto).id);
  });

  it('a delete that meets a design being saved waits for it, then counts it', async () => {
    const picture = await upload(s.owner.client, await pngBytes(100, 100));
    const code = await createCode(s.owner.client, urlCode({ url: 'https://example.jp/racing' }));
    const userId = s.owner.user.user_id;
    const name = picture.image_url.split('/').pop() as string;
    const design = { ...DESIGN_PRESETS.indigo, logo: { source: 'image', image_url: picture.image_url } };
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // The save holds the picture, then takes its time to write: the delete starts meanwhile.
    const saving = writeHoldingLogo(s.t.ctx, { userId, name }, async (trx) => {
      holding();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await updateQrCode(s.t.ctx.db, code.id, { design: JSON.stringify(design) }, trx);
    });
    await held;
    const deleting = deleteLogoPicture(s.t.ctx, { userId, id: picture.id }).then(
      () => 'deleted',
      (error: { code?: string }) => error.code,
    );
    await saving;
    expect(await deleting).toBe('E-409');
    expect(await list(s.owner.client)).toContainEqual(picture);
  });
});
