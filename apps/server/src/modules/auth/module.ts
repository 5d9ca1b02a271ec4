import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { registerAuthJobs } from './jobs';
import { authRoutes } from './routes';

/** Accounts: sign-up, sign-in, password and address changes, and the mails after the answers. */
export function createAuthModule(ctx: AppContext): ServerModule {
  registerAuthJobs(ctx);
  return { routes: [authRoutes(ctx)] };
}
