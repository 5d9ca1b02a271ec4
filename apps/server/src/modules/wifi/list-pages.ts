import {
  WIFI_PAGE_LIMITS,
  WIFI_PAGE_SIZE,
  WIFI_PAGE_STATUS,
  type WifiPageStatus,
} from '@qrqr/shared/wifi-constants';
import type { WifiPageListAnswer } from '@qrqr/shared/wifi-schemas';
import type { AppContext } from '../../platform/core/context';
import { memberWifiCodes } from '../qrcodes/lookup';
import { foldTitle } from './fold';
import { linksOfPages, listPageRows } from './repository';

/**
 * One page (20) of the member's welcome pages, newest change first, narrowed to a part of the
 * title and a status; each with its linked networks (the first 3 SSIDs and how many in all).
 */
export async function listPages(
  ctx: AppContext,
  input: { userId: string; page: number; keyword?: string; status?: WifiPageStatus; now?: number },
): Promise<WifiPageListAnswer> {
  const now = input.now ?? Date.now();
  const keyword = input.keyword ? foldTitle(input.keyword) : undefined;
  const { rows, total } = await listPageRows(ctx.db, {
    userId: input.userId,
    keyword,
    status: input.status,
    now,
    offset: (input.page - 1) * WIFI_PAGE_SIZE,
    limit: WIFI_PAGE_SIZE,
  });
  const links = await linksOfPages(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  const codes = await memberWifiCodes(
    ctx,
    input.userId,
    links.map((l) => l.qr_id),
  );
  const ssidOf = new Map(codes.map((c) => [c.id, c.ssid]));
  return {
    welcome_pages: rows.map((r) => {
      const ssids = links
        .filter((l) => Number(l.page_id) === Number(r.id))
        .map((l) => ssidOf.get(l.qr_id) ?? '');
      return {
        welcome_page_id: Number(r.id),
        title: r.title,
        channel_id: Number(r.channel_id),
        channel_name: r.channel_name,
        status: r.is_published ? WIFI_PAGE_STATUS.published : WIFI_PAGE_STATUS.reserved,
        ssids: ssids.slice(0, WIFI_PAGE_LIMITS.ssidShown),
        ssid_count: ssids.length,
        updated_at: Number(r.updated_at),
      };
    }),
    total_count: total,
    page: input.page,
    page_size: WIFI_PAGE_SIZE,
  };
}
