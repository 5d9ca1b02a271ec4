import type { AppContext } from '../../platform/core/context';
import { memberDeviceHashes, subscribedDevicesQuery } from './repository';
import { PushService } from './service';

/**
 * What other modules (messaging) use of Web Push: the process's push service and the devices a
 * member turned notifications on from. Push imports no other module; what is pushed, and when,
 * belongs to messaging.
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

/**
 * The devices with a subscription, as a subquery (`device_hash`): a delivery enters the push queue
 * only when its device is in it, so the push sweep never works through the rest of an audience.
 */
export const subscribedDevices = subscribedDevicesQuery;

export type { PushOptions } from './sender';
export type { DevicePush, DevicePushResult, PushService } from './service';
