import type { SigninBody } from '@qrqr/shared/auth-schemas';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { verifyPassword } from '../../platform/core/passwords';
import { AppError } from '../../platform/http/errors';
import { findUserByEmail } from './repository';
import { forgetSignInFailures, recordSignInFailure, refuseWhileLocked } from './sign-in-lock';
import { normaliseEmail } from './sign-up';

/**
 * Checks the credentials and an optional invitation code; returns the user id to start a session
 * for. A locked address is refused before its password is looked at, even a right one.
 */
export async function signIn(ctx: AppContext, input: SigninBody): Promise<string> {
  const email = normaliseEmail(input.email);
  await refuseWhileLocked(ctx.db, email);
  const user = await findUserByEmail(ctx.db, email);
  const active = user?.status === 'active' ? user : undefined;
  const good = await verifyPassword(active?.password_hash ?? null, input.password);
  if (!active || !good) {
    await recordSignInFailure(ctx.db, email);
    throw new AppError('E-101');
  }
  await forgetSignInFailures(ctx.db, email);
  if (input.code) await ctx.registry.emit(points.signInCode, { userId: active.id, code: input.code });
  return active.id;
}
