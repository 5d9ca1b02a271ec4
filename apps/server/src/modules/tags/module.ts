import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { tagRoutes } from './routes';

/** A channel's tags. */
export function createTagsModule(ctx: AppContext): ServerModule {
  return { channelRoutes: [tagRoutes(ctx)] };
}
