import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { deleteChannelRow } from './repository';

/**
 * Deletes a channel and, in the same transaction, every row of it: the tables of later modules
 * reference channels with ON DELETE CASCADE, pictures included (they are rows of `images`).
 */
export async function deleteChannel(ctx: AppContext, input: { channel: ChannelRow }): Promise<void> {
  const deleted = await ctx.db.kysely
    .transaction()
    .execute((trx) => deleteChannelRow(ctx.db, input.channel.id, trx));
  // Another request deleted it between the scope's load and now.
  if (!deleted) throw new AppError('E-404');
}
