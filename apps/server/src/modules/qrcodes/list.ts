import { LIMITS } from '@qrqr/shared/limits';
import type { QrListData, QrListQuery } from '@qrqr/shared/qrcode-schemas';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { presentQrCode } from './present';
import { listQrCodes, type Viewer } from './repository';
import { foldTitle } from './title';

const DAY_MS = 86_400_000;
/** Japan has no daylight saving: a Tokyo day starts at 15:00 UTC the day before. */
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/**
 * One page of the viewer's codes, newest first; `from`/`to` are inclusive Asia/Tokyo days. A page
 * past the end answers the last page that exists (and says so in `page`), so deleting the last
 * row of the last page, or an old bookmark, never shows an empty list while codes remain.
 */
export async function listCodes(
  ctx: AppContext,
  input: { viewer: Viewer; query: QrListQuery; guest: boolean },
): Promise<QrListData> {
  const { query } = input;
  const pageSize = LIMITS.pageSize;
  const createdFrom = query.from ? tokyoDayStart(query.from, 'from') : undefined;
  const createdTo = query.to ? tokyoDayStart(query.to, 'to') + DAY_MS - 1 : undefined;
  const fetchPage = (page: number) =>
    listQrCodes(ctx.db, {
      viewer: input.viewer,
      sharedWithViewer: query.type === 'share',
      onlyShared: query.share === 'exist',
      title: query.title ? foldTitle(query.title) : undefined,
      createdFrom,
      createdTo,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
  const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / pageSize));
  let page = query.page;
  let { rows, total } = await fetchPage(page);
  // Only a page past the end costs a second query.
  if (page > pageCountOf(total)) {
    page = pageCountOf(total);
    ({ rows, total } = await fetchPage(page));
  }
  return {
    qrcodes: rows.map((r) => presentQrCode(r, ctx.config.publicUrl)),
    total_count: total,
    page,
    page_count: pageCountOf(total),
    page_size: pageSize,
    ...(input.guest ? { history_days: ctx.config.GUEST_HISTORY_DAYS } : {}),
  };
}

/** Unix ms of 00:00 in Tokyo on a YYYY-MM-DD day; a day that does not exist is the field's error. */
function tokyoDayStart(day: string, field: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  if (new Date(utc).toISOString().slice(0, 10) !== day)
    throw AppError.field(field, 'validation.date_invalid');
  return utc - TOKYO_OFFSET_MS;
}
