import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { completeJan } from '@qrqr/shared/jan';
import { api } from '@qrqr/shared/paths';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { decodeCodes } from '../helpers/barcodes';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { IN_STORE_JAN, saveCoupon } from '../helpers/coupons';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';

let t: TestApp;
let owner: Member;
let channel: ChannelDto;
beforeAll(async () => {
  t = await createTestApp({ QR_CREATE_RATE_LIMIT: '8' });
  owner = await registeredMember(t.app);
  channel = await createChannel(owner.client);
});
afterAll(() => t?.close());

const fromDataUrl = (url: string) => Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64');

/**
 * In a row through the bars (above the digits and guard signs): clear pixels from each edge to the
 * first bar, the width of the bars, and the colour of the picture's corner.
 */
async function barRow(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const y = Math.round(info.height * 0.3);
  const dark = (x: number) => (data[y * info.width + x] ?? 255) < 128;
  let left = 0;
  while (left < info.width && !dark(left)) left++;
  let right = 0;
  while (right < info.width && !dark(info.width - 1 - right)) right++;
  return { left, right, bars: info.width - left - right, corner: data[0] };
}

describe("a saved coupon's code image", () => {
  it('draws a QR code that decodes to the coupon code', async () => {
    const coupon = await saveCoupon(owner.client, channel.channel_id, {
      coupon_code_text: 'こもれび珈琲 春のクーポン 2026',
    });
    const res = await owner.client.get(coupon.coupon_code_image_url ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await decodeCodes(res.rawPayload, 'QRCode')).toEqual(['こもれび珈琲 春のクーポン 2026']);
  });

  it.each([
    ['an in-store code (prefix 20–29)', IN_STORE_JAN],
    ['a GS1 Japan code', completeJan('490123456789')],
  ])('draws %s as a scannable EAN-13 with quiet zones on white', async (_what, jan) => {
    const coupon = await saveCoupon(owner.client, channel.channel_id, {
      coupon_code_type: 2,
      coupon_code_text: jan,
    });
    const res = await owner.client.get(coupon.coupon_code_image_url ?? '');
    expect(res.statusCode).toBe(200);
    expect(await decodeCodes(res.rawPayload, 'EAN13')).toEqual([jan]);
    const row = await barRow(res.rawPayload);
    expect(row.corner).toBe(255);
    // EAN-13 is 95 modules wide and needs 11 clear modules on its left, 7 on its right.
    const module = row.bars / 95;
    expect(row.left / module).toBeGreaterThanOrEqual(11);
    expect(row.right / module).toBeGreaterThanOrEqual(7);
  });

  it('has no image for a numeric code or none', async () => {
    const coupon = await saveCoupon(owner.client, channel.channel_id, {
      coupon_code_type: 3,
      coupon_code_text: '12345',
    });
    expect(coupon.coupon_code_image_url).toBeNull();
    const url = channelPath.under(channel.channel_id, `coupon/image/${coupon.coupon_img_id}/code`);
    expectError(await owner.client.get(url), 'E-404');
    expectError(
      await owner.client.get(channelPath.under(channel.channel_id, 'coupon/image/abc/code')),
      'E-404',
    );
  });
});

describe('POST /api/qrchannel/coupon/qrcode/generate', () => {
  it('answers a QR preview that decodes to the text, and a JAN preview', async () => {
    const qr = expectOk(await owner.client.post(api.couponCodePreview, { qr_text: 'SPRING-10' }));
    expect(await decodeCodes(fromDataUrl(String(qr.qr_image)), 'QRCode')).toEqual(['SPRING-10']);
    const jan = expectOk(
      await owner.client.post(api.couponCodePreview, { qr_text: IN_STORE_JAN, code_type: 2 }, { form: true }),
    );
    expect(await decodeCodes(fromDataUrl(String(jan.qr_image)), 'EAN13')).toEqual([IN_STORE_JAN]);
  });

  it('checks the text like the coupon form does', async () => {
    expectError(await owner.client.post(api.couponCodePreview, { qr_text: '' }), 'E-400', {
      field: 'qr_text',
      rule: 'validation.coupon_qr_required',
    });
    expectError(await owner.client.post(api.couponCodePreview, { qr_text: 'x'.repeat(65) }), 'E-400', {
      field: 'qr_text',
      rule: 'validation.coupon_qr_too_long',
    });
    expectError(
      await owner.client.post(api.couponCodePreview, { qr_text: '2000000123450', code_type: 2 }),
      'E-400',
      {
        field: 'qr_text',
        rule: IN_STORE_JAN.endsWith('0')
          ? 'validation.coupon_jan_format'
          : 'validation.coupon_jan_check_digit',
      },
    );
    expectError(await owner.client.post(api.couponCodePreview, { qr_text: '123', code_type: 2 }), 'E-400', {
      field: 'qr_text',
      rule: 'validation.coupon_jan_format',
    });
    expectError(await owner.client.post(api.couponCodePreview, { qr_text: 'a', code_type: 3 }), 'E-400', {
      field: 'code_type',
      rule: 'validation.coupon_code_type',
    });
  });

  it('needs a signed-in member and the CSRF token', async () => {
    const guest = await newClient(t.app, '10.0.0.7');
    expectError(await guest.post(api.couponCodePreview, { qr_text: 'x' }), 'E-401');
    expectError(await owner.client.post(api.couponCodePreview, { qr_text: 'x' }, { csrf: 'omit' }), 'E-403');
  });

  it('is rate limited per address', async () => {
    // A browser of its own address: the limit of this file's app is 8 a minute.
    const member = await registeredMember(t.app);
    const browser = await newClient(t.app, '10.0.0.9');
    expectOk(await browser.post(api.signin, { email: member.email, password: member.password }));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await browser.post(api.couponCodePreview, { qr_text: `code ${i}` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    expectError(await browser.post(api.couponCodePreview, { qr_text: 'again' }), 'E-429');
  });
});
