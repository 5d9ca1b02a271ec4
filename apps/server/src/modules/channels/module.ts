import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { channelImageRoutes } from './image-routes';
import { channelRoutes, channelServiceRoutes } from './routes';

/** Channels: the member's list and creation, and one channel's settings, images and code. */
export function createChannelsModule(ctx: AppContext): ServerModule {
  return {
    routes: [channelServiceRoutes(ctx)],
    channelRoutes: [channelRoutes(ctx), channelImageRoutes(ctx)],
  };
}
