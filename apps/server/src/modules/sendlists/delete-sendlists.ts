import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { deleteSendlistRows, existingSendlistIds } from './repository';

/**
 * Deletes several lists at once, all or none: an id that is not a list of this channel answers
 * E-404 and nothing is deleted. The screen warns first about lists that reserved messages use
 * (POST …/sendlist/reserved); the messages module decides what a reserved message does then.
 */
export async function deleteSendlists(
  ctx: AppContext,
  input: { channel: ChannelRow; ids: number[] },
): Promise<number> {
  const { channel, ids } = input;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await existingSendlistIds(ctx.db, channel.id, ids, trx);
    if (found.length !== ids.length) throw new AppError('E-404');
    return deleteSendlistRows(ctx.db, channel.id, ids, trx);
  });
}
