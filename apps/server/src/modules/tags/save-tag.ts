import type { SaveTagBody } from '@qrqr/shared/tag-schemas';
import { isUniqueViolation } from '../../db/dialect';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { foldTagName } from './fold';
import { insertTag, listChannelTags, renameTag, type TagRow } from './repository';

const nameTaken = () =>
  new AppError('E-409', {
    messageKey: 'errors.tag_name_taken',
    fields: [{ field: 'tag_name', rule: 'validation.tag_name_taken' }],
  });

/**
 * Creates a tag, or renames `tag_id` (another channel's or a missing tag: E-404). A name the
 * channel already has (compared as foldTagName does) is refused with E-409.
 */
export async function saveTag(
  ctx: AppContext,
  input: { channel: ChannelRow; body: SaveTagBody },
): Promise<TagRow> {
  const { body } = input;
  const channelId = input.channel.id;
  const folded = foldTagName(body.tag_name);
  const tags = await listChannelTags(ctx.db, channelId);
  if (body.tag_id !== undefined && !tags.some((t) => t.id === body.tag_id)) throw new AppError('E-404');
  if (tags.some((t) => t.id !== body.tag_id && foldTagName(t.tag_name) === folded)) throw nameTaken();
  try {
    if (body.tag_id === undefined) {
      return await insertTag(ctx.db, {
        channel_id: channelId,
        tag_name: body.tag_name,
        created_at: Date.now(),
      });
    }
    const renamed = await renameTag(ctx.db, channelId, body.tag_id, body.tag_name);
    // Deleted by another request since the list was read.
    if (!renamed) throw new AppError('E-404');
    return renamed;
  } catch (error) {
    // Two requests saving the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}
