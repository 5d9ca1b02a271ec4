import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { channelHasImage } from '../../platform/media/images';
import { liveCoupons } from '../coupons/lookup';
import { sendlistOf } from '../sendlists/lookup';
import { holdChannelTags } from '../tags/lookup';

/**
 * What a saved message or welcome message points at must be the channel's own: tags (held against a delete until the
 * save commits), the send list, the picture (uploaded for this channel: "choose the image again"
 * otherwise) and the library coupon (another channel's: E-733 "not usable in this channel").
 */
export async function checkMessageRefs(
  ctx: AppContext,
  input: {
    channelId: number;
    pushTags: number[];
    couponUseTags: number[];
    sendlistId?: number | null;
    couponId: number | null;
    imageUrl: string;
  },
  trx: Transaction<Database>,
): Promise<void> {
  const { channelId } = input;
  const asked = [...new Set([...input.pushTags, ...input.couponUseTags])];
  const held = new Set(await holdChannelTags(ctx, channelId, asked, trx));
  const fields = [];
  if (input.pushTags.some((id) => !held.has(id)))
    fields.push({ field: 'push_tag', rule: 'validation.tag_ids_invalid' });
  if (input.couponUseTags.some((id) => !held.has(id)))
    fields.push({ field: 'push_coupon_use_tags', rule: 'validation.tag_ids_invalid' });
  if (input.sendlistId != null && !(await sendlistOf(ctx, channelId, input.sendlistId, trx)))
    fields.push({ field: 'send_list_id', rule: 'validation.message_sendlist_invalid' });
  if (input.imageUrl !== '' && !(await channelHasImage(ctx.db, { channelId, url: input.imageUrl }, trx)))
    fields.push({ field: 'background_image_url', rule: 'validation.message_image_invalid' });
  if (fields.length > 0) throw new AppError('E-400', { fields });
  if (
    input.couponId !== null &&
    !(await liveCoupons(ctx, channelId, [input.couponId], trx)).has(input.couponId)
  )
    throw new AppError('E-733', { fields: [{ field: 'coupon_id', rule: 'errors.coupon_other_channel' }] });
}
