import type { FastifyRequest } from 'fastify';
import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { guestKeyHash } from '../qrcodes/guest-history';
import { findViewableQrCode } from '../qrcodes/repository';

/**
 * The one access check of the read-log calls: the code's owner, or a guest whose history cookie
 * holds it. Anyone else (another member, a stranger, a signed-out browser asking for a member's
 * code) gets E-404, so a probe cannot tell "not yours" from "does not exist". Sharing extends
 * this function with share recipients who may view.
 */
export async function readableCode(ctx: AppContext, req: FastifyRequest, id: string): Promise<QrCodeRow> {
  const userId = await ctx.sessions.userId(req);
  const code = await findViewableQrCode(ctx.db, id, { userId, guestKeyHash: guestKeyHash(req) });
  if (!code) throw new AppError('E-404');
  return code;
}
