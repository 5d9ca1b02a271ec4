import type { CouponCardText } from '../../../cards/coupon-card';
import { useTranslation } from '../../../lib/use-translation';

/** The coupon card's texts from this app's `coupons` namespace. */
export function useCardText(): { text: CouponCardText; locale: 'ja' | 'en' } {
  const { t, i18n } = useTranslation('coupons', { keyPrefix: 'card' });
  return {
    text: (key, vars) => t(key as 'percent', vars ?? {}) as string,
    locale: i18n.language === 'en' ? 'en' : 'ja',
  };
}
