import { MESSAGE_STATUSES } from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponsNamedBy } from '../../db/message-rows';
import type { AppContext } from '../../platform/context';
import { points } from '../../platform/extension-points';
import { deliverDue } from './deliver';
import { finishSent } from './finish';
import { deleteUnusedMessageImages } from './image-housekeeping';
import { messageImageRoutes } from './image-routes';
import { DELIVERY_SWEEP, FINISH_JOB, IMAGE_HOUSEKEEPING_JOB, PUSH_SWEEP } from './module-names';
import { pushDueDeliveries } from './push-deliveries';
import { readerMessageRoutes } from './reader-routes';
import { deleteFollowerDeliveries, reservedBySendlist } from './repository';
import { messageRoutes } from './routes';

const HOUR = 3_600_000;
/** How often every process looks for due messages: a message goes out within ~1 s of send_dt. */
export const DELIVERY_SWEEP_MS = 1000;

/**
 * Messages as app.ts mounts them inside channelScope. Registers how many reserved messages use
 * each send list (`points.sendlistReserved`), the E-715 veto on deleting a coupon an unsent
 * message names (`points.couponDelete`), the delivery sweep, the hourly publish-finished job and the deletion of unused pictures;
 * `imageRoutes` take a message picture, `readerRoutes` are the follower's inbox calls (outside channelScope).
 */
export function createMessagesModule(ctx: AppContext): {
  routes: FastifyPluginAsyncZod;
  imageRoutes: FastifyPluginAsyncZod;
  readerRoutes: FastifyPluginAsyncZod;
} {
  ctx.registry.register(points.sendlistReserved, (question) =>
    reservedBySendlist(ctx.db, question.channelId, question.ids, question.trx),
  );
  ctx.registry.register(points.couponDelete, (question) =>
    couponsNamedBy(ctx.db, 'messages', [MESSAGE_STATUSES.draft, MESSAGE_STATUSES.reserved], question),
  );
  // A follower who left: its inbox goes (a new follow of the device is a new follower).
  ctx.registry.register(points.unfollowed, (event) => deleteFollowerDeliveries(ctx.db, event.followerId));
  // Sending goes first: the inbox is the record, so this process claims no push batch meanwhile.
  let sending = 0;
  ctx.jobs.sweep(DELIVERY_SWEEP, DELIVERY_SWEEP_MS, async () => {
    sending++;
    try {
      return await deliverDue(ctx);
    } finally {
      sending--;
    }
  });
  // The push of each delivery (issue 20): its own sweep, so slow push services never hold up sends.
  ctx.jobs.sweep(PUSH_SWEEP, DELIVERY_SWEEP_MS, () => pushDueDeliveries(ctx, Date.now, () => sending > 0));
  ctx.jobs.every(FINISH_JOB, HOUR, async () => {
    await finishSent(ctx);
  });
  ctx.jobs.every(IMAGE_HOUSEKEEPING_JOB, HOUR, async () => {
    await deleteUnusedMessageImages(ctx);
  });
  return {
    routes: messageRoutes(ctx),
    imageRoutes: messageImageRoutes(ctx),
    readerRoutes: readerMessageRoutes(ctx),
  };
}
