import { channelPath } from '@qrqr/shared/channel-paths';
import { api } from '@qrqr/shared/paths';
import { DESIGN_PRESETS, EC_CAPACITY } from '@qrqr/shared/qr-design-constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeCodes } from '../helpers/barcodes';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { saveCoupon } from '../helpers/coupons';
import { expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { multipartBody, pngBytes } from '../helpers/images';
import { createCode, guestBrowser, twoMembersPerFile, urlCode } from '../helpers/qrcodes';

const s = twoMembersPerFile();
let shop: Member;
let channelId: number;

beforeAll(async () => {
  // A member with a channel whose icon becomes the logo.
  shop = await registeredMember(s.t.app);
  channelId = (await createChannel(shop.client)).channel_id;
  const res = await shop.client.post(`${channelPath.under(channelId, 'image')}?kind=icon`, undefined, {
    raw: multipartBody([
      { name: 'image', filename: 'logo.png', type: 'image/png', data: await pngBytes(120, 80) },
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
});

const setDesign = (client: TestClient, id: string, design: unknown) =>
  client.post(api.qrDesign, { id, design });
const download = (client: TestClient, query: Record<string, string | number>) =>
  client.get(
    `${api.qrDownload}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  );
const logoDesign = () => ({ ...DESIGN_PRESETS.sakura, logo: { source: 'channel', channel_id: channelId } });

describe('POST /qrcode/design/', () => {
  it('keeps the design with the code, and every answer carries it', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const res = await setDesign(s.owner.client, code.id, { fg: '#1F3A93', module_shape: 'dots' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().qrcode.design).toMatchObject({
      fg: '#1f3a93',
      bg: '#ffffff',
      module_shape: 'dots',
      logo: null,
    });
    const list = await s.owner.client.get(api.qrListData);
    const listed = list.json().qrcodes.find((c: { id: string }) => c.id === code.id);
    expect(listed.design.module_shape).toBe('dots');
    // null draws it plain again.
    expect((await setDesign(s.owner.client, code.id, null)).json().qrcode.design).toBeNull();
  });

  it.each([
    ['design.fg', { fg: '#ffffff', bg: '#000000' }, 'validation.design_inverted'],
    ['design.fg', { fg: '#999999' }, 'validation.design_contrast'],
    ['design.eye_color', { eye_color: '#dddddd' }, 'validation.design_contrast'],
    ['design.fg', { fg: 'red' }, 'validation.design_color'],
    ['design.module_shape', { module_shape: 'stars' }, 'validation.design_shape'],
    ['design.cta', { cta: 'free text' }, 'validation.design_cta'],
    ['design.logo.source', { logo: { source: 'url', url: 'https://x' } }, 'validation.design_logo'],
    ['design.logo.channel_id', { logo: { source: 'channel', channel_id: 'x' } }, 'validation.design_logo'],
  ])('refuses %s %j with the reason', async (field, design, rule) => {
    const code = await createCode(s.owner.client, urlCode());
    expectError(await setDesign(s.owner.client, code.id, design), 'E-400', { field, rule });
  });

  it('answers the reason in Japanese and in English', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const ja = await setDesign(s.owner.client, code.id, { fg: '#ffffff', bg: '#000000' });
    expect(ja.json().errors[0].message).toContain('読み取れないコード');
    const en = await s.owner.client.post(
      api.qrDesign,
      { id: code.id, design: { fg: '#aaaaaa' } },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(en.json().errors[0].message).toContain('contrast ratio at least 4.5');
  });

  it("answers 404 for another member's code and E-401-free for a guest's own", async () => {
    const code = await createCode(s.owner.client, urlCode());
    expectError(await setDesign(s.other.client, code.id, { fg: '#1f3a93' }), 'E-404');
    const guest = await guestBrowser(s.t.app);
    const mine = await createCode(guest, urlCode());
    expect((await setDesign(guest, mine.id, DESIGN_PRESETS.coffee)).statusCode).toBe(200);
    expectError(await setDesign(guest, code.id, { fg: '#1f3a93' }), 'E-404');
  });

  it('takes a logo only from a member, of a channel of theirs, with content the level holds', async () => {
    const guest = await guestBrowser(s.t.app);
    const guestCode = await createCode(guest, urlCode());
    expectError(await setDesign(guest, guestCode.id, logoDesign()), 'E-400', {
      field: 'design.logo',
      rule: 'validation.design_logo_guest',
    });
    const othersCode = await createCode(s.other.client, urlCode());
    expectError(await setDesign(s.other.client, othersCode.id, logoDesign()), 'E-400', {
      field: 'design.logo',
      rule: 'validation.design_logo',
    });
    const long = await createCode(shop.client, { tab: 1, analysis_type: 0, text: 'あ'.repeat(600) });
    expectError(await setDesign(shop.client, long.id, logoDesign()), 'E-400', {
      field: 'design.logo',
      rule: 'validation.design_logo_capacity',
    });
    expect(1800).toBeGreaterThan(EC_CAPACITY.Q);
  });

  it("takes any picture of the member's channels by its address (a coupon's), not another's", async () => {
    const coupon = await saveCoupon(shop.client, channelId, {
      image: (await pngBytes(90, 90)).toString('base64'),
    });
    const logo = { source: 'image', image_url: coupon.coupon_image_url };
    const code = await createCode(shop.client, urlCode({ url: 'https://example.jp/coupon' }));
    const res = await setDesign(shop.client, code.id, { ...DESIGN_PRESETS.matcha, logo, logo_size: 'large' });
    expect(res.statusCode, res.body).toBe(200);
    const png = await download(shop.client, { qr_data_id: code.id, type: 1, op_size: 4 });
    expect(await decodeCodes(png.rawPayload, 'QRCode')).toEqual(['https://example.jp/coupon']);
    const others = await createCode(s.other.client, urlCode());
    expectError(await setDesign(s.other.client, others.id, { logo }), 'E-400', {
      field: 'design.logo',
      rule: 'validation.design_logo',
    });
    expectError(
      await setDesign(shop.client, code.id, { logo: { source: 'image', image_url: '/etc/passwd' } }),
      'E-400',
      {
        field: 'design.logo.image_url',
        rule: 'validation.design_logo',
      },
    );
  });

  it('creates a code with a design in one call (a saved style applied)', async () => {
    const code = await createCode(shop.client, urlCode({ design: logoDesign() } as never));
    expect(code.design?.logo).toEqual({ source: 'channel', channel_id: channelId });
    // Under a logo the image is level Q, version 5 at least.
    expect(code.version).toBe(5);
  });
});

describe('GET /qrcode/download/ of a designed code', () => {
  it.each([1, 2, 3, 4] as const)('format %i draws the design, logo included', async (type) => {
    const code = await createCode(shop.client, urlCode({ url: 'https://example.jp/menu/spring' }));
    expect((await setDesign(shop.client, code.id, logoDesign())).statusCode).toBe(200);
    const res = await download(shop.client, {
      qr_data_id: code.id,
      type,
      op_size: 4,
      op_margin: 0,
      op_dpi: 72,
    });
    expect(res.statusCode, res.body).toBe(200);
    if (type === 4) {
      expect(res.body).toContain('fill="#9c2a4a"');
      expect(res.body).toContain('<image ');
    } else if (type === 3) {
      expect(res.body).toContain('setcmykcolor');
      expect(res.body).toContain('/DeviceCMYK setcolorspace');
    } else {
      expect(await decodeCodes(res.rawPayload, 'QRCode')).toEqual(['https://example.jp/menu/spring']);
    }
  });

  it('refuses a cell size under 4 pixels for a designed code', async () => {
    const code = await createCode(s.owner.client, urlCode());
    await setDesign(s.owner.client, code.id, { module_shape: 'dots' });
    expectError(await download(s.owner.client, { qr_data_id: code.id, type: 1, op_size: 3 }), 'E-400', {
      field: 'op_size',
      rule: 'validation.design_cell_size',
    });
  });
});
