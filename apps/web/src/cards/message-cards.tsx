import {
  LAYOUT_PARTS,
  MESSAGE_LIMITS,
  type MessageLayout,
  type ReaderCouponState,
} from '@qrqr/shared/message-constants';
import { CouponCard, type CouponCardData, type CouponCardText } from './coupon-card';
import './message-cards.css';
import { Phrased } from './phrased';

/**
 * A message as its follower sees it: the lock-screen notification, the inbox row and the detail
 * of each of the six layouts, the coupon drawn by the coupon card. Plain JSX, one stylesheet
 * (classes qm-), texts passed in: the reader (Preact) renders them for the follower, the message
 * editor (React) as its live preview.
 */

/** The parts of a message a follower sees (an inbox item or the editor's values). */
export interface MessageCardData {
  layout: number;
  push_text: string;
  detail_title: string;
  detail_text: string;
  link_url: string;
  background_image_url: string;
  coupon_title: string;
  coupon_text_summary: string;
  coupon_text_detail: string;
}

/**
 * The cards' texts: 'app' (the notification's app name), 'now', 'unread', 'coupon_state.{state}',
 * 'cancelled_note' {text}, 'use', 'link', 'image', 'no_text', 'no_coupon', and the coupon card's keys
 * (with 'code_hidden').
 */
export type MessageCardText = CouponCardText;

/** The push text as a lock screen shows it (24 characters, then an ellipsis). */
export function lockScreenText(pushText: string): string {
  const chars = Array.from(pushText.replace(/\s+/g, ' ').trim());
  return chars.length > MESSAGE_LIMITS.pushDisplayMax
    ? `${chars.slice(0, MESSAGE_LIMITS.pushDisplayMax).join('')}…`
    : chars.join('');
}

interface ChannelFace {
  channelName: string;
  /** The channel's icon (a URL), or none for its initial. */
  iconUrl?: string | null;
}

// Sizes as strings: Preact 11 (the reader) no longer adds 'px' to numbers in `style`.
function Icon({ channelName, iconUrl, size }: ChannelFace & { size: number }) {
  return iconUrl ? (
    <img className="qm-icon" src={iconUrl} alt="" width={size} height={size} />
  ) : (
    <span
      className="qm-icon qm-icon-empty"
      style={{ width: `${size}px`, height: `${size}px` }}
      aria-hidden="true"
    >
      {Array.from(channelName.trim())[0] ?? '·'}
    </span>
  );
}

export interface MessageNotificationProps extends ChannelFace {
  pushText: string;
  /** When it arrived, already written for the reader ('now', '10:30'). */
  time: string;
  text: MessageCardText;
  locale: 'ja' | 'en';
}

/** The notification on a phone's lock screen. */
export function MessageNotification({
  channelName,
  iconUrl,
  pushText,
  time,
  text,
  locale,
}: MessageNotificationProps) {
  return (
    <div className="qm-notification" data-testid="message-notification" lang={locale}>
      <div className="qm-notification-head">
        <Icon channelName={channelName} iconUrl={iconUrl} size={20} />
        <span className="qm-notification-app">{text('app')}</span>
        <span className="qm-notification-time">{time}</span>
      </div>
      <p className="qm-notification-title">{channelName}</p>
      <p className="qm-notification-text" data-testid="message-notification-text">
        {lockScreenText(pushText) || text('no_text')}
      </p>
    </div>
  );
}

export interface InboxRowProps extends ChannelFace {
  pushText: string;
  /** The delivery's date as the reader writes it. */
  date: string;
  unread: boolean;
  /** The coupon's state, when the message carries one. */
  couponState?: ReaderCouponState | null;
  /** Where the row leads (the reader), or none for the preview's still row. */
  href?: string;
  onOpen?: () => void;
  text: MessageCardText;
  locale: 'ja' | 'en';
  testId?: string;
}

/** One message in the follower's inbox. */
export function InboxRow({
  channelName,
  iconUrl,
  pushText,
  date,
  unread,
  couponState,
  href,
  onOpen,
  text,
  locale,
  testId = 'inbox-row',
}: InboxRowProps) {
  const inner = (
    <>
      <Icon channelName={channelName} iconUrl={iconUrl} size={40} />
      <span className="qm-row-main">
        <span className="qm-row-top">
          <span className="qm-row-channel">{channelName}</span>
          <span className="qm-row-date">{date}</span>
        </span>
        <span className="qm-row-text">{pushText ? <Phrased text={pushText} /> : text('no_text')}</span>
        {couponState ? (
          <span className={`qm-state qm-state-${couponState}`}>{text(`coupon_state.${couponState}`)}</span>
        ) : null}
      </span>
      {unread ? (
        <span className="qm-unread">
          <span className="qm-visually-hidden">{text('unread')}</span>
        </span>
      ) : null}
    </>
  );
  const cls = unread ? 'qm-row qm-row-unread' : 'qm-row';
  return href ? (
    <a
      className={cls}
      href={href}
      lang={locale}
      data-testid={testId}
      onClick={
        onOpen
          ? (e: { preventDefault: () => void }) => {
              e.preventDefault();
              onOpen();
            }
          : undefined
      }
    >
      {inner}
    </a>
  ) : (
    <div className={cls} lang={locale} data-testid={testId}>
      {inner}
    </div>
  );
}

