import type { InboxAnswer, InboxItemAnswer } from '@qrqr/shared/message-schemas';
import { READER_INBOX_PATH, readerChannelPath } from '@qrqr/shared/paths';
import { call } from '../shared/api';

/** The follower's inbox: one channel's (`code`) or every followed channel's (null), a page of 20. */
export function loadInbox(code: string | null, page: number) {
  const base = code === null ? READER_INBOX_PATH : readerChannelPath.messages(code);
  return call<InboxAnswer>('GET', `${base}?page=${page}`);
}

export function loadItem(code: string, key: string) {
  return call<InboxItemAnswer>('GET', readerChannelPath.message(code, key));
}

/** Marks it opened (and gives the follower its push_tag); `push` when a notification's click opened it. */
export function openItem(code: string, key: string, via?: 'push') {
  return call<InboxItemAnswer>('POST', readerChannelPath.messageOpen(code, key, via));
}

/**
 * A push notification's click opens the message's address with `?via=push`: taken once (and
 * dropped from the address, keeping its hash) so only that opening counts as opened via push.
 */
export function takePushMarker(): 'push' | undefined {
  const query = new URLSearchParams(location.search);
  if (query.get('via') !== 'push') return undefined;
  query.delete('via');
  const rest = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return 'push';
}

/** Uses its coupon once (the server enforces once / unlimited; a double tap uses it once). */
export function spendCoupon(code: string, key: string) {
  return call<InboxItemAnswer>('POST', readerChannelPath.messageCouponUse(code, key));
}

/** Where an opened message lives: `#message/{channel_code}/{item_key}` on the page that listed it. */
export const itemHash = (code: string, key: string) =>
  `#message/${encodeURIComponent(code)}/${encodeURIComponent(key)}`;

export function parseItemHash(hash: string): { code: string; key: string } | null {
  const m = /^#message\/([^/]+)\/([^/]+)$/.exec(hash);
  if (!m?.[1] || !m[2]) return null;
  return { code: decodeURIComponent(m[1]), key: decodeURIComponent(m[2]) };
}
