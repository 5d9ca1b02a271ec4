import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import type { ServerModule } from '../../platform/core/server-module';
import { acceptInvitation, acceptInvitationsOnActivation } from './accept';
import { sharingRoutes } from './routes';

/**
 * Sharing as app.ts mounts it: its routes, sign-in with an invitation `code` (accepts it, or
 * refuses the sign-in with the mismatch message), and activation accepting the invitations
 * mailed to the new account's address (landing on the one whose link the sign-up came from).
 */
export function createSharingModule(ctx: AppContext): ServerModule {
  ctx.registry.register(points.signInCode, async ({ userId, code }) => {
    await acceptInvitation(ctx, { userId, code });
  });
  ctx.registry.register(points.accountActivated, async ({ userId, invitationCode }) => {
    const next = await acceptInvitationsOnActivation(ctx, { userId, usedCode: invitationCode });
    return next ? [next] : [];
  });
  return { routes: [sharingRoutes(ctx)] };
}
