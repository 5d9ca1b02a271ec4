import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { pushRoutes } from './routes';

/** Web Push: the visitor's subscription calls (sending is messaging's, through lookup.ts). */
export function createPushModule(ctx: AppContext): ServerModule {
  return { routes: [pushRoutes(ctx)] };
}
