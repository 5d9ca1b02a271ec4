import { COUPON_CODE_TYPES, COUPON_DEFAULTS } from '@qrqr/shared/coupon-constants';
import type { SaveWifiPageBody, WifiPageDto } from '@qrqr/shared/wifi-schemas';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { randomToken } from '../../platform/core/crypto';
import { AppError } from '../../platform/http/errors';
import { findImage } from '../../platform/media/images';
import { memberChannel } from '../channels/lookup';
import { foldTitle } from './fold';
import { getPage } from './get-page';
import { findPageRow, insertPage, updatePage } from './repository';

/**
 * Creates a page of one of the member's channels, or rewrites its page `welcome_page_id` (E-404
 * for another member's). Pictures are ids from the upload call and must be the channel's. Saving
 * makes a coupon picture kept as a draft (…/coupon/image/save) the coupon's; `coupon_image_removed`
 * saves the coupon without a picture.
 */
export async function savePage(
  ctx: AppContext,
  input: { userId: string; body: SaveWifiPageBody },
): Promise<WifiPageDto> {
  const { body, userId } = input;
  const channel = await memberChannel(ctx, userId, body.channel_id);
  if (!channel) throw new AppError('E-404');
  const channelId = Number(channel.id);
  for (const field of ['header_image_id', 'background_image_id'] as const) {
    const id = body[field];
    if (id !== null && !(await findImage(ctx.db.kysely, { channelId, id })))
      throw AppError.field(field, 'validation.image_required');
  }
  const now = Date.now();
  const c = body.coupon;
  const values = {
    channel_id: channelId,
    title: body.title,
    title_folded: foldTitle(body.title),
    header_type: body.header_type,
    header_text: body.header_text,
    header_image_id: body.header_image_id,
    free_text: body.free_text,
    footer_text: body.footer_text,
    text_color: body.text_color,
    background_color: body.background_color,
    background_image_id: body.background_image_id,
    relation_links: JSON.stringify(body.relation_links),
    coupon_type: c?.coupon_type ?? null,
    coupon_content: c?.coupon_content ?? '',
    coupon_value_percent: c?.coupon_value_percent ?? null,
    coupon_value_off: c?.coupon_value_off ?? null,
    coupon_regular_price: c?.coupon_value_regular_price ?? null,
    coupon_price: c?.coupon_value_coupon_price ?? null,
    coupon_free_text_small: c?.coupon_free_text_small ?? '',
    coupon_free_text_large: c?.coupon_free_text_large ?? '',
    coupon_text_color: c?.coupon_text_color ?? COUPON_DEFAULTS.textColor,
    coupon_text_shadow: c?.coupon_text_color_shadow ?? COUPON_DEFAULTS.textShadow,
    coupon_text_detail: c?.coupon_text_detail ?? '',
    coupon_available_count: c?.coupon_available_count ?? -1,
    coupon_code_type: c?.coupon_code_type ?? COUPON_CODE_TYPES.none,
    coupon_code_text: c?.coupon_code_text ?? '',
    updated_at: now,
  };
  const id = await ctx.db.kysely.transaction().execute(async (trx: Transaction<Database>) => {
    if (body.welcome_page_id === undefined) {
      return insertPage(ctx.db, { ...values, user_id: userId, code: randomToken(9), created_at: now }, trx);
    }
    const before = await findPageRow(ctx.db, { userId, id: body.welcome_page_id }, trx);
    if (!before) throw new AppError('E-404');
    // The draft picture becomes the coupon's, unless the owner removed the picture; a page
    // without a coupon keeps none.
    const couponImage = body.coupon_image_removed
      ? null
      : (before.coupon_image_draft_id ?? before.coupon_image_id);
    await updatePage(
      ctx.db,
      userId,
      Number(before.id),
      {
        ...values,
        coupon_image_id: c ? couponImage : null,
        coupon_image_draft_id: null,
      },
      trx,
    );
    return Number(before.id);
  });
  return getPage(ctx, { userId, id, now });
}
