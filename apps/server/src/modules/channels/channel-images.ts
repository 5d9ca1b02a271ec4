import type { ChannelImageKind } from '@qrqr/shared/channel-constants';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { insertImage, prepareImage } from '../../platform/media/images';
import { deleteChannelPictures, updateChannelRow } from './repository';

const column = { icon: 'icon_image', background: 'background_image' } as const;
const purpose = { icon: 'channel_icon', background: 'channel_background' } as const;

/**
 * Replaces the channel's icon or background: the upload is checked and re-encoded (platform/images),
 * then stored, the previous picture of that kind deleted and the channel pointed at the new one,
 * in one transaction, so a failure leaves the old picture in place.
 */
export async function setChannelImage(
  ctx: AppContext,
  input: { channel: ChannelRow; kind: ChannelImageKind; bytes: Buffer; signal?: AbortSignal },
): Promise<ChannelRow> {
  const prepared = await prepareImage(ctx.decodes, input.bytes, input.signal);
  const { channel, kind } = input;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await deleteChannelPictures(ctx.db, channel.id, purpose[kind], trx);
    await insertImage(trx, prepared, { channelId: channel.id, purpose: purpose[kind] });
    return updateChannelRow(
      ctx.db,
      channel.id,
      { [column[kind]]: prepared.name, updated_at: Date.now() },
      trx,
    );
  });
}

/** Removes the channel's icon or background (nothing to remove is not an error). */
export async function removeChannelImage(
  ctx: AppContext,
  input: { channel: ChannelRow; kind: ChannelImageKind },
): Promise<ChannelRow> {
  const { channel, kind } = input;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await deleteChannelPictures(ctx.db, channel.id, purpose[kind], trx);
    return updateChannelRow(ctx.db, channel.id, { [column[kind]]: null, updated_at: Date.now() }, trx);
  });
}
