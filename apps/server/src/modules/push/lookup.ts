import type { AppContext } from '../../platform/context';
import { memberDeviceHashes } from './repository';
import { PushService } from './service';

/**
 * What other modules (messages, welcome messages) use of push: the process's push service, the
 * delivery queue engine, the timing rules and how one delivery of an item is pushed (item-push.ts).
 * Push imports no other module.
 */

const services = new WeakMap<AppContext, PushService>();

/** This server's push service (one per context: its agents and VAPID header cache). */
export function pushService(ctx: AppContext): PushService {
  let service = services.get(ctx);
  if (!service) {
    service = new PushService(ctx);
    services.set(ctx, service);
  }
  return service;
}

/** The devices a member turned notifications on from while signed in (a test send's targets). */
export function memberPushDevices(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string[]> {
  return memberDeviceHashes(ctx.db, userId);
}

export { type ItemPushBatch, itemPush, itemPushNeeds } from './item-push';
export { type ClaimedPush, drainPushQueue, PUSH_STATES, type PushQueue, type PushSettle } from './queue';
export { couponEndsAt, deliveryTiming, quietUntil, readerItemUrl } from './rules';
export type { DevicePush, DevicePushResult } from './service';
