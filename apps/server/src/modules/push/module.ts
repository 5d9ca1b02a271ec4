import type { AppContext } from '../../platform/context';
import type { ServerModule } from '../../platform/server-module';
import { pushRoutes } from './routes';

/** Web Push: the visitor's subscription calls (sending is messaging's, through lookup.ts). */
export function createPushModule(ctx: AppContext): ServerModule {
  return { routes: [pushRoutes(ctx)] };
}
