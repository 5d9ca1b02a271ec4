import type { SigninBody } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { findUserByEmail } from './repository';
import { normaliseEmail } from './sign-up';

/** Checks the credentials and an optional invitation code; returns the user id to start a session for. */
export async function signIn(ctx: AppContext, input: SigninBody): Promise<string> {
  const user = await findUserByEmail(ctx.db, normaliseEmail(input.email));
  const active = user?.status === 'active' ? user : undefined;
  const good = await verifyPassword(active?.password_hash ?? null, input.password);
  if (!active || !good) throw new AppError('E-101');
  if (input.code) await ctx.hooks.runSignInCode({ userId: active.id, code: input.code });
  return active.id;
}
