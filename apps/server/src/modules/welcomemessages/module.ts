import { WELCOME_STATUSES } from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponsNamedBy } from '../../db/message-rows';
import type { AppContext } from '../../platform/context';
import { points } from '../../platform/extension-points';
import { deliverWelcome } from './deliver-welcome';
import { pushDueWelcomes } from './push-welcomes';
import { welcomeRoutes } from './routes';

/**
 * Welcome messages as app.ts mounts them inside channelScope. A new follow receives the one on in
 * its own transaction (`points.joining`); a draft or one on holds its library coupon (E-715).
 */
/** The name this module gives the job seam for its pushes. */
export const WELCOME_PUSH_SWEEP = 'welcomemessages.push';

export function createWelcomeMessagesModule(ctx: AppContext): { routes: FastifyPluginAsyncZod } {
  ctx.registry.register(points.joining, (event) => deliverWelcome(ctx, event));
  ctx.registry.register(points.couponDelete, (question) =>
    couponsNamedBy(ctx.db, 'welcome_messages', [WELCOME_STATUSES.draft, WELCOME_STATUSES.on], question),
  );
  // Each welcome delivery is pushed once (issue 20), by every process's sweep.
  ctx.jobs.sweep(WELCOME_PUSH_SWEEP, 1000, () => pushDueWelcomes(ctx));
  return { routes: welcomeRoutes(ctx) };
}
