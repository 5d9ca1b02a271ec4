import type { AppContext } from '../../platform/context';
import { findActiveUser } from './repository';

/** What other modules (system's page parameters) ask of the auth module, instead of reading `users`. */

/** The member with this id while the account is active; undefined otherwise. */
export function activeMember(ctx: Pick<AppContext, 'db'>, userId: string) {
  return findActiveUser(ctx.db, userId);
}
