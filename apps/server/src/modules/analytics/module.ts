import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { analyticsRoutes } from './routes';

/** A code's read analysis: the graph, the tables and the CSV of its reads. */
export function createAnalyticsModule(ctx: AppContext): ServerModule {
  return { routes: [analyticsRoutes(ctx)] };
}
