import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { count, countClick } from './analytics';
import { releasedPage } from './guest-page';

/**
 * What a guest did on the page, for its owner's figures: opened the coupon, clicked relation link
 * `linkIndex`, or followed the channel from the page (after the channel's own follow call).
 */
export async function recordGuestEvent(
  ctx: AppContext,
  input: { code: string; kind: 'coupon_view' | 'link' | 'follow'; linkIndex?: number; now?: number },
): Promise<void> {
  const now = input.now ?? Date.now();
  const page = await releasedPage(ctx, input.code, now);
  if (!page) throw new AppError('E-404');
  const pageId = Number(page.row.id);
  if (input.kind === 'link') {
    const links = JSON.parse(page.row.relation_links) as unknown[];
    if (input.linkIndex === undefined || input.linkIndex >= links.length)
      throw AppError.field('link_index', 'validation.invalid');
    await countClick(ctx, { pageId, linkIndex: input.linkIndex, now });
    return;
  }
  if (input.kind === 'coupon_view' && page.row.coupon_type === null) throw new AppError('E-404');
  await count(ctx, { pageId, counter: input.kind === 'follow' ? 'follows' : 'coupon_views', now });
}
