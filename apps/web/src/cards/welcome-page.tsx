import { WIFI_HEADER_TYPES } from '@qrqr/shared/wifi-constants';
import type { WifiGuestPage } from '@qrqr/shared/wifi-schemas';
import { CouponCard, type CouponCardText } from './coupon-card';
import './welcome-page.css';
import { Phrased } from './phrased';

/**
 * The Wi-Fi welcome page as a guest sees it after a scan, and the builder's live preview of it
 * (one component: the preview is the page). Plain JSX and one stylesheet (classes wp-), texts passed
 * in, so it renders in the app (React) and the reader (Preact) alike.
 *
 * Texts (`text`): 'network', 'ssid', 'password', 'no_password', 'copy', 'copied', 'expires' {at},
 * 'forever', 'follow', 'following', 'links', 'coupon_left' {count}, 'coupon_unlimited',
 * 'coupon_use', 'coupon_used', 'coupon_gone'; the coupon card's through `couponText`.
 */

/** What the page shows: the guest answer, or the builder's values shaped alike. */
export type WelcomePageData = Omit<WifiGuestPage, 'code' | 'channel_code'>;

export interface WelcomeNetwork {
  ssid: string;
  password: string;
  /** A formatted expiry, or null for forever. */
  expires: string | null;
}

export type WelcomeText = (key: string, vars?: Record<string, string | number>) => string;

export interface WelcomePageProps {
  page: WelcomePageData;
  text: WelcomeText;
  couponText: CouponCardText;
  locale: 'ja' | 'en';
  /** The network the code joins, shown first (the reader); the preview leaves it out or fakes it. */
  network?: WelcomeNetwork;
  /** The coupon's QR code or barcode picture. */
  codeImageUrl?: string | null;
  /** Copy buttons call this with the value (the reader copies; the preview does nothing). */
  onCopy?: (value: string, what: 'ssid' | 'password') => void;
  copied?: 'ssid' | 'password' | null;
  /** The follow button (the channel's own follow call); hidden when not given. */
  onFollow?: () => void;
  following?: boolean;
  /** The coupon's use button; 'used' and 'gone' replace it with their message. */
  onUseCoupon?: () => void;
  couponState?: 'ready' | 'used' | 'gone';
  /** Once used on this device: the moment of use (null when unknown) and the time now, ticking. */
  couponUsed?: { at: number | null; now: number };
  /** A relation link was opened (counted for the owner). */
  onLink?: (index: number) => void;
}

export function WelcomePage(props: WelcomePageProps) {
  const { page, text, network } = props;
  const style = {
    color: page.text_color,
    backgroundColor: page.background_color,
    backgroundImage: page.background_image_url ? `url("${page.background_image_url}")` : undefined,
  };
  return (
    <article className="wp-page" style={style} lang={props.locale} data-testid="welcome-page">
      {network ? <Network {...props} network={network} /> : null}
      <header className="wp-header">
        {page.header_type === WIFI_HEADER_TYPES.image && page.header_image_url ? (
          <img className="wp-header-image" src={page.header_image_url} alt={page.title} loading="lazy" />
        ) : (
          <h1 className="wp-header-text">{page.header_text || page.title}</h1>
        )}
      </header>
      <section className="wp-channel">
        {page.icon_image_url ? (
          <img className="wp-icon" src={page.icon_image_url} alt="" width={48} height={48} loading="lazy" />
        ) : (
          <span className="wp-icon wp-icon-empty" aria-hidden="true" />
        )}
        <div className="wp-channel-text">
          <p className="wp-channel-name">{page.channel_name}</p>
          {page.channel_description_short ? (
            <p className="wp-channel-desc">
              <Phrased text={page.channel_description_short} />
            </p>
          ) : null}
        </div>
        {props.onFollow ? (
          <button
            type="button"
            className="wp-follow"
            onClick={props.onFollow}
            disabled={props.following}
            data-testid="welcome-follow"
          >
            {props.following ? text('following') : text('follow')}
          </button>
        ) : null}
      </section>
      {page.free_text ? (
        <p className="wp-free">
          <Phrased text={page.free_text} />
        </p>
      ) : null}
      {page.coupon ? <Coupon {...props} /> : null}
      {page.relation_links.length > 0 ? (
        <nav className="wp-links" aria-label={text('links')}>
          {page.relation_links.map((link, i) => (
            <a
              // biome-ignore lint/suspicious/noArrayIndexKey: links are shown in their order and may repeat
              key={`${i}-${link.url}`}
              className="wp-link"
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => props.onLink?.(i)}
            >
              {link.text}
            </a>
          ))}
        </nav>
      ) : null}
      {page.footer_text ? <footer className="wp-footer">{page.footer_text}</footer> : null}
    </article>
  );
}

function Network({ network, text, onCopy, copied }: WelcomePageProps & { network: WelcomeNetwork }) {
  const row = (what: 'ssid' | 'password', label: string, value: string) => (
    <div className="wp-net-row">
      <span className="wp-net-label">{label}</span>
      <span className="wp-net-value" data-testid={`welcome-${what}`}>
        {value || text('no_password')}
      </span>
      {value ? (
        <button type="button" className="wp-copy" onClick={() => onCopy?.(value, what)}>
          {copied === what ? text('copied') : text('copy')}
        </button>
      ) : null}
    </div>
  );
  return (
    <section className="wp-network" aria-label={text('network')}>
      {row('ssid', text('ssid'), network.ssid)}
      {row('password', text('password'), network.password)}
      <p className="wp-net-expiry">
        {network.expires ? text('expires', { at: network.expires }) : text('forever')}
      </p>
    </section>
  );
}

function Coupon({
  page,
  couponText,
  text,
  locale,
  codeImageUrl,
  onUseCoupon,
  couponState,
  couponUsed,
}: WelcomePageProps) {
  const coupon = page.coupon;
  if (!coupon) return null;
  const meta =
    coupon.remaining === null ? text('coupon_unlimited') : text('coupon_left', { count: coupon.remaining });
  return (
    <section className="wp-coupon">
      <CouponCard
        coupon={coupon}
        imageUrl={coupon.coupon_image_url}
        codeImageUrl={codeImageUrl}
        text={couponText}
        locale={locale}
        meta={meta}
        codeHidden={couponState !== 'used' && onUseCoupon !== undefined}
        used={couponState === 'used' ? couponUsed : undefined}
      />
      {onUseCoupon ? (
        couponState === 'used' ? (
          <p className="wp-coupon-note" role="status">
            {text('coupon_used')}
          </p>
        ) : couponState === 'gone' || coupon.remaining === 0 ? (
          <p className="wp-coupon-note" role="status">
            {text('coupon_gone')}
          </p>
        ) : (
          <button type="button" className="wp-use" onClick={onUseCoupon} data-testid="welcome-use-coupon">
            {text('coupon_use')}
          </button>
        )
      ) : null}
    </section>
  );
}
