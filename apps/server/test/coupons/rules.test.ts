import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { completeJan, janCheckDigit } from '@qrqr/shared/jan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { IN_STORE_JAN, newCoupon, saveCoupon } from '../helpers/coupons';
import { expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';

/** Every coupon rule answers its message, in Japanese and in English. */

let t: TestApp;
let owner: Member;
let channel: ChannelDto;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  channel = await createChannel(owner.client);
});
afterAll(() => t?.close());

const save = (patch: Record<string, unknown>, locale: 'ja' | 'en' = 'ja') =>
  owner.client.post(
    channelPath.couponSave(channel.channel_id),
    { coupon_image_data: newCoupon(patch) },
    { headers: { 'accept-language': locale } },
  );

const x = (n: number, c = 'あ') => c.repeat(n);

// [what, patch, field, rule]
const refused: Array<[string, Record<string, unknown>, string, string]> = [
  ['no discount type', { coupon_type: undefined }, 'coupon_type', 'validation.coupon_discount_type'],
  ['an unknown discount type', { coupon_type: 7 }, 'coupon_type', 'validation.coupon_discount_type'],
  ['no item name', { coupon_content: '  ' }, 'coupon_content', 'validation.coupon_item_name_required'],
  ['an item name of 37', { coupon_content: x(37) }, 'coupon_content', 'validation.coupon_item_name_too_long'],
  ['percent 0', { coupon_value_percent: 0 }, 'coupon_value_percent', 'validation.coupon_percent_range'],
  ['percent 100', { coupon_value_percent: 100 }, 'coupon_value_percent', 'validation.coupon_percent_range'],
  ['percent 12.5', { coupon_value_percent: 12.5 }, 'coupon_value_percent', 'validation.coupon_percent_range'],
  [
    'percent missing',
    { coupon_value_percent: '' },
    'coupon_value_percent',
    'validation.coupon_percent_range',
  ],
  ['yen missing', { coupon_type: 2 }, 'coupon_value_off', 'validation.coupon_yen_range'],
  [
    'yen over 99,999,999',
    { coupon_type: 2, coupon_value_off: 100_000_000 },
    'coupon_value_off',
    'validation.coupon_yen_range',
  ],
  [
    'no regular price',
    { coupon_type: 3, coupon_value_coupon_price: 300 },
    'coupon_value_regular_price',
    'validation.coupon_price_range',
  ],
  [
    'no coupon price',
    { coupon_type: 3, coupon_value_regular_price: 300 },
    'coupon_value_coupon_price',
    'validation.coupon_price_range',
  ],
  [
    'a coupon price not below the regular one',
    { coupon_type: 3, coupon_value_regular_price: 500, coupon_value_coupon_price: 500 },
    'coupon_value_coupon_price',
    'validation.coupon_price_order',
  ],
  [
    'free text type without its large text',
    { coupon_type: 6 },
    'coupon_free_text_large',
    'validation.coupon_free_text_required',
  ],
  [
    'a large free text of 101',
    { coupon_type: 6, coupon_free_text_large: x(101) },
    'coupon_free_text_large',
    'validation.coupon_free_text_large_too_long',
  ],
  [
    'a small free text of 101',
    { coupon_type: 6, coupon_free_text_large: '全品', coupon_free_text_small: x(101) },
    'coupon_free_text_small',
    'validation.coupon_free_text_small_too_long',
  ],
  [
    'a text colour that is not #rrggbb',
    { coupon_text_color: 'red' },
    'coupon_text_color',
    'validation.coupon_text_color',
  ],
  [
    'a text shadow other than 0 or 1',
    { coupon_text_color_shadow: 2 },
    'coupon_text_color_shadow',
    'validation.coupon_text_shadow',
  ],
  [
    'a coupon text of 1001',
    { coupon_text_detail: x(1001) },
    'coupon_text_detail',
    'validation.coupon_text_too_long',
  ],
  [
    'a use count other than 1 or -1',
    { coupon_available_count: 2 },
    'coupon_available_count',
    'validation.coupon_available_count',
  ],
  ['no code type', { coupon_code_type: undefined }, 'coupon_code_type', 'validation.coupon_code_type'],
  ['code type 5', { coupon_code_type: 5 }, 'coupon_code_type', 'validation.coupon_code_type'],
  ['an empty QR code', { coupon_code_text: '' }, 'coupon_code_text', 'validation.coupon_qr_required'],
  ['a QR code of 65', { coupon_code_text: x(65, 'a') }, 'coupon_code_text', 'validation.coupon_qr_too_long'],
  [
    'a JAN of 12 digits',
    { coupon_code_type: 2, coupon_code_text: '200000012345' },
    'coupon_code_text',
    'validation.coupon_jan_format',
  ],
  [
    'a JAN with a letter',
    { coupon_code_type: 2, coupon_code_text: '20000001234A' },
    'coupon_code_text',
    'validation.coupon_jan_format',
  ],
  [
    'a JAN with a wrong check digit',
    {
      coupon_code_type: 2,
      coupon_code_text: `${IN_STORE_JAN.slice(0, 12)}${(Number(IN_STORE_JAN[12]) + 1) % 10}`,
    },
    'coupon_code_text',
    'validation.coupon_jan_check_digit',
  ],
  [
    'a numeric code of 11 digits',
    { coupon_code_type: 3, coupon_code_text: '12345678901' },
    'coupon_code_text',
    'validation.coupon_number_code',
  ],
  [
    'a numeric code with a letter',
    { coupon_code_type: 3, coupon_code_text: '12a4' },
    'coupon_code_text',
    'validation.coupon_number_code',
  ],
  ['no start date', { coupon_date_from: '' }, 'coupon_date_from', 'validation.coupon_date_required'],
  ['an impossible date', { coupon_date_to: '2026-02-30' }, 'coupon_date_to', 'validation.date_invalid'],
  [
    'a date in another format',
    { coupon_date_from: '2026/04/01' },
    'coupon_date_from',
    'validation.date_invalid',
  ],
  [
    'an end before the start',
    { coupon_date_from: '2026-05-01', coupon_date_to: '2026-04-30' },
    'coupon_date_to',
    'validation.coupon_date_order',
  ],
];

