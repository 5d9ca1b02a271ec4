import type { ActivateBody } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { consumeLink, findLink } from './links';
import { findUserById, updateUser } from './repository';

/** The activation screen asks first whether its link is good, to show the error before the form. */
export async function checkActivationLink(ctx: AppContext, link: { userId: string; code: string }) {
  const user = await findUserById(ctx.db, link.userId);
  if (user?.status !== 'pending') throw new AppError('E-102');
  await findLink(ctx.db, { ...link, purpose: 'activation' });
  return { email: user.email };
}

/** Completes sign-up: name, optional company and password; the link is used up. Returns the user id. */
export async function activate(ctx: AppContext, input: ActivateBody): Promise<string> {
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
  await ctx.hooks.runActivated({ userId: user.id, carryOverKey: user.carry_over_key });
  return user.id;
}
