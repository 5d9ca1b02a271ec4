import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { AppError } from '../../platform/http/errors';
import { deleteTags as deleteTagRows, lockChannelTagIds } from './repository';

/**
 * Deletes several tags of the channel at once, or none: any id that is not the channel's answers
 * E-404, and any tag a send list uses (a veto registered on `points.tagDelete`) answers E-710.
 * Followers lose the deleted tags (follower_tags cascades).
 *
 * The check and the delete are one transaction, the tags locked first: a send list saved at the
 * same moment either commits before the check (E-710) or waits and then finds the tag gone.
 */
export async function deleteTags(
  ctx: AppContext,
  input: { channel: ChannelRow; tagIds: number[] },
): Promise<{ deleted: number }> {
  const { tagIds } = input;
  const channelId = input.channel.id;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await lockChannelTagIds(ctx.db, channelId, tagIds, trx);
    if (found.length !== tagIds.length) throw new AppError('E-404');
    const inUse = await ctx.registry.vetoes(points.tagDelete, { channelId, ids: tagIds, trx });
    if (inUse.length > 0) {
      // One field error per tag in use (`tag_ids.<id>`) with what uses it, so the screen can say
      // which send list holds which tag. Nothing is deleted: the owner chose these tags together.
      const fields = inUse.map(({ id, by }) => ({
        field: `tag_ids.${id}`,
        rule: 'errors.tag_in_use',
        values: by,
      }));
      throw new AppError('E-710', { fields });
    }
    return { deleted: await deleteTagRows(ctx.db, channelId, tagIds, trx) };
  });
}
