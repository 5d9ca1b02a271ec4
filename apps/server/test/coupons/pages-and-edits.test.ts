import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { COUPON_LIMITS, tokyoDate } from '@qrqr/shared/coupon-constants';
import type { CouponDto, CouponListDto } from '@qrqr/shared/coupon-schemas';
import { completeJan } from '@qrqr/shared/jan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newCoupon, saveCoupon } from '../helpers/coupons';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { jpegBytes, pngBytes } from '../helpers/images';

/** The library in pages of 20 with search and states; edits; numbers typed full-width. */

let t: TestApp;
let owner: Member;
let stranger: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  stranger = await registeredMember(t.app);
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const day = (offset: number) => tokyoDate(Date.now() + offset * DAY);

const list = async (channelId: number, query = '') =>
  expectOk(await owner.client.get(`${channelPath.coupons(channelId)}${query}`)) as unknown as CouponListDto;

/** 45 coupons straight into the table: 15 past, 15 valid today, 15 still to come, newest last. */
async function fill(channel: ChannelDto): Promise<void> {
  const now = Date.now();
  const periods: Array<[string, string]> = [
    [day(-30), day(-1)],
    [day(-1), day(1)],
    [day(1), day(30)],
  ];
  await t.ctx.db.kysely
    .insertInto('coupons')
    .values(
      Array.from({ length: 45 }, (_, i) => ({
        channel_id: channel.channel_id,
        image_id: null,
        discount_type: 4,
        item_name: `${i % 2 === 0 ? 'Lunch' : 'ケーキ'} ${i + 1}`,
        text_color: '#ffffff',
        text_shadow: 1,
        available_count: 1,
        code_type: 4,
        date_from: (periods[i % 3] as [string, string])[0],
        date_to: (periods[i % 3] as [string, string])[1],
        created_at: now - (45 - i) * 1000,
      })),
    )
    .execute();
}

describe('GET …/coupon/image/get pages, search and states', () => {
  let channel: ChannelDto;
  beforeAll(async () => {
    channel = await createChannel(owner.client);
    await fill(channel);
  });

  it('answers 20 a page, newest first, with the match count and the stored count', async () => {
    const first = await list(channel.channel_id);
    expect(first).toMatchObject({ total_count: 45, stored_count: 45, page: 1, page_size: 20 });
    expect(first.coupons).toHaveLength(20);
    expect(first.coupons[0]?.coupon_content).toBe('Lunch 45');
    const third = await list(channel.channel_id, '?page=3');
    expect(third.coupons.map((c) => c.coupon_content)).toEqual([
      'Lunch 5',
      'ケーキ 4',
      'Lunch 3',
      'ケーキ 2',
      'Lunch 1',
    ]);
    expect((await list(channel.channel_id, '?page=4')).coupons).toEqual([]);
    expectError(await owner.client.get(`${channelPath.coupons(channel.channel_id)}?page=0`), 'E-400', {
      field: 'page',
      rule: 'validation.page_invalid',
    });
  });

  it('searches the item name, any case, wildcards as text', async () => {
    const lunch = await list(channel.channel_id, `?keyword=${encodeURIComponent('lunch')}`);
    expect(lunch).toMatchObject({ total_count: 23, stored_count: 45 });
    expect(lunch.coupons.every((c) => c.coupon_content.startsWith('Lunch'))).toBe(true);
    const cake = await list(channel.channel_id, `?keyword=${encodeURIComponent('ケーキ 1')}`);
    expect(cake.coupons.map((c) => c.coupon_content)).toEqual([
      'ケーキ 18',
      'ケーキ 16',
      'ケーキ 14',
      'ケーキ 12',
      'ケーキ 10',
    ]);
    expect((await list(channel.channel_id, '?keyword=%25')).total_count).toBe(0);
  });

  it('narrows to a state judged on today in Japan', async () => {
    const counts = async (state: string) => (await list(channel.channel_id, `?state=${state}`)).total_count;
    expect(await counts('valid')).toBe(15);
    expect(await counts('upcoming')).toBe(15);
    expect(await counts('expired')).toBe(15);
    const valid = await list(channel.channel_id, '?state=valid&keyword=lunch');
    expect(valid.coupons.every((c) => c.coupon_date_from <= day(0) && c.coupon_date_to >= day(0))).toBe(true);
    expectError(await owner.client.get(`${channelPath.coupons(channel.channel_id)}?state=old`), 'E-400', {
      field: 'state',
      rule: 'validation.invalid',
    });
  });
});

