import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import type { ReadRecorder } from '../qrcodes/lookup';
import { readerPageRoutes } from './page';
import { readerRoutes } from './routes';

/** The reader as app.ts mounts it: its pages and its resolve call, counting into the QR manager's reads. */
export function createReaderModule(ctx: AppContext, reads: ReadRecorder): ServerModule {
  return { routes: [readerRoutes({ ...ctx, reads }), readerPageRoutes(ctx)] };
}
