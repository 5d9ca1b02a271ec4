import { type Locale, paths } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { randomToken } from '../../platform/crypto';
import { issueLinkCode, linkUrl } from './links';
import { activationMail, alreadyRegisteredMail } from './mails';
import { findUserByEmail, insertUser, updateUser } from './repository';

/**
 * Sign-up by e-mail. The answer is the same, and as fast, whether or not the address has an
 * account, so the form reveals nothing: the lookup and the mail happen after the answer, and an
 * existing member gets a "you already have an account" mail instead of an activation link.
 */
export function requestSignUp(
  ctx: AppContext,
  input: { email: string; locale: Locale; carryOverKey: string | null },
): void {
  ctx.background.run('sign-up mail', () => signUp(ctx, input));
}

async function signUp(
  ctx: AppContext,
  input: { email: string; locale: Locale; carryOverKey: string | null },
): Promise<void> {
  const email = normaliseEmail(input.email);
  let user = await findUserByEmail(ctx.db, email);
  if (user?.status === 'active') {
    const { publicUrl } = ctx.config;
    await ctx.mailer.send(
      alreadyRegisteredMail(email, publicUrl + paths.signin, publicUrl + paths.forgotRequest, input.locale),
    );
    return;
  }
  if (user) {
    await updateUser(ctx.db, user.id, { locale: input.locale, carry_over_key: input.carryOverKey });
  } else {
    const now = Date.now();
    const id = randomToken(12);
    try {
      await insertUser(ctx.db, {
        id,
        email,
        status: 'pending',
        locale: input.locale,
        carry_over_key: input.carryOverKey,
        user_name: '',
        company_name: '',
        password_hash: null,
        channel_service_registered: 0,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two sign-ups for one address at once: the other request created the row.
      user = await findUserByEmail(ctx.db, email);
      if (!user) throw error;
    }
    user ??= { id } as NonNullable<typeof user>;
  }
  const code = await issueLinkCode(ctx.db, { userId: user.id, purpose: 'activation' });
  await ctx.mailer.send(
    activationMail(email, linkUrl(ctx.config.publicUrl, paths.activate, user.id, code), input.locale),
  );
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
