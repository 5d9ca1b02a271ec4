import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { styleRoutes } from './routes';

/** A member's saved QR code styles (issue 31); a code's own design lives with the code (qrcodes). */
export function createQrStylesModule(ctx: AppContext): ServerModule {
  return { routes: [styleRoutes(ctx)] };
}
