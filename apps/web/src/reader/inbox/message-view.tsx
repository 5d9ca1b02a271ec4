/** @jsxImportSource preact */
import { COUPON_USES } from '@qrqr/shared/coupon-constants';
import type { InboxItemDto } from '@qrqr/shared/message-schemas';
import { useEffect, useState } from 'preact/hooks';
import { MessageDetail } from '../../cards/message-cards';
import { couponView } from '../coupon/coupon-view';
import { useNow } from '../coupon/use-now';
import { CouponUseSheet } from '../coupon/use-sheet';
import { cardText } from '../shared/card-text';
import { useTranslation } from '../shared/i18n';
import { usePageTitle } from '../shared/page-title';
import { openItem, spendCoupon, takePushMarker } from './inbox-api';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error' }
  | { state: 'ready'; item: InboxItemDto };

/**
 * One message, opened: marking it read (and tagging the follower) is the opening itself. Its
 * coupon's button opens the confirmation sheet, whose 「使用する」 uses it (the server counts it
 * once); the code then shows, large enough for a shop's scanner, with the moment of use ticking.
 */
export function MessageView({
  code,
  itemKey,
  onClose,
}: {
  code: string;
  itemKey: string;
  onClose: () => void;
}) {
  const { t, lang } = useTranslation('reader');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [useError, setUseError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const coupon = load.state === 'ready' ? load.item.coupon : null;
  const now = useNow((coupon?.used_count ?? 0) > 0 && coupon?.state !== 'cancelled');
  usePageTitle(load.state === 'ready' ? load.item.channel_name : null);

  useEffect(() => {
    let live = true;
    void openItem(code, itemKey, takePushMarker()).then((answer) => {
      if (!live) return;
      if (answer.ok) setLoad({ state: 'ready', item: answer.data.item });
      else setLoad({ state: answer.status === 404 ? 'missing' : 'error' });
    });
    return () => {
      live = false;
    };
  }, [code, itemKey]);

  const use = async () => {
    if (busy) return;
    setBusy(true);
    setUseError(null);
    const answer = await spendCoupon(code, itemKey);
    setBusy(false);
    if (answer.ok) setLoad({ state: 'ready', item: answer.data.item });
    else setUseError(answer.code === 'E-740' ? t('message.used') : t('message.useFailed'));
  };
  const ask = () => {
    setUseError(null);
    setAsking(true);
  };

  return (
    <main class="channel message-view" data-testid="message-view">
      <p class="back">
        <button type="button" class="btn btn-link" onClick={onClose} data-testid="message-back">
          ← {t('message.back')}
        </button>
      </p>
      {load.state === 'loading' && (
        <p class="status" role="status">
          {t('inbox.loading')}
        </p>
      )}
      {load.state === 'missing' && (
        <section class="card" role="alert">
          <p>{t('message.missing')}</p>
        </section>
      )}
      {load.state === 'error' && (
        <section class="card result-warn" role="alert">
          <p>{t('inbox.error')}</p>
        </section>
      )}
      {load.state === 'ready' && (
        <>
          <p class="message-from">{load.item.channel_name}</p>
          <MessageDetail
            message={load.item}
            imageUrl={load.item.background_image_url || null}
            coupon={couponView(load.item, ask, busy, code, now)}
            text={cardText(t)}
            locale={lang}
          />
          {useError && (
            <p class="result-warn" role="alert">
              {useError}
            </p>
          )}
          <CouponUseSheet
            open={asking}
            once={coupon?.coupon_available_count === COUPON_USES.once}
            onUse={use}
            onClose={() => setAsking(false)}
          />
        </>
      )}
    </main>
  );
}
