import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import { WELCOME_STATUSES } from '@qrqr/shared/welcome-message-constants';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import type { ServerModule } from '../../platform/core/server-module';
import { abTestRoutes } from './ab-test-routes';
import { decideDueTests } from './decide-test';
import { claimDue, deliverRest } from './deliver';
import { deliverWelcome } from './deliver-welcome';
import { finishSent } from './finish';
import { deleteUnusedMessageImages } from './image-housekeeping';
import { messageImageRoutes } from './image-routes';
import { deleteFollowerDeliveries } from './inbox-repository';
import { readerMessageRoutes } from './inbox-routes';
import { couponsNamedBy } from './item-rows';
import { DELIVERY_SWEEP, FINISH_JOB, IMAGE_HOUSEKEEPING_JOB, PUSH_SWEEP } from './job-names';
import { reservedBySendlist } from './message-repository';
import { messageRoutes } from './message-routes';
import { pushDueDeliveries } from './push-deliveries';
import { pushFinishRoutes } from './push-finish-routes';
import { welcomeRoutes } from './welcome-routes';

const HOUR = 3_600_000;
/** How often every process looks for due messages: a message goes out within ~1 s of its send time. */
export const DELIVERY_SWEEP_MS = 1000;

/**
 * Messaging as app.ts mounts it: messages and welcome messages, what a follower receives.
 * Its channel calls are the messages', the welcome messages' and a message picture's; its top-level
 * calls are the follower's inbox. Registers how many reserved messages
 * use each send list (`points.sendlistReserved`), the E-715 veto on deleting a coupon an unsent
 * message or a welcome message draft or on names (`points.couponDelete`), the welcome message of a
 * new follow (`points.joining`, in its transaction), the end of a leaving follower's inbox, the
 * delivery and push sweeps, the hourly publish-finished job and the deletion of unused pictures.
 */
export function createMessagingModule(ctx: AppContext): ServerModule {
  ctx.registry.register(points.sendlistReserved, (question) =>
    reservedBySendlist(ctx.db, question.channelId, question.ids, question.trx),
  );
  ctx.registry.register(points.couponDelete, (question) =>
    couponsNamedBy(ctx.db, 'messages', [MESSAGE_STATUSES.draft, MESSAGE_STATUSES.reserved], question),
  );
  ctx.registry.register(points.couponDelete, (question) =>
    couponsNamedBy(ctx.db, 'welcome_messages', [WELCOME_STATUSES.draft, WELCOME_STATUSES.on], question),
  );
  ctx.registry.register(points.joining, (event) => deliverWelcome(ctx, event));
  // A follower who left: its inbox goes (a new follow of the device is a new follower).
  ctx.registry.register(points.unfollowed, (event) => deleteFollowerDeliveries(ctx.db, event));
  // Claiming goes first (a few rows a message): this process claims no push batch meanwhile. The
  // rest of each audience is written while the pushes go.
  let claiming = 0;
  ctx.jobs.sweep(DELIVERY_SWEEP, DELIVERY_SWEEP_MS, async () => {
    // A test whose waiting time ended makes its winner's send due first, claimed below.
    await decideDueTests(ctx);
    claiming++;
    let sent = 0;
    try {
      sent = await claimDue(ctx);
    } finally {
      claiming--;
      // What was just claimed is pushed now, not at the push sweep's next period.
      if (sent > 0 && claiming === 0) void ctx.jobs.runSweep(PUSH_SWEEP);
    }
    await deliverRest(ctx);
    return sent;
  });
  // The push of each delivery of either kind: its own sweep, so slow push services never
  // hold up sends. A stopping server finishes the batches it claimed and claims no more (leased
  // rows, pushed by the next start or another process).
  ctx.jobs.sweep(PUSH_SWEEP, DELIVERY_SWEEP_MS, () =>
    pushDueDeliveries(ctx, Date.now, () => claiming > 0 || ctx.jobs.stopping),
  );
  ctx.jobs.every(FINISH_JOB, HOUR, async () => {
    await finishSent(ctx);
  });
  ctx.jobs.every(IMAGE_HOUSEKEEPING_JOB, HOUR, async () => {
    await deleteUnusedMessageImages(ctx);
  });
  return {
    routes: [readerMessageRoutes(ctx)],
    channelRoutes: [
      messageRoutes(ctx),
      abTestRoutes(ctx),
      pushFinishRoutes(ctx),
      welcomeRoutes(ctx),
      messageImageRoutes(ctx),
    ],
  };
}