describe('POST …/coupon/image/save with coupon_img_id edits', () => {
  it('rewrites the coupon in place, keeping its picture unless a new one or none is sent', async () => {
    const channel = await createChannel(owner.client);
    const url = channelPath.couponSave(channel.channel_id);
    const photo = `data:image/jpeg;base64,${(await jpegBytes(400, 200)).toString('base64')}`;
    const original = await saveCoupon(owner.client, channel.channel_id, { image: photo });

    const edited = expectOk(
      await owner.client.post(url, {
        coupon_image_data: newCoupon({
          coupon_img_id: original.coupon_img_id,
          coupon_content: '季節のタルト',
        }),
      }),
    ).coupon as typeof original;
    expect(edited).toMatchObject({
      coupon_img_id: original.coupon_img_id,
      coupon_content: '季節のタルト',
      coupon_image_url: original.coupon_image_url,
      created_at: original.created_at,
    });

    const logo = (await pngBytes(100, 50, true)).toString('base64');
    const repictured = expectOk(
      await owner.client.post(url, {
        coupon_image_data: newCoupon({ coupon_img_id: original.coupon_img_id, image: logo }),
      }),
    ).coupon as typeof original;
    expect(repictured.coupon_image_url).toMatch(/\.png$/);
    const unpictured = expectOk(
      await owner.client.post(url, {
        coupon_image_data: newCoupon({ coupon_img_id: original.coupon_img_id, image: '' }),
      }),
    ).coupon as typeof original;
    expect(unpictured.coupon_image_url).toBeNull();
    // The replaced pictures are gone with the edits; the library still holds one coupon.
    const pictures = await t.ctx.db.kysely
      .selectFrom('images')
      .select('id')
      .where('channel_id', '=', channel.channel_id)
      .execute();
    expect(pictures).toEqual([]);
    expect((await list(channel.channel_id)).stored_count).toBe(1);
  });

  it('answers one coupon to edit or copy, 404 for another channel’s', async () => {
    const channel = await createChannel(owner.client);
    const coupon = await saveCoupon(owner.client, channel.channel_id);
    const one = expectOk(
      await owner.client.get(channelPath.coupon(channel.channel_id, coupon.coupon_img_id)),
    );
    expect(one.coupon).toEqual(coupon);
    const theirs = await createChannel(stranger.client);
    expectError(
      await stranger.client.get(channelPath.coupon(theirs.channel_id, coupon.coupon_img_id)),
      'E-404',
    );
    expectError(await owner.client.get(channelPath.coupon(channel.channel_id, 'x')), 'E-404');
  });

  it('edits with a full library, and answers 404 for another channel’s coupon', async () => {
    const channel = await createChannel(owner.client);
    const now = Date.now();
    await t.ctx.db.kysely
      .insertInto('coupons')
      .values(
        Array.from({ length: COUPON_LIMITS.storageMax }, (_, i) => ({
          channel_id: channel.channel_id,
          image_id: null,
          discount_type: 5,
          item_name: 'ランチ',
          text_color: '#ffffff',
          text_shadow: 1,
          available_count: 1,
          code_type: 4,
          date_from: '2026-01-01',
          date_to: '2026-12-31',
          created_at: now - i,
        })),
      )
      .execute();
    const one = (await list(channel.channel_id)).coupons[0] as CouponDto;
    const url = channelPath.couponSave(channel.channel_id);
    expectOk(
      await owner.client.post(url, { coupon_image_data: newCoupon({ coupon_img_id: one.coupon_img_id }) }),
    );
    const theirs = await createChannel(stranger.client);
    expectError(
      await stranger.client.post(channelPath.couponSave(theirs.channel_id), {
        coupon_image_data: newCoupon({ coupon_img_id: one.coupon_img_id }),
      }),
      'E-404',
    );
    expect((await list(channel.channel_id)).coupons[0]?.coupon_content).toBe('ブレンドコーヒー');
  });
});

describe('numbers typed full-width (one rule: halfWidthNumber, packages/shared)', () => {
  it('saves amounts, a JAN and a numeric code typed full-width', async () => {
    const channel = await createChannel(owner.client);
    const jan = completeJan('200000012345');
    const wide = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    const percent = await saveCoupon(owner.client, channel.channel_id, {
      coupon_value_percent: '１０',
      coupon_code_type: 2,
      coupon_code_text: wide(jan),
    });
    expect(percent).toMatchObject({ coupon_value_percent: 10, coupon_code_text: jan });
    const yen = await saveCoupon(owner.client, channel.channel_id, {
      coupon_type: 2,
      coupon_value_off: '５００',
      coupon_code_type: 3,
      coupon_code_text: '０１２３',
    });
    expect(yen).toMatchObject({ coupon_value_off: 500, coupon_code_text: '0123' });
    // A QR code's text is kept as written.
    const qr = await saveCoupon(owner.client, channel.channel_id, { coupon_code_text: 'ＡＢ１２' });
    expect(qr.coupon_code_text).toBe('ＡＢ１２');
  });

  it('refuses 101 %, 12.5 % and ¥100,000,000 with their rule instead of changing them', async () => {
    const channel = await createChannel(owner.client);
    const url = channelPath.couponSave(channel.channel_id);
    for (const [patch, field, rule] of [
      [{ coupon_value_percent: '１０１' }, 'coupon_value_percent', 'validation.coupon_percent_range'],
      [{ coupon_value_percent: '12.5' }, 'coupon_value_percent', 'validation.coupon_percent_range'],
      [{ coupon_type: 2, coupon_value_off: '100000000' }, 'coupon_value_off', 'validation.coupon_yen_range'],
      [
        { coupon_code_type: 2, coupon_code_text: '２００００００１２３４５０' },
        'coupon_code_text',
        'validation.coupon_jan_check_digit',
      ],
    ] as const) {
      expectError(await owner.client.post(url, { coupon_image_data: newCoupon(patch) }), 'E-400', {
        field: `coupon_image_data.${field}`,
        rule,
      });
    }
    expect((await list(channel.channel_id)).stored_count).toBe(0);
  });
});
