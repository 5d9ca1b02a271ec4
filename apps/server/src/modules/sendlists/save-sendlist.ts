import type { SaveSendlistBody, SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { isUniqueViolation } from '../../db/dialect';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { checkChannelTags } from './check-tags';
import { withReach } from './list-sendlists';
import { findSendlistRecord, insertSendlist, nameTaken, updateSendlist } from './repository';

/**
 * Creates a send list, or updates the one named by sendlist_id (E-404 when it is not a list of
 * this channel). A name another list of the channel has answers E-713, also when two saves race
 * (the unique index decides).
 */
export async function saveSendlist(
  ctx: AppContext,
  input: { channel: ChannelRow; body: SaveSendlistBody },
): Promise<SendlistDto> {
  const { channel, body } = input;
  const { sendlist_id, ...fields } = body;
  const now = Date.now();
  try {
    const id = await ctx.db.kysely.transaction().execute(async (trx) => {
      if (sendlist_id !== undefined && !(await findSendlistRecord(ctx.db, channel.id, sendlist_id, trx))) {
        throw new AppError('E-404');
      }
      await checkChannelTags(ctx.db, channel.id, body, trx);
      if (await nameTaken(ctx.db, channel.id, fields.sendlist_name, sendlist_id, trx)) {
        throw new AppError('E-713');
      }
      if (sendlist_id === undefined) return insertSendlist(ctx.db, channel.id, fields, now, trx);
      if (!(await updateSendlist(ctx.db, channel.id, sendlist_id, fields, now, trx)))
        throw new AppError('E-404');
      return sendlist_id;
    });
    const saved = await findSendlistRecord(ctx.db, channel.id, id);
    if (!saved) throw new AppError('E-404'); // deleted by another request right after the save
    return withReach(ctx, channel.id, saved);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('E-713');
    throw error;
  }
}
