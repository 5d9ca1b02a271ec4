import type { PushSubscriptionBody, PushUnsubscribeBody } from '@qrqr/shared/push-schemas';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { allowedPushOrigin } from './origins';
import { deleteDeviceSubscription, saveSubscription } from './repository';

/**
 * POST /api/reader/push/subscribe: stores the browser's subscription for this device, by
 * endpoint, with the member signed in now (or none). An endpoint of an unknown push service: E-750.
 */
export async function subscribe(
  ctx: AppContext,
  input: { deviceHash: string; userId: string | null; body: PushSubscriptionBody },
): Promise<{ subscribed: boolean }> {
  const origin = allowedPushOrigin(input.body.endpoint, ctx.config);
  if (!origin) throw new AppError('E-750');
  await saveSubscription(
    ctx.db,
    {
      endpoint: input.body.endpoint,
      origin,
      device_hash: input.deviceHash,
      user_id: input.userId,
      p256dh: input.body.keys.p256dh.replace(/=+$/, ''),
      auth: input.body.keys.auth.replace(/=+$/, ''),
    },
    Date.now(),
  );
  return { subscribed: true };
}

/** POST /api/reader/push/unsubscribe: forgets this device's subscription with that endpoint. */
export async function unsubscribe(
  ctx: AppContext,
  input: { deviceHash: string | null; body: PushUnsubscribeBody },
): Promise<{ subscribed: boolean }> {
  if (input.deviceHash) await deleteDeviceSubscription(ctx.db, input.deviceHash, input.body.endpoint);
  return { subscribed: false };
}
