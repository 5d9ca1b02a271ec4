import type { MessageCardText } from '../../cards/message-cards';
import type { Translate } from './i18n';

/** The cards' texts from reader.json: `card.*` (the message and coupon cards' keys). */
export const cardText =
  (t: Translate): MessageCardText =>
  (key, vars) =>
    t(`card.${key}`, vars);
