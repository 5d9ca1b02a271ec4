import type { PushPayload } from '@qrqr/shared/push-schemas';
import type { AppContext } from '../../platform/core/context';
import { loadVapidKeys, type VapidKeys } from './keys';
import { payloadJson } from './payload';
import { deleteEndpoint, type PushSubscriptionRow, subscriptionsOfDevices } from './repository';
import { type PushOptions, PushSender, type SendResult } from './sender';
import { VapidHeaders } from './vapid-header';

export interface DevicePush {
  deviceHash: string;
  payload: PushPayload;
  options: PushOptions;
}

/** What became of a push to a device: none when the device has no subscription. */
export type DevicePushResult = SendResult | { kind: 'none' };

/**
 * One per server process (per AppContext): the keys, the VAPID header cache and the sender with
 * its agents. Made on first use; `close()` when the app closes.
 */
export class PushService {
  private keys: Promise<VapidKeys> | null = null;
  private sender: Promise<PushSender> | null = null;

  constructor(private readonly ctx: AppContext) {}

  vapidKeys(): Promise<VapidKeys> {
    this.keys ??= loadVapidKeys(this.ctx).catch((err: unknown) => {
      this.keys = null;
      throw err;
    });
    return this.keys;
  }

  private senderOf(): Promise<PushSender> {
    this.sender ??= this.vapidKeys().then((keys) => new PushSender(this.ctx.config, new VapidHeaders(keys)));
    return this.sender;
  }

  /**
   * Pushes each to its device's subscription, all at once (each push service capped by its
   * limiter); a subscription answered 404/410 is deleted at once. Results in the order given.
   */
  async pushToDevices(
    pushes: readonly DevicePush[],
    /** Told each result as soon as it is known (the queue records it at once). */
    onResult?: (index: number, result: DevicePushResult) => Promise<void>,
  ): Promise<DevicePushResult[]> {
    if (pushes.length === 0) return [];
    const [sender, subscriptions] = await Promise.all([
      this.senderOf(),
      subscriptionsOfDevices(
        this.ctx.db,
        pushes.map((p) => p.deviceHash),
      ),
    ]);
    // Pushes of one item share their payload object (item-push.ts): its JSON is made once.
    const json = new Map<PushPayload, string>();
    const jsonOf = (payload: PushPayload) => {
      let text = json.get(payload);
      if (text === undefined) {
        text = payloadJson(payload);
        json.set(payload, text);
      }
      return text;
    };
    return Promise.all(
      pushes.map(async (push, index): Promise<DevicePushResult> => {
        const sub = subscriptions.get(push.deviceHash);
        let result: DevicePushResult = { kind: 'none' };
        if (sub) {
          result = await sender.send(target(sub), jsonOf(push.payload), push.options);
          if (result.kind === 'gone') await deleteEndpoint(this.ctx.db, sub.endpoint);
        }
        await onResult?.(index, result);
        return result;
      }),
    );
  }

  async close(): Promise<void> {
    const sender = this.sender;
    this.sender = null;
    if (sender) (await sender.catch(() => null))?.close();
  }
}

function target(sub: PushSubscriptionRow) {
  return { endpoint: sub.endpoint, origin: sub.origin, p256dh: sub.p256dh, auth: sub.auth };
}
