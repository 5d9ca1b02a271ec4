import { type Locale, toLocale } from '@qrqr/shared/limits';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/core/context';
import { findActiveUser } from './repository';

/** What other modules (system's page parameters) ask of the auth module, instead of reading `users`. */

/** The member with this id while the account is active; undefined otherwise. */
export function activeMember(ctx: Pick<AppContext, 'db'>, userId: string) {
  return findActiveUser(ctx.db, userId);
}

/**
 * The language of a file made for the caller to keep (the CSV exports): the one they chose in the
 * app (the `lang` cookie), else their account's, and only for a guest the browser's. A member's
 * spreadsheet keeps the language of the account it belongs to, whatever browser downloads it.
 */
export async function memberLocale(
  ctx: Pick<AppContext, 'db' | 'sessions'>,
  request: FastifyRequest,
): Promise<Locale> {
  if (request.cookies?.lang) return request.locale;
  const userId = await ctx.sessions.userId(request);
  const member = userId ? await activeMember(ctx, userId) : undefined;
  return member ? toLocale(member.locale) : request.locale;
}
