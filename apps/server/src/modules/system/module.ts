import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { devMailboxRoutes } from './dev-mailbox';
import { devMailboxEnabled } from './lookup';
import { systemRoutes } from './routes';

/** Health, settings and pages of the service itself; the development mailbox only where enabled. */
export function createSystemModule(ctx: AppContext): ServerModule {
  const routes = [systemRoutes(ctx)];
  if (devMailboxEnabled(ctx.config)) routes.push(devMailboxRoutes(ctx));
  return { routes };
}
