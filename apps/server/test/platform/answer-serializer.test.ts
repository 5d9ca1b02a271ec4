import { couponAnswer, couponSchema } from '@qrqr/shared/coupon-schemas';
import { followerSchema } from '@qrqr/shared/follower-schemas';
import { sendlistSchema } from '@qrqr/shared/sendlist-schemas';
import { tagSchema } from '@qrqr/shared/tag-schemas';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { presentCoupon } from '../../src/modules/coupons/present';
import { presentFollower } from '../../src/modules/followers/present';
import { presentSendlist } from '../../src/modules/sendlists/present';
import { presentTag } from '../../src/modules/tags/present';
import { answerSerializerCompiler, droppedFields } from '../../src/platform/http/answer-serializer';
import { responses } from '../../src/platform/http/schemas';

/** Every answer is written once, as a zod schema of @qrqr/shared; presenters only map rows to it. */

const couponRow = {
  id: 7,
  channel_id: 3,
  image_id: null,
  image_name: null,
  discount_type: 1,
  item_name: 'ブレンド',
  value_percent: 10,
  value_yen: null,
  regular_price: null,
  coupon_price: null,
  free_text_small: '',
  free_text_large: '',
  text_color: '#ffffff',
  text_shadow: 1,
  coupon_text: '',
  available_count: 1,
  code_type: 1,
  code_text: 'COFFEE',
  date_from: '2026-04-01',
  date_to: '2026-04-30',
  created_at: 1_775_000_000_000,
};

/** A presenter's answer parses with its shared schema, and parsing drops none of its fields. */
function expectExactly(schema: z.ZodType, presented: unknown) {
  const parsed = schema.safeParse(presented);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(droppedFields(presented, parsed.data)).toEqual([]);
}

describe('presenters answer exactly their shared schema', () => {
  it('tag, follower, send list and coupon', () => {
    expectExactly(tagSchema, presentTag({ id: 1, channel_id: 3, tag_name: '常連', created_at: 1 }));
    expectExactly(
      followerSchema,
      presentFollower({ id: 5, channel_id: 3, followed_at: 2 }, [{ tag_id: 1, tag_name: '常連' }]),
    );
    const sendlistRow = {
      id: 9,
      channel_id: 3,
      sendlist_name: '常連さん',
      box_filter_1: 0,
      box_filter_2: 3,
      created_at: 1,
      updated_at: 2,
    };
    expectExactly(sendlistSchema, presentSendlist({ row: sendlistRow, tag_list_1: [1], tag_list_2: [] }, 4));
    expectExactly(couponSchema, presentCoupon(couponRow));
  });
});

describe('droppedFields', () => {
  it('names each key the parsed answer lost, at any depth', () => {
    expect(droppedFields({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 2 } })).toEqual(['b.d']);
    expect(droppedFields({ list: [{ x: 1, y: 2 }] }, { list: [{ x: 1 }] })).toEqual(['list[0].y']);
    expect(droppedFields({ a: 1, n: null }, { a: 1, n: null })).toEqual([]);
  });
});

describe('the answer serializer', () => {
  async function answerWithExtraField(strict: boolean) {
    const app = Fastify();
    app.setSerializerCompiler(answerSerializerCompiler({ strict }));
    app.get('/coupon', { schema: { response: responses(couponAnswer) } }, async () => ({
      status: { code: 'S-200', message: '' },
      coupon: { ...presentCoupon(couponRow), coupon_secret: 'not in the schema' },
    }));
    const res = await app.inject({ method: 'GET', url: '/coupon' });
    await app.close();
    return res;
  }

  it('fails a call whose presenter returns a field its response schema lacks (tests, development)', async () => {
    const res = await answerWithExtraField(true);
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('coupon.coupon_secret');
  });

  it('in production drops the field, as the zod serializer always did', async () => {
    const res = await answerWithExtraField(false);
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon).not.toHaveProperty('coupon_secret');
  });
});
