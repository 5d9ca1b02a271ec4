import {
  COUPON_CODE_TYPES,
  COUPON_DISCOUNT_TYPES,
  COUPON_TEXT_SHADOWS,
  COUPON_USES,
} from '@qrqr/shared/coupon-constants';
import './coupon-card.css';
import { Phrased } from './phrased';
import { UsedMoment } from './used-moment';

/**
 * The coupon as a follower sees it on a phone, and the operator's live preview of it. Plain JSX
 * and one stylesheet, no UI kit and no translation library: it renders in the main app (React)
 * and in the light reader (Preact) alike. Texts come through `text`, keys of `coupon-card` below.
 */

/** What the card shows: a saved coupon (CouponDto) or the create form's values. */
export interface CouponCardData {
  coupon_type: number;
  coupon_content: string;
  coupon_value_percent?: number | null;
  coupon_value_off?: number | null;
  coupon_value_regular_price?: number | null;
  coupon_value_coupon_price?: number | null;
  coupon_free_text_small?: string;
  coupon_free_text_large?: string;
  coupon_text_color: string;
  coupon_text_color_shadow: number;
  coupon_text_detail?: string;
  coupon_available_count: number;
  coupon_code_type: number;
  coupon_code_text?: string;
  /** A Wi-Fi page's coupon has no period: leave both out and pass `meta` instead. */
  coupon_date_from?: string;
  coupon_date_to?: string;
}

/** The card's texts: 'percent' {value}, 'yen' {value}, 'regular', 'half', 'free', 'valid' {from,to}, 'once', 'unlimited', 'show', 'code', 'picture'; once used 'used_at', 'clock'. */
export type CouponCardText = (key: string, vars?: Record<string, string | number>) => string;

export interface CouponCardProps {
  coupon: CouponCardData;
  /** The coupon's picture (a URL or a data URL); without one the card has a plain colour. */
  imageUrl?: string | null;
  /** PNG of the QR code or JAN barcode. */
  codeImageUrl?: string | null;
  text: CouponCardText;
  locale: 'ja' | 'en';
  /** The code stays hidden until the follower uses the coupon (a message's coupon): text 'code_hidden'. */
  codeHidden?: boolean;
  /** The line under the face instead of the period and use (a Wi-Fi page's coupon: how many are left). */
  meta?: string;
  /** Once used (the reader): when (null when unknown), and the time now, ticking ('used_at', 'clock'). */
  used?: { at: number | null; now: number };
}

const money = (value: number | null | undefined, locale: string) =>
  value === null || value === undefined || Number.isNaN(value)
    ? '–'
    : new Intl.NumberFormat(locale).format(value);

/** yyyy-MM-dd as the reader's language writes dates. */
const day = (value: string, locale: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value || '–';
  return locale === 'ja' ? `${m[1]}/${m[2]}/${m[3]}` : `${m[3]}/${m[2]}/${m[1]}`;
};

function Headline({ coupon, text, locale }: Pick<CouponCardProps, 'coupon' | 'text' | 'locale'>) {
  const d = COUPON_DISCOUNT_TYPES;
  switch (coupon.coupon_type) {
    case d.percent:
      return <p className="qc-big">{text('percent', { value: coupon.coupon_value_percent ?? '–' })}</p>;
    case d.yen:
      return <p className="qc-big">{text('yen', { value: money(coupon.coupon_value_off, locale) })}</p>;
    case d.lineThrough:
      return (
        <p className="qc-prices">
          <span className="qc-regular">
            <span className="qc-visually-hidden">{text('regular')}</span>
            <s>¥{money(coupon.coupon_value_regular_price, locale)}</s>
          </span>
          <span className="qc-arrow" aria-hidden="true">
            →
          </span>
          <span className="qc-big">¥{money(coupon.coupon_value_coupon_price, locale)}</span>
        </p>
      );
    case d.half:
      return <p className="qc-big">{text('half')}</p>;
    case d.free:
      return <p className="qc-big">{text('free')}</p>;
    default:
      return (
        <>
          <p className="qc-big qc-free-large">
            {coupon.coupon_free_text_large ? <Phrased text={coupon.coupon_free_text_large} /> : '–'}
          </p>
          {coupon.coupon_free_text_small ? (
            <p className="qc-free-small">
              <Phrased text={coupon.coupon_free_text_small} />
            </p>
          ) : null}
        </>
      );
  }
}

