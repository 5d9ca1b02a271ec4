import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { points } from '../../platform/extension-points';
import { sendlistRoutes } from './routes';

import { tagsHeldBySendlists } from './tags-in-use';

export { audienceQuery } from './audience-query';
export { tagsHeldBySendlists };

/**
 * Send lists as the channels module mounts them inside channelScope; registers the E-710 veto. The
 * messages module registers on `points.sendlistReserved` how many reserved messages use each list.
 */
export function createSendlistsModule(ctx: AppContext): { routes: FastifyPluginAsyncZod } {
  // Deleting a tag a list uses answers E-710 (the tags module asks every registered veto).
  ctx.registry.register(points.tagDelete, tagsHeldBySendlists);
  return { routes: sendlistRoutes(ctx) };
}
