import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { registerCounting } from './count';
import { channelAnalyticsRoutes } from './routes';

/**
 * Channel analytics as app.ts mounts it inside channelScope: counts into its rollups on
 * the registry's points (follows, deliveries, opens, coupon uses, pushes) and answers from them.
 */
export function createChannelAnalyticsModule(ctx: AppContext): ServerModule {
  registerCounting(ctx);
  return { channelRoutes: [channelAnalyticsRoutes(ctx)] };
}
