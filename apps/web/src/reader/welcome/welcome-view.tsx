/** @jsxImportSource preact */
import { COUPON_CODE_TYPES } from '@qrqr/shared/coupon-constants';
import { readerChannelPath, readerWelcomePath } from '@qrqr/shared/paths';
import type { WifiCouponUseAnswer, WifiGuestPage } from '@qrqr/shared/wifi-schemas';
import { useEffect, useState } from 'preact/hooks';
import { WelcomePage } from '../../cards/welcome-page';
import { useNow } from '../coupon/use-now';
import { CouponUseSheet } from '../coupon/use-sheet';
import { call } from '../shared/api';
import { useTranslation } from '../shared/i18n';
import { usePageTitle } from '../shared/page-title';
import { networkOf, takeHandedPage } from './handover';
import { WifiExpired, WifiView } from './network-view';
import {
  type CouponUseDetails,
  couponUseDetails,
  couponUsedHere,
  rememberCouponDetails,
} from './used-coupons';

/**
 * A Wi-Fi welcome page for the guest: the page card (cards/welcome-page.tsx) with its coupon (used
 * once per device, after the confirmation sheet; its code and the moment of use shown then), the
 * follow button (the channel's own follow call; 「フォロー中」 for a device that follows) and its
 * links, each counted for the owner. The network itself is shown above it by the scan's result (or
 * not at all on the page's stable address).
 */
export function WelcomeView({ page }: { page: WifiGuestPage }) {
  const { t, lang } = useTranslation('reader');
  const [following, setFollowing] = useState(page.following);
  const [followFailed, setFollowFailed] = useState(false);
  // Used when the server says so or this device remembers it (an offline copy may predate the use).
  const [couponState, setCouponState] = useState<'ready' | 'used' | 'gone'>(() =>
    page.coupon?.used_here || couponUsedHere(page.code) ? 'used' : 'ready',
  );
  const [use, setUse] = useState<CouponUseDetails>(() => {
    const kept = couponUseDetails(page.code);
    return {
      at: page.coupon?.used_at ?? kept?.at ?? null,
      code: page.coupon?.coupon_code_text || kept?.code || '',
    };
  });
  const [asking, setAsking] = useState(false);
  const [remaining, setRemaining] = useState(page.coupon?.remaining ?? null);
  const now = useNow(couponState === 'used');
  usePageTitle(page.channel_name);
  const event = (kind: 'coupon_view' | 'link' | 'follow', link_index?: number) =>
    void sendEvent(page.code, kind, link_index);

  const hasCoupon = page.coupon !== null;
  const usedOnServer = page.coupon?.used_here === true;
  const serverUse = { at: page.coupon?.used_at ?? null, code: page.coupon?.coupon_code_text ?? '' };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's use is fixed for this page's answer.
  useEffect(() => {
    if (usedOnServer) rememberCouponDetails(page.code, serverUse);
  }, [page.code, usedOnServer]);
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
    const answer = await call<WifiCouponUseAnswer>('POST', readerWelcomePath.couponUse(page.code));
    if (answer.ok) {
      const used = { at: answer.data.used_at, code: answer.data.coupon_code_text };
      rememberCouponDetails(page.code, used);
      setUse(used);
      setRemaining(answer.data.remaining);
      setCouponState('used');
    } else if (answer.status === 409)
      setCouponState(answer.code === 'E-409' && remaining === 0 ? 'gone' : 'used');
  };

  const c = page.coupon;
  const drawn =
    c && (c.coupon_code_type === COUPON_CODE_TYPES.qr || c.coupon_code_type === COUPON_CODE_TYPES.jan);
  const shown: WifiGuestPage = c
    ? { ...page, coupon: { ...c, remaining, coupon_code_text: couponState === 'used' ? use.code : '' } }
    : page;
  return (
    <section class="welcome" data-testid="reader-welcome">
      <WelcomePage
        page={shown}
        text={(key, vars) => t(`welcome.${key}`, vars)}
        couponText={(key, vars) => t(`card.${key}`, vars)}
        locale={lang}
        onFollow={() => void follow()}
        following={following}
        onUseCoupon={() => setAsking(true)}
        couponState={couponState}
        couponUsed={{ at: use.at, now }}
        codeImageUrl={
          drawn && couponState === 'used' && use.code ? readerWelcomePath.couponCode(page.code) : null
        }
        onLink={(i) => event('link', i)}
      />
      {followFailed ? (
        <p class="card result-warn" role="alert">
          {t('welcome.follow_failed')}
        </p>
      ) : null}
      <CouponUseSheet open={asking} once onUse={takeCoupon} onClose={() => setAsking(false)} />
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

type ScreenState =
  | { kind: 'loading' }
  | { kind: 'page'; page: WifiGuestPage }
  | { kind: 'missing' }
  | { kind: 'offline' };

/**
 * The page at its stable address (`/reader/w/{code}`): works over mobile data before joining, and
 * offline once cached. Above it, the network when this device scanned one of its codes; right
 * after a scan the page comes from the scan's answer (one round trip), on a reload from the server.
 */
export function WelcomeScreen({ code }: { code: string }) {
  const { t } = useTranslation('reader');
  const [state, setState] = useState<ScreenState>(() => {
    const handed = takeHandedPage(code);
    return handed ? { kind: 'page', page: handed } : { kind: 'loading' };
  });
  const [network] = useState(() => networkOf(code));
  const handedOver = state.kind === 'page';
  useEffect(() => {
    if (handedOver) return;
    let stale = false;
    void call<{ welcome_page: WifiGuestPage }>('GET', readerWelcomePath.page(code)).then((answer) => {
      if (stale) return;
      if (answer.ok) setState({ kind: 'page', page: answer.data.welcome_page });
      else setState({ kind: answer.offline ? 'offline' : 'missing' });
    });
    return () => {
      stale = true;
    };
    // A handed-over page (or one already fetched) is not asked for again.
  }, [code, handedOver]);
  const networkCard = network ? (
    network.expired ? (
      <WifiExpired expiresAt={network.expires_at} />
    ) : (
      <WifiView wifi={network.wifi} plain={network.plain === true} />
    )
  ) : null;
  if (state.kind === 'page')
    return (
      <>
        {networkCard}
        <WelcomeView page={state.page} />
      </>
    );
  return (
    <>
      {networkCard}
      <main class="card" aria-busy={state.kind === 'loading'} data-testid={`welcome-${state.kind}`}>
        <p>{t(`welcome.${state.kind}`)}</p>
      </main>
    </>
  );
}
