import { describe, expect, it } from 'vitest';
import { dataUrlFile } from '../src/features/wifi/components/data-url-file';
import { emptyPage, saveInput } from '../src/features/wifi/components/page-values';
import {
  couponUseDetails,
  couponUsedHere,
  rememberCouponDetails,
  rememberCouponUse,
} from '../src/reader/welcome/used-coupons';

describe('dataUrlFile', () => {
  it('gives back the bytes and type of a base64 data URL', async () => {
    const file = dataUrlFile(
      `data:image/png;base64,${Buffer.from([137, 80, 78, 71]).toString('base64')}`,
      'c',
    );
    expect(file?.type).toBe('image/png');
    expect(file?.name).toBe('c');
    expect([...new Uint8Array(await (file as File).arrayBuffer())]).toEqual([137, 80, 78, 71]);
  });

  it('reads a percent-encoded data URL and refuses what is not one', async () => {
    expect(await dataUrlFile('data:text/plain,a%20b', 't')?.text()).toBe('a b');
    expect(dataUrlFile('https://example.jp/a.png', 'x')).toBeNull();
    expect(dataUrlFile('data:image/png;base64,***', 'x')).toBeNull();
  });
});

describe('saveInput', () => {
  it('sends coupon_image_removed only when the builder shows no coupon picture', () => {
    const page = emptyPage(7);
    expect(saveInput(page, 3).coupon_image_removed).toBe(false);
    expect(saveInput(page, 3, true).coupon_image_removed).toBe(true);
  });
});

describe('used coupons remembered on this device', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) };
  };

  it('remembers a page code once and tells it again', () => {
    const store = memory();
    expect(couponUsedHere('abc', store)).toBe(false);
    rememberCouponUse('abc', store);
    rememberCouponUse('abc', store);
    expect(couponUsedHere('abc', store)).toBe(true);
    expect(couponUsedHere('xyz', store)).toBe(false);
    expect(JSON.parse(store.getItem('qrqr-reader-used-coupons') ?? '[]')).toEqual(['abc']);
  });

  it('survives broken or missing storage', () => {
    const store = memory();
    store.setItem('qrqr-reader-used-coupons', '{not json');
    expect(couponUsedHere('abc', store)).toBe(false);
    rememberCouponUse('abc', store);
    expect(couponUsedHere('abc', store)).toBe(true);
    expect(couponUsedHere('abc', null)).toBe(false);
    expect(() => rememberCouponUse('abc', null)).not.toThrow();
  });

  it('keeps the moment and the code this device was shown, beside the list as it was', () => {
    const store = memory();
    expect(couponUseDetails('abc', store)).toBeNull();
    rememberCouponDetails('abc', { at: 1_700_000_000_000, code: '8823' }, store);
    expect(couponUsedHere('abc', store)).toBe(true);
    expect(couponUseDetails('abc', store)).toEqual({ at: 1_700_000_000_000, code: '8823' });
    expect(JSON.parse(store.getItem('qrqr-reader-used-coupons') ?? '[]')).toEqual(['abc']);
    expect(couponUseDetails('abc', null)).toBeNull();
  });
});
