import type { ActivateBody } from '@qrqr/shared/auth-schemas';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { hashPassword } from '../../platform/core/passwords';
import { AppError } from '../../platform/http/errors';
import { consumeLink, findLink, isUsedLink } from './links';
import { findUserById, updateUser } from './repository';

export type ActivationLinkState =
  | { state: 'pending'; email: string }
  | { state: 'active'; signed_in: boolean };

/**
 * The activation screen asks first whether its link is good, to show the error before the form.
 * A used link of an account that is already active answers `active` (whether this browser is signed in
 * as that account), so a second click in the mail leads to sign-in instead of "sign up again".
 * Anything else that does not match an issued link stays the wrong-link error and reveals nothing.
 */
export async function checkActivationLink(
  ctx: AppContext,
  link: { userId: string; code: string; sessionUserId: string | null },
): Promise<ActivationLinkState> {
  const user = await findUserById(ctx.db, link.userId);
  if (user?.status === 'active' && (await isUsedLink(ctx.db, { ...link, purpose: 'activation' }))) {
    return { state: 'active', signed_in: link.sessionUserId === user.id };
  }
  if (user?.status !== 'pending') throw new AppError('E-102');
  await findLink(ctx.db, { ...link, purpose: 'activation' });
  return { state: 'pending', email: user.email };
}

/**
 * Completes sign-up: name, optional company and password; the link is used up. Returns the user id
 * and the screen to open first when an activation handler named one (an accepted invitation's log):
 * the server decides it, so it holds in whichever browser the mailed link is opened.
 */
export async function activate(
  ctx: AppContext,
  input: ActivateBody,
): Promise<{ userId: string; next: string | undefined }> {
  const link = { userId: input.user_id, code: input.confirmation_code, purpose: 'activation' as const };
  const user = await findUserById(ctx.db, link.userId);
  if (user?.status !== 'pending') throw new AppError('E-102');
  await findLink(ctx.db, link);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await consumeLink(ctx.db, link, trx);
    await updateUser(
      ctx.db,
      user.id,
      {
        status: 'active',
        user_name: input.user_name,
        company_name: input.company_name,
        password_hash: passwordHash,
        carry_over_key: null,
      },
      trx,
    );
  });
  const [next] = await ctx.registry.answers(points.accountActivated, {
    userId: user.id,
    carryOverKey: user.carry_over_key,
    invitationCode: input.invitation_code || null,
  });
  return { userId: user.id, next };
}
