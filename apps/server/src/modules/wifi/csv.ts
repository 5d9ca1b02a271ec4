import { Readable } from 'node:stream';
import { tokyoDate } from '@qrqr/shared/coupon-constants';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import { WIFI_PAGE_LIMITS } from '@qrqr/shared/wifi-constants';
import type { AppContext } from '../../platform/core/context';
import { dayRowsOfMember } from './repository';

/** Excel in Japan reads a CSV as Shift_JIS unless it starts with a UTF-8 byte order mark. */
const BOM = '\uFEFF';
const LINES_PER_CHUNK = 64;

const COUNTERS = ['scans', 'views', 'uniques', 'coupon_views', 'coupon_uses', 'follows'] as const;

/**
 * GET /qrwifi/analytics/csv/get/: the member's pages' figures per Asia/Tokyo day from the day of
 * `start` to the day of `end` (Unix seconds), one line a page and day that has any, streamed:
 * BOM, a header in the request's language, then day, page, title, the six counters and the clicks
 * of each relation link (1 to 10).
 */
export async function wifiCsv(
  ctx: AppContext,
  input: { userId: string; start: number; end: number; locale: Locale },
): Promise<{ body: Readable; from: string; to: string }> {
  const from = tokyoDate(input.start * 1000);
  const to = tokyoDate(input.end * 1000);
  const { days, links } = await dayRowsOfMember(ctx.db, input.userId, from, to);
  const clicks = new Map<string, number[]>();
  for (const l of links) {
    const key = `${l.day} ${l.page_id}`;
    const row = clicks.get(key) ?? new Array(WIFI_PAGE_LIMITS.relationLinksMax).fill(0);
    row[l.link_index] = Number(l.clicks);
    clicks.set(key, row);
  }
  const t = (key: string) => translate(`analytics.${key}`, input.locale);
  const header = [
    t('csv_day'),
    t('wifi_csv_page'),
    t('wifi_csv_title'),
    ...COUNTERS.map((c) => t(`wifi_csv_${c}`)),
    ...Array.from({ length: WIFI_PAGE_LIMITS.relationLinksMax }, (_, i) =>
      t('wifi_csv_link').replace('{{n}}', String(i + 1)),
    ),
  ].map(quote);
  // A page with clicks but no other counter that day still gets its line.
  const lines = new Map(days.map((d) => [`${d.day} ${d.page_id}`, d]));
  for (const l of links) {
    const key = `${l.day} ${l.page_id}`;
    if (!lines.has(key)) {
      const title = days.find((d) => Number(d.page_id) === Number(l.page_id))?.title ?? '';
      lines.set(key, {
        page_id: l.page_id,
        day: l.day,
        title,
        scans: 0,
        views: 0,
        uniques: 0,
        coupon_views: 0,
        coupon_uses: 0,
        follows: 0,
      });
    }
  }
  const ordered = [...lines.values()].sort((a, b) =>
    a.day === b.day ? Number(a.page_id) - Number(b.page_id) : a.day < b.day ? -1 : 1,
  );
  function* produce(): Generator<string> {
    let chunk = `${BOM}${header.join(',')}\r\n`;
    let n = 0;
    for (const d of ordered) {
      const linkClicks =
        clicks.get(`${d.day} ${d.page_id}`) ?? new Array(WIFI_PAGE_LIMITS.relationLinksMax).fill(0);
      chunk += `${[d.day, String(d.page_id), quote(d.title), ...COUNTERS.map((c) => String(d[c])), ...linkClicks.map(String)].join(',')}\r\n`;
      if (++n % LINES_PER_CHUNK === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return { body: Readable.from(produce(), { objectMode: false }), from, to };
}

/** A cell as CSV writes it; a cell a spreadsheet would run as a formula starts with a quote mark. */
function quote(cell: string): string {
  const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
