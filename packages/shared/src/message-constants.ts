/**
 * The message constants (states, limits, layouts and tabs) and the inbox's
 * item keys, without zod: the reader's cards import them, and a module of zod schemas would
 * bring zod into the reader's bundle (its budget is 100 KB).
 */
import { LIMITS } from './limits';

/** Message status codes. `all` is only a list filter; a cancelled reservation is a draft again. */
export const MESSAGE_STATUSES = { all: -1, draft: 0, reserved: 1, sent: 2, finished: 3 } as const;
export type MessageStatusFilter = (typeof MESSAGE_STATUSES)[keyof typeof MESSAGE_STATUSES];
export type MessageStatus = Exclude<MessageStatusFilter, -1>;
export const MESSAGE_STATUS_VALUES = [0, 1, 2, 3] as const satisfies readonly MessageStatus[];

/** Sent, whether or not its publication has ended: it has deliveries and counts. */
export function isSentStatus(status: number): boolean {
  return status === MESSAGE_STATUSES.sent || status === MESSAGE_STATUSES.finished;
}

/** Message content types: which parts a message shows, in order. */
export const MESSAGE_LAYOUTS = {
  text: 1,
  coupon: 2,
  couponText: 3,
  image: 4,
  textImage: 5,
  imageText: 6,
} as const;
export type MessageLayout = (typeof MESSAGE_LAYOUTS)[keyof typeof MESSAGE_LAYOUTS];
export const MESSAGE_LAYOUT_VALUES = [1, 2, 3, 4, 5, 6] as const satisfies readonly MessageLayout[];

/** The parts of a message; a layout shows some of them in this order. */
export type MessagePart = 'text' | 'coupon' | 'image';
export const LAYOUT_PARTS: Record<MessageLayout, readonly MessagePart[]> = {
  1: ['text'],
  2: ['coupon'],
  3: ['coupon', 'text'],
  4: ['image'],
  5: ['text', 'image'],
  6: ['image', 'text'],
};
export const layoutHas = (layout: number, part: MessagePart): boolean =>
  (LAYOUT_PARTS[layout as MessageLayout] ?? []).includes(part);

/** Tabs of the message editor. */
export const MESSAGE_TABS = { push: 1, detail: 2, useRule: 3, couponUse: 4 } as const;
export type MessageTab = (typeof MESSAGE_TABS)[keyof typeof MESSAGE_TABS];

/** Limits of messages that the server and the editor both enforce. */
export const MESSAGE_LIMITS = {
  pushTextMax: 92,
  titleMax: 32,
  summaryMax: 100,
  textMax: 5000,
  couponTextMax: 1000,
  /** Tags per message, for `push_tag` and for `push_coupon_use_tags` each. */
  tagsMax: 10,
  linkUrlMax: 255,
  cancelTextMax: 120,
  /** How much of the push text a lock screen shows. */
  pushDisplayMax: 24,
  /** Not given by the spec: how many messages one cancel or delete call may name (5 pages). */
  idsMax: 100,
  /** Not given by the spec: a stored picture of ours (/api/image/{hash}.{ext}). */
  imageUrlMax: 255,
} as const;

export const MESSAGES_PAGE_SIZE = LIMITS.pageSize;

/** How long a sent message without a coupon stays "sent" before it is "publish finished" (3): docs/decisions.md. */
export const MESSAGE_RETENTION_DAYS = 30;

/** What a follower's coupon is now, in this order of precedence. */
export const READER_COUPON_STATES = ['cancelled', 'used', 'expired', 'upcoming', 'valid'] as const;
export type ReaderCouponState = (typeof READER_COUPON_STATES)[number];

/** Inbox items: a message sent to the follower, or the channel's welcome message. */
export const INBOX_KINDS = ['message', 'welcome'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** An inbox item's key in paths and answers: `message-12`, `welcome-3`. */
export const inboxItemKey = (kind: InboxKind, id: number): string => `${kind}-${id}`;
export function parseInboxItemKey(key: string): { kind: InboxKind; id: number } | null {
  const m = /^(message|welcome)-([1-9]\d{0,9})$/.exec(key);
  if (!m) return null;
  const id = Number(m[2]);
  return id <= 2_147_483_647 ? { kind: m[1] as InboxKind, id } : null;
}