export interface MessageCouponView {
  coupon: CouponCardData;
  /** The coupon's picture. */
  imageUrl?: string | null;
  /** PNG of its QR code or JAN barcode, once it is shown. */
  codeImageUrl?: string | null;
  state?: ReaderCouponState | null;
  /** The operator's words about a cancellation. */
  cancelText?: string;
  /** Whether the code is shown (used, or the operator's preview). */
  showCode: boolean;
  /** Uses it (the reader); none in the preview or when it cannot be used. */
  onUse?: () => void;
  busy?: boolean;
  /** Once used (the reader): the moment of use and the time now, ticking. */
  used?: { at: number | null; now: number };
}

export interface MessageDetailProps {
  message: MessageCardData;
  coupon?: MessageCouponView | null;
  /** The picture (background_image_url), as a URL the page can load. */
  imageUrl?: string | null;
  text: MessageCardText;
  locale: 'ja' | 'en';
}

function TextPart({ message, text }: Pick<MessageDetailProps, 'message' | 'text'>) {
  return (
    <section className="qm-text" data-testid="message-text-part">
      {message.detail_title ? (
        <h2 className="qm-title">
          <Phrased text={message.detail_title} />
        </h2>
      ) : null}
      {message.detail_text ? (
        <p className="qm-body">
          <Phrased text={message.detail_text} />
        </p>
      ) : null}
      {!message.detail_title && !message.detail_text ? <p className="qm-empty">{text('no_text')}</p> : null}
    </section>
  );
}

function ImagePart({ message, imageUrl, text }: Pick<MessageDetailProps, 'message' | 'imageUrl' | 'text'>) {
  const picture = imageUrl ? (
    <img className="qm-image" src={imageUrl} alt={message.detail_title || text('image')} />
  ) : (
    <div className="qm-image qm-image-empty" aria-hidden="true" />
  );
  return (
    <section className="qm-image-part" data-testid="message-image-part">
      {message.link_url && imageUrl ? (
        <a href={message.link_url} target="_blank" rel="noopener noreferrer" aria-label={text('link')}>
          {picture}
        </a>
      ) : (
        picture
      )}
    </section>
  );
}

function CouponPart({
  message,
  coupon,
  text,
  locale,
}: Pick<MessageDetailProps, 'message' | 'coupon' | 'text' | 'locale'>) {
  const state = coupon?.state ?? null;
  return (
    <section className="qm-coupon-part" data-testid="message-coupon-part">
      {message.coupon_title ? <h2 className="qm-title">{message.coupon_title}</h2> : null}
      {message.coupon_text_summary ? <p className="qm-summary">{message.coupon_text_summary}</p> : null}
      {state ? (
        <p className={`qm-state qm-state-${state}`} data-testid="message-coupon-state">
          {text(`coupon_state.${state}`)}
        </p>
      ) : null}
      {state === 'cancelled' && coupon?.cancelText ? (
        <p className="qm-cancelled" data-testid="message-coupon-cancel-text">
          {text('cancelled_note', { text: coupon.cancelText })}
        </p>
      ) : null}
      {coupon ? (
        <div className={coupon.showCode ? 'qm-coupon qm-coupon-shown' : 'qm-coupon qm-coupon-hidden'}>
          <CouponCard
            coupon={coupon.coupon}
            codeHidden={!coupon.showCode}
            imageUrl={coupon.imageUrl}
            codeImageUrl={coupon.showCode ? coupon.codeImageUrl : null}
            text={text}
            locale={locale}
            used={coupon.used}
          />
        </div>
      ) : (
        <div className="qm-coupon-empty">{text('no_coupon')}</div>
      )}
      {coupon?.onUse && state === 'valid' ? (
        <button
          type="button"
          className="qm-use"
          onClick={coupon.onUse}
          disabled={coupon.busy}
          data-testid="message-coupon-use"
        >
          {text('use')}
        </button>
      ) : null}
      {message.coupon_text_detail ? (
        <p className="qm-body">
          <Phrased text={message.coupon_text_detail} />
        </p>
      ) : null}
    </section>
  );
}

/** The message's detail: its parts in the order of its layout. */
export function MessageDetail({ message, coupon, imageUrl, text, locale }: MessageDetailProps) {
  const parts = LAYOUT_PARTS[message.layout as MessageLayout] ?? ['text'];
  return (
    <article className="qm-detail" data-testid="message-detail" data-layout={message.layout} lang={locale}>
      {parts.map((part) =>
        part === 'text' ? (
          <TextPart key={part} message={message} text={text} />
        ) : part === 'image' ? (
          <ImagePart key={part} message={message} imageUrl={imageUrl} text={text} />
        ) : (
          <CouponPart key={part} message={message} coupon={coupon} text={text} locale={locale} />
        ),
      )}
    </article>
  );
}
