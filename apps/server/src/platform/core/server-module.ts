import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What every module's module.ts gives app.ts, in one shape. Building a module also registers its
 * jobs, sweeps and registry answers on the context; app.ts only mounts the routes.
 */
export interface ServerModule {
  /** Calls mounted at the top level (the reader's, the account's, the QR manager's …). */
  routes?: FastifyPluginAsyncZod[];
  /** Calls about one channel, mounted inside channelScope, which loads and authorises `:channel`. */
  channelRoutes?: FastifyPluginAsyncZod[];
}