describe('POST …/coupon/image/save refuses', () => {
  it.each(refused)('%s', async (_what, patch, field, rule) => {
    expectError(await save(patch), 'E-400', { field: `coupon_image_data.${field}`, rule });
    expectError(await save(patch, 'en'), 'E-400', {
      field: `coupon_image_data.${field}`,
      rule,
      locale: 'en',
    });
  });

  it('names every problem at once, cross-field rules included', async () => {
    const res = await save({
      coupon_content: '',
      coupon_type: 3,
      coupon_value_regular_price: 100,
      coupon_value_coupon_price: 200,
      coupon_code_type: 2,
      coupon_code_text: `${IN_STORE_JAN.slice(0, 12)}${(Number(IN_STORE_JAN[12]) + 3) % 10}`,
    });
    const fields = (res.json().errors as Array<{ field: string }>).map((e) => e.field).sort();
    expect(fields).toEqual([
      'coupon_image_data.coupon_code_text',
      'coupon_image_data.coupon_content',
      'coupon_image_data.coupon_value_coupon_price',
    ]);
  });

  it('stores nothing when refused', async () => {
    const before = (await owner.client.get(channelPath.coupons(channel.channel_id))).json().total_count;
    await save({ coupon_content: x(37) });
    expect((await owner.client.get(channelPath.coupons(channel.channel_id))).json().total_count).toBe(before);
  });
});

describe('limits that pass', () => {
  it.each([
    // 37 UTF-16 units, 36 characters.
    ['an item name of 36 characters, an emoji among them', { coupon_content: `${x(34, '珈')}🍰★` }],
    ['percent 1 and 99', { coupon_value_percent: 99 }],
    ['yen 99,999,999', { coupon_type: 2, coupon_value_off: 99_999_999 }],
    [
      'a line-through from 1,000 to 0 yen',
      { coupon_type: 3, coupon_value_regular_price: 1000, coupon_value_coupon_price: 0 },
    ],
    ['half', { coupon_type: 4 }],
    ['free', { coupon_type: 5 }],
    ['free texts of 100', { coupon_type: 6, coupon_free_text_large: x(100), coupon_free_text_small: x(100) }],
    ['a coupon text of 1000', { coupon_text_detail: x(1000) }],
    ['a QR code of 64', { coupon_code_text: x(64, 'Z') }],
    ['a JAN with a GS1 Japan prefix', { coupon_code_type: 2, coupon_code_text: completeJan('490000000001') }],
    ['a numeric code of 10 digits', { coupon_code_type: 3, coupon_code_text: '0123456789' }],
    ['no code', { coupon_code_type: 4 }],
    ['a one-day coupon', { coupon_date_from: '2026-04-01', coupon_date_to: '2026-04-01' }],
    [
      'numbers sent as text',
      { coupon_type: '1', coupon_value_percent: '15', coupon_available_count: '-1', coupon_code_type: '4' },
    ],
  ])('%s', async (_what, patch) => {
    await saveCoupon(owner.client, channel.channel_id, patch);
  });
});

describe('JAN check digit (packages/shared jan.ts)', () => {
  it('matches known codes', () => {
    expect(janCheckDigit('490123456789')).toBe(4);
    expect(janCheckDigit('450000000000')).toBe(1);
    expect(completeJan('200000012345')).toHaveLength(13);
  });
});
