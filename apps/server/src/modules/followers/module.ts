import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { registerFollowerEventJobs } from './follower-events';
import { readerChannelRoutes } from './reader-routes';
import { followerRoutes } from './routes';

/**
 * Followers: the visitor's channel page, follow and unfollow (a leaver told to the other modules
 * by a job), and the member's follower list.
 */
export function createFollowersModule(ctx: AppContext): ServerModule {
  registerFollowerEventJobs(ctx);
  return { routes: [readerChannelRoutes(ctx)], channelRoutes: [followerRoutes(ctx)] };
}
