import type { InboxKind } from '@qrqr/shared/message-constants';

/**
 * What a follower receives is an item, of one of two kinds: a message (sent to the followers its
 * send list names, at its send time) or a welcome message (received in the follow itself). Both
 * have the same content columns (content.ts), and their deliveries the same reading, coupon and push
 * columns; this table names what differs, so the inbox and the push code pick their tables here
 * rather than branching on the kind.
 */
export type ItemKind = InboxKind;

export const ITEMS = {
  message: {
    table: 'messages',
    deliveries: 'message_deliveries',
    /** The delivery's column naming its item. */
    itemColumn: 'message_id',
    /** The delivery's other key column: who received it (a follower; a device for welcomes, once ever). */
    receiverColumn: 'follower_id',
    /** A push's Topic: a newer push of the same item replaces one still waiting. */
    topicPrefix: 'm',
  },
  welcome: {
    table: 'welcome_messages',
    deliveries: 'welcome_deliveries',
    itemColumn: 'welcome_message_id',
    receiverColumn: 'device_hash',
    topicPrefix: 'w',
  },
} as const satisfies Record<ItemKind, unknown>;

/** Welcome deliveries first: a push sweep serves a new follower before a big send's rest. */
export const ITEM_KINDS: readonly ItemKind[] = ['welcome', 'message'];

export type ItemTable = (typeof ITEMS)[ItemKind]['table'];
export type DeliveryTable = (typeof ITEMS)[ItemKind]['deliveries'];

/** The ids events carry (`points.delivered`, `opened`, `couponUsed`, the push counts) for item `id`. */
export function eventIds(
  kind: ItemKind,
  id: number,
): { messageId: number | null; welcomeMessageId: number | null } {
  return kind === 'message'
    ? { messageId: id, welcomeMessageId: null }
    : { messageId: null, welcomeMessageId: id };
}
