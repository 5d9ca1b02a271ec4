import type { PushPayload } from '@qrqr/shared/push-schemas';
import type { PushOptions } from '../push/lookup';
import type { ItemKind } from './items';

/** Push states of a delivery row (`push_state`). */
export const PUSH_STATES = { pending: 0, accepted: 1, gone: 2, failed: 3 } as const;

/** A claimed delivery as push-deliveries.ts describes it to the queue. */
export interface ClaimedPush {
  /** The row (its kind's deliveries, its item and receiver), for settle and renew. */
  key: { kind: ItemKind; id: number; sub: number | string };
  attempts: number;
  channelId: number;
  messageId: number | null;
  welcomeMessageId: number | null;
  /** Null when the follow is gone, or the message no longer to be pushed: settled gone. */
  deviceHash: string | null;
  payload: PushPayload | null;
  /** Null when the coupon has ended meanwhile: settled failed. */
  options: PushOptions | null;
  /** Set while the channel's quiet hours last: the row waits until then. */
  quietUntil: number | null;
}

/** What to write on a group of claimed rows: a final state, or the time to try again. */
export type PushSettle = { state: number } | { dueAt: number; countAttempt: boolean };

/** Deliveries whose push state lives on their rows (both kinds' deliveries, items.ts). */
export interface PushQueue {
  /** Moves up to `limit` due pending rows' due time to `leaseUntil` (atomically) and describes them. */
  claim(now: number, leaseUntil: number, limit: number): Promise<ClaimedPush[]>;
  settle(rows: readonly ClaimedPush[], set: PushSettle): Promise<void>;
  /** Moves the lease of these rows, where still pending under `heldUntil`, to `leaseUntil`. */
  renew(rows: readonly ClaimedPush[], heldUntil: number, leaseUntil: number): Promise<void>;
}
