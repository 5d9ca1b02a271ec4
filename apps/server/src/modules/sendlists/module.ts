import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import type { ServerModule } from '../../platform/core/server-module';
import { sendlistRoutes } from './routes';
import { tagsHeldBySendlists } from './tags-in-use';

/**
 * Send lists as app.ts mounts them inside channelScope; registers the E-710 veto. The messages
 * module registers on `points.sendlistReserved` how many reserved messages use each list.
 */
export function createSendlistsModule(ctx: AppContext): ServerModule {
  // Deleting a tag a list uses answers E-710 (the tags module asks every registered veto).
  ctx.registry.register(points.tagDelete, (question) => tagsHeldBySendlists(ctx.db, question));
  return { channelRoutes: [sendlistRoutes(ctx)] };
}
