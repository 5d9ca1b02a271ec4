/** @jsxImportSource preact */
import { readerChannelPath, readerWelcomePath, type WifiGuestPage } from '@qrqr/shared';
import { useEffect, useState } from 'preact/hooks';
import { WelcomePage } from '../../cards/welcome-page';
import { call } from '../shared/api';
import { useTranslation } from '../shared/i18n';

/**
 * A Wi-Fi welcome page for the guest: the page card (cards/welcome-page.tsx) with its coupon (used
 * once per device), the follow button (the channel's own follow call) and its links, each counted
 * for the owner. The network itself is shown above it by the scan's result (or not at all on the
 * page's stable address).
 */
export function WelcomeView({ page }: { page: WifiGuestPage }) {
  const { t, lang } = useTranslation('reader');
  const [following, setFollowing] = useState(false);
  const [followFailed, setFollowFailed] = useState(false);
  const [couponState, setCouponState] = useState<'ready' | 'used' | 'gone'>(
    page.coupon?.used_here ? 'used' : 'ready',
  );
  const [remaining, setRemaining] = useState(page.coupon?.remaining ?? null);
  const event = (kind: 'coupon_view' | 'link' | 'follow', link_index?: number) =>
    void sendEvent(page.code, kind, link_index);

  const hasCoupon = page.coupon !== null;
  useEffect(() => {
    if (hasCoupon) void sendEvent(page.code, 'coupon_view');
  }, [page.code, hasCoupon]);

  const follow = async () => {
    setFollowFailed(false);
    const answer = await call('POST', readerChannelPath.follow(page.channel_code), {});
    if (answer.ok) {
      setFollowing(true);
      event('follow');
    } else setFollowFailed(true);
  };

  const takeCoupon = async () => {
    const answer = await call<{ remaining: number | null }>('POST', readerWelcomePath.couponUse(page.code));
    if (answer.ok) {
      setRemaining(answer.data.remaining);
      setCouponState('used');
    } else if (answer.status === 409)
      setCouponState(answer.code === 'E-409' && remaining === 0 ? 'gone' : 'used');
  };

  const shown: WifiGuestPage = page.coupon ? { ...page, coupon: { ...page.coupon, remaining } } : page;
  return (
    <section class="welcome" data-testid="reader-welcome">
      <WelcomePage
        page={shown}
        text={(key, vars) => t(`welcome.${key}`, vars)}
        couponText={(key, vars) => t(`card.${key}`, vars)}
        locale={lang}
        onFollow={() => void follow()}
        following={following}
        onUseCoupon={() => void takeCoupon()}
        couponState={couponState}
        onLink={(i) => event('link', i)}
      />
      {followFailed ? (
        <p class="card result-warn" role="alert">
          {t('welcome.follow_failed')}
        </p>
      ) : null}
    </section>
  );
}

/** Tells the server what the guest did on the page (the owner's figures). */
function sendEvent(code: string, kind: 'coupon_view' | 'link' | 'follow', link_index?: number) {
  return call('POST', readerWelcomePath.event(code), {
    kind,
    ...(link_index !== undefined && { link_index }),
  });
}

/** The page at its stable address (`/reader/w/{code}`): works over mobile data before joining, and offline once cached. */
export function WelcomeScreen({ code }: { code: string }) {
  const { t } = useTranslation('reader');
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'page'; page: WifiGuestPage } | { kind: 'missing' } | { kind: 'offline' }
  >({ kind: 'loading' });
  useEffect(() => {
    let stale = false;
    void call<{ welcome_page: WifiGuestPage }>('GET', readerWelcomePath.page(code)).then((answer) => {
      if (stale) return;
      if (answer.ok) setState({ kind: 'page', page: answer.data.welcome_page });
      else setState({ kind: answer.offline ? 'offline' : 'missing' });
    });
    return () => {
      stale = true;
    };
  }, [code]);
  if (state.kind === 'page') return <WelcomeView page={state.page} />;
  return (
    <main class="card" aria-busy={state.kind === 'loading'} data-testid={`welcome-${state.kind}`}>
      <p>{t(`welcome.${state.kind}`)}</p>
    </main>
  );
}
