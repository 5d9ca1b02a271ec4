import { saveMessageWithTestBody } from '@qrqr/shared/ab-test-schemas';
import { MESSAGE_LAYOUTS } from '@qrqr/shared/message-constants';
import { describe, expect, it } from 'vitest';
import {
  newAbTest,
  shareInRange,
  withoutVariant,
  withVariant,
} from '../src/features/messages/components/ab-test-values';
import { firstIssueByField } from '../src/features/messages/components/message-editor-parts';
import { emptyMessage, toBody } from '../src/features/messages/components/message-form-values';

/**
 * The editor's A/B test values: variants copy a content's fields only, 2–4 variants, and the
 * shared schema's refusals land on the test's fields by their whole path, as the server names them.
 */
const message = {
  ...emptyMessage,
  push_text: 'A',
  send_dt: 1_900_000_000,
  audience: 'list' as const,
  send_list_id: 3,
};

describe('the A/B test values', () => {
  it('starts variant B as a copy of the content only, and keeps 2–4 variants', () => {
    const ab = newAbTest(message);
    expect(ab.variants).toHaveLength(1);
    expect(ab.variants[0]).not.toHaveProperty('send_dt');
    expect(ab.variants[0]).not.toHaveProperty('audience');
    expect(ab.variants[0]?.push_text).toBe('A');
    const four = withVariant(withVariant(ab, message), message);
    expect(four.variants).toHaveLength(3);
    expect(withVariant(four, message).variants).toHaveLength(3);
    const c = { ...four, variants: four.variants.map((v, i) => ({ ...v, push_text: `v${i}` })) };
    expect(withoutVariant(c, 2).variants.map((v) => v.push_text)).toEqual(['v0', 'v2']);
  });

  it('asks the live group sizes only for a whole share of 10–50', () => {
    expect([9, 10, 50, 51, 12.5, ''].map(shareInRange)).toEqual([false, true, true, false, false, false]);
  });

  it("names the shared schema's refusals by their whole path", () => {
    const ab = { ...newAbTest(message), share_percent: 60, metric: 'coupon' as const };
    ab.variants = [{ ...(ab.variants[0] as (typeof ab.variants)[number]), push_text: '' }];
    const result = saveMessageWithTestBody.safeParse(toBody({ ...message, ab_test: ab }));
    expect(result.success).toBe(false);
    const errors = firstIssueByField(result.success ? [] : result.error.issues);
    expect(errors).toMatchObject({
      'ab_test.share_percent': 'validation.ab_share_range',
      'ab_test.variants.0.push_text': 'validation.message_push_text_required',
    });
  });

  it('refuses the coupon-use metric unless every variant has a coupon', () => {
    const withCoupon = { ...message, layout: MESSAGE_LAYOUTS.coupon, coupon_id: 1 };
    const ab = { ...newAbTest(withCoupon), metric: 'coupon' as const };
    expect(saveMessageWithTestBody.safeParse(toBody({ ...withCoupon, ab_test: ab })).success).toBe(true);
    ab.variants = [{ ...(ab.variants[0] as (typeof ab.variants)[number]), layout: MESSAGE_LAYOUTS.text }];
    const result = saveMessageWithTestBody.safeParse(toBody({ ...withCoupon, ab_test: ab }));
    expect(firstIssueByField(result.success ? [] : result.error.issues)).toMatchObject({
      'ab_test.metric': 'validation.ab_metric_coupon',
    });
  });
});
