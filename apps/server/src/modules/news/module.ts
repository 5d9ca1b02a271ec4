import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { newsRoutes } from './routes';

/** The operator's news on the top page. */
export function createNewsModule(ctx: AppContext): ServerModule {
  return { routes: [newsRoutes(ctx)] };
}
