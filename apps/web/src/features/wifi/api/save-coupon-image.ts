import { wifiPath } from '@qrqr/shared/paths';
import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

/**
 * Keeps an uploaded picture as the draft of a page's coupon picture (null drops the draft); the
 * next save of the page makes it the coupon's, so guests never see a picture the owner has not saved.
 */
export function useSaveCouponImageDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { pageId: number; imageId: number | null }) =>
      (
        await apiPost<{ welcome_page: WifiPageDto }>(wifiPath.couponImage(input.pageId), {
          image_id: input.imageId,
        })
      ).welcome_page,
    onSuccess: (page) => client.setQueryData(wifiKeys.page(page.welcome_page_id), page),
  });
}
