import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { hashCarryOverKey } from './guest-history';
import { adoptGuestCodes } from './repository';

/**
 * "Carry my codes over" at sign-up: when the account is activated, the guest codes of the history
 * key kept at sign-up become the new member's.
 */
export function registerCarryOver(ctx: AppContext): void {
  ctx.registry.register(points.accountActivated, async ({ userId, carryOverKey }) => {
    const hash = carryOverKey ? hashCarryOverKey(carryOverKey) : null;
    if (!hash) return [];
    const moved = await adoptGuestCodes(ctx.db, hash, userId);
    if (moved) ctx.log.info({ userId, moved }, 'guest codes carried over into the new account');
    return [];
  });
}
