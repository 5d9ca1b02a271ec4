import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { qrBulkRoutes } from './routes';

/** Bulk creation from a CSV and bulk export of a member's codes (ZIP, PDF sheet, list CSV). */
export function createQrBulkModule(ctx: AppContext): ServerModule {
  return { routes: [qrBulkRoutes(ctx)] };
}
