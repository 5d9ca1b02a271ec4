import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { deleteImages } from '../../platform/media/images';
import { deletePageRows, memberPageIds, picturesOnlyOf } from './repository';

/**
 * Deletes several of the member's pages, all or none (an id that is not the member's page: E-404),
 * with their links, coupon uses and rollups (cascade) and the pictures no other page shows.
 * The Wi-Fi codes stay in the QR manager.
 */
export async function deletePages(
  ctx: AppContext,
  input: { userId: string; ids: readonly number[] },
): Promise<{ deleted: number }> {
  const ids = [...new Set(input.ids)];
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await memberPageIds(ctx.db, input.userId, ids, trx);
    if (found.length !== ids.length) throw new AppError('E-404');
    const pictures = await picturesOnlyOf(ctx.db, ids, trx);
    const deleted = await deletePageRows(ctx.db, input.userId, ids, trx);
    for (const p of pictures) await deleteImages(trx, { channelId: p.channelId, ids: [p.imageId] });
    return { deleted };
  });
}
