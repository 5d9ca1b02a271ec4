import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { couponPreviewRoutes, couponRoutes } from '../coupons/routes';
import { followerRoutes } from '../followers/routes';
import { createSendlistsModule } from '../sendlists/module';
import { tagRoutes } from '../tags/routes';
import { channelImageRoutes } from './image-routes';
import { channelRoutes, channelServiceRoutes } from './routes';
import { channelScope } from './scope';

/**
 * The channel service as app.ts mounts it. Later modules (tags, send lists, messages…) add their
 * one-channel routes to the list given to channelScope.
 */
export function createChannelsModule(ctx: AppContext): FastifyPluginAsyncZod[] {
  const sendlists = createSendlistsModule(ctx);
  return [
    channelServiceRoutes(ctx),
    couponPreviewRoutes(ctx),
    channelScope(ctx, [
      channelRoutes(ctx),
      channelImageRoutes(ctx),
      // Tags, followers and coupons: one module each, one line each.
      tagRoutes(ctx),
      followerRoutes(ctx),
      couponRoutes(ctx),
      sendlists.routes,
    ]),
  ];
}
