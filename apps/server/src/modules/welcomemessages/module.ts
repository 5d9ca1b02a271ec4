import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { points } from '../../platform/extension-points';
import { deliverWelcome } from './deliver-welcome';
import { unsentWithCoupons } from './repository';
import { welcomeRoutes } from './routes';

/**
 * Welcome messages as app.ts mounts them inside channelScope. A new follow receives the one on in
 * its own transaction (`points.joining`); a draft or one on holds its library coupon (E-715).
 */
export function createWelcomeMessagesModule(ctx: AppContext): { routes: FastifyPluginAsyncZod } {
  ctx.registry.register(points.joining, (event) => deliverWelcome(ctx, event));
  ctx.registry.register(points.couponDelete, async (question) => {
    const rows = await unsentWithCoupons(ctx.db, question.channelId, question.ids, question.trx);
    return rows.map((r) => ({ id: Number(r.coupon_id), by: r.push_text }));
  });
  return { routes: welcomeRoutes(ctx) };
}
