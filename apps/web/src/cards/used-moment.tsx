import type { CouponCardText } from './coupon-card';

/**
 * When a coupon was used, beside the time now ticking by the second and a pulsing mark: staff tell
 * a live screen from a screenshot shown again. Plain JSX (no timer here): the reader passes `now`
 * and renders again each second. Texts: 'used_at', 'clock' (their labels).
 */
export interface UsedMomentProps {
  usedAt: number | null;
  now: number;
  text: CouponCardText;
  locale: 'ja' | 'en';
}

const dateTime = (ms: number, locale: string) =>
  new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(ms));

const clock = (ms: number, locale: string) =>
  new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(ms));

export function UsedMoment({ usedAt, now, text, locale }: UsedMomentProps) {
  return (
    <div className="qc-used" data-testid="coupon-used-moment">
      <span className="qc-used-pulse" aria-hidden="true" />
      <div className="qc-used-lines">
        {usedAt !== null ? (
          <p className="qc-used-at">
            <span className="qc-used-label">{text('used_at')}</span>
            <time dateTime={new Date(usedAt).toISOString()}>{dateTime(usedAt, locale)}</time>
          </p>
        ) : null}
        <p className="qc-used-clock">
          <span className="qc-used-label">{text('clock')}</span>
          <time className="qc-used-time" data-testid="coupon-clock">
            {clock(now, locale)}
          </time>
        </p>
      </div>
    </div>
  );
}
