import type { AppContext } from '../../platform/context';
import type { ServerModule } from '../../platform/server-module';
import { tagRoutes } from './routes';

/** A channel's tags. */
export function createTagsModule(ctx: AppContext): ServerModule {
  return { channelRoutes: [tagRoutes(ctx)] };
}
