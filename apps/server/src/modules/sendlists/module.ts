import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { ReservedCounters } from './reserved-counters';
import { sendlistRoutes } from './routes';

import { tagIdsUsedBySendlists } from './tags-in-use';

export { listAudienceIds } from './audience-query';
export { tagIdsUsedBySendlists };

/**
 * Send lists as app.ts mounts them inside channelScope; registers the E-710 check. `reservedCounters` is where
 * the messages module registers how many reserved messages use each list.
 */
export function createSendlistsModule(ctx: AppContext): {
  routes: FastifyPluginAsyncZod;
  reservedCounters: ReservedCounters;
} {
  const reservedCounters = new ReservedCounters();
  // Deleting a tag a list uses answers E-710 (the tags module asks every registered check).
  ctx.channelHooks.onTagUsage(tagIdsUsedBySendlists);
  return { routes: sendlistRoutes(ctx, reservedCounters), reservedCounters };
}
