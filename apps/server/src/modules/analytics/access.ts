import type { FastifyRequest } from 'fastify';
import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { guestKeyHash } from '../qrcodes/lookup';
import { type CodeAccess, codeAccess, requireAccess } from '../sharing/lookup';

/**
 * The one access check of the read-log calls, through the sharing module's codeAccess: the code's
 * owner, a guest whose history cookie holds it, or a share recipient allowed to view. Anyone else
 * (another member, a stranger, a signed-out browser asking for a member's code) gets E-404, so a
 * probe cannot tell "not yours" from "does not exist"; a recipient without view gets E-301.
 */
export async function readableCode(ctx: AppContext, req: FastifyRequest, id: string): Promise<QrCodeRow> {
  return (await readAccess(ctx, req, id)).code;
}

/** The same check, with whether the viewer owns the code and their permissions. */
export async function readAccess(ctx: AppContext, req: FastifyRequest, id: string): Promise<CodeAccess> {
  const userId = await ctx.sessions.userId(req);
  return requireAccess(ctx, { userId, guestKeyHash: guestKeyHash(req) }, id, 'view');
}

/** Whether the read-log page of a code is there for this viewer (any access, even without view). */
export async function readLogVisible(ctx: AppContext, req: FastifyRequest, id: string): Promise<boolean> {
  const userId = await ctx.sessions.userId(req);
  return (await codeAccess(ctx, { userId, guestKeyHash: guestKeyHash(req) }, id)) !== null;
}