function Code({ coupon, codeImageUrl, text }: Pick<CouponCardProps, 'coupon' | 'codeImageUrl' | 'text'>) {
  const c = COUPON_CODE_TYPES;
  const value = coupon.coupon_code_text ?? '';
  if (coupon.coupon_code_type === c.none) return <p className="qc-show">{text('show')}</p>;
  if (coupon.coupon_code_type === c.code) {
    return (
      <div className="qc-code">
        <span className="qc-code-label">{text('code')}</span>
        <span className="qc-code-number" data-testid="coupon-code-number">
          {value || '–'}
        </span>
      </div>
    );
  }
  const jan = coupon.coupon_code_type === c.jan;
  return (
    <div className={jan ? 'qc-code qc-code-jan' : 'qc-code qc-code-qr'}>
      {codeImageUrl ? (
        <img src={codeImageUrl} alt={`${text('code')} ${value}`} data-testid="coupon-code-image" />
      ) : (
        <div className="qc-code-empty" aria-hidden="true" />
      )}
      {!jan && value ? <span className="qc-code-caption">{value}</span> : null}
    </div>
  );
}

export function CouponCard({
  coupon,
  imageUrl,
  codeImageUrl,
  text,
  locale,
  codeHidden = false,
  meta,
  used,
}: CouponCardProps) {
  const shadow =
    coupon.coupon_text_color_shadow === COUPON_TEXT_SHADOWS.white
      ? '0 1px 3px rgba(255,255,255,.95), 0 0 8px rgba(255,255,255,.8)'
      : '0 1px 3px rgba(0,0,0,.85), 0 0 8px rgba(0,0,0,.5)';
  return (
    <article className="qc-card" data-testid="coupon-card" lang={locale}>
      <div
        className={imageUrl ? 'qc-face qc-face-picture' : 'qc-face'}
        style={{
          color: coupon.coupon_text_color,
          textShadow: shadow,
          backgroundImage: imageUrl ? `url("${imageUrl}")` : undefined,
        }}
      >
        <p className="qc-item">{coupon.coupon_content ? <Phrased text={coupon.coupon_content} /> : '–'}</p>
        <Headline coupon={coupon} text={text} locale={locale} />
      </div>
      <div className="qc-body">
        {meta !== undefined ? (
          <p className="qc-meta">
            <span className="qc-use">{meta}</span>
          </p>
        ) : (
          <p className="qc-meta">
            <span>
              {text('valid', {
                from: day(coupon.coupon_date_from ?? '', locale),
                to: day(coupon.coupon_date_to ?? '', locale),
              })}
            </span>
            <span className="qc-use">
              {coupon.coupon_available_count === COUPON_USES.once ? text('once') : text('unlimited')}
            </span>
          </p>
        )}
        {codeHidden && coupon.coupon_code_type !== COUPON_CODE_TYPES.none ? (
          <p className="qc-show" data-testid="coupon-code-hidden">
            {text('code_hidden')}
          </p>
        ) : (
          <Code coupon={coupon} codeImageUrl={codeImageUrl} text={text} />
        )}
        {used ? <UsedMoment usedAt={used.at} now={used.now} text={text} locale={locale} /> : null}
        {coupon.coupon_text_detail ? (
          <p className="qc-detail">
            <Phrased text={coupon.coupon_text_detail} />
          </p>
        ) : null}
      </div>
    </article>
  );
}
