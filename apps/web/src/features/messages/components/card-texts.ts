import type { MessageCardText } from '../../../cards/message-cards';
import { useTranslation } from '../../../lib/use-translation';
import { useCardText } from '../../coupons';

/** The message cards' texts: this feature's `card` keys, then the coupon card's own. */
export function useMessageCardText(): { text: MessageCardText; locale: 'ja' | 'en' } {
  const { t, i18n } = useTranslation('channel-messages', { keyPrefix: 'card' });
  const coupon = useCardText();
  return {
    text: (key, vars) =>
      i18n.exists(`channel-messages:card.${key}`)
        ? (t(key as 'app', vars ?? {}) as string)
        : coupon.text(key, vars),
    locale: i18n.language === 'en' ? 'en' : 'ja',
  };
}
