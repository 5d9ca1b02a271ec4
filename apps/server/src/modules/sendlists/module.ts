import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { ReservedCounters } from './reserved-counters';
import { sendlistRoutes } from './routes';

export { listAudienceIds } from './audience-query';
export { tagIdsUsedBySendlists } from './tags-in-use';

/**
 * Send lists as the channels module mounts them inside channelScope. `reservedCounters` is where
 * the messages module registers how many reserved messages use each list.
 */
export function createSendlistsModule(ctx: AppContext): {
  routes: FastifyPluginAsyncZod;
  reservedCounters: ReservedCounters;
} {
  const reservedCounters = new ReservedCounters();
  return { routes: sendlistRoutes(ctx, reservedCounters), reservedCounters };
}
