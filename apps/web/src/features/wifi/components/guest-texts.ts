import type { CouponCardText } from '../../../cards/coupon-card';
import type { WelcomeText } from '../../../cards/welcome-page';
import { useTranslation } from '../../../lib/use-translation';

/** The guest page's texts (wifi `guest.*`) and its coupon card's (coupons `card.*`). */
export function useGuestTexts(): { text: WelcomeText; couponText: CouponCardText; locale: 'ja' | 'en' } {
  const { t, i18n } = useTranslation('wifi', { keyPrefix: 'guest' });
  const { t: c } = useTranslation('coupons', { keyPrefix: 'card' });
  return {
    text: (key, vars) => t(key as 'follow', vars ?? {}) as string,
    couponText: (key, vars) => c(key as 'percent', vars ?? {}) as string,
    locale: i18n.language === 'en' ? 'en' : 'ja',
  };
}
