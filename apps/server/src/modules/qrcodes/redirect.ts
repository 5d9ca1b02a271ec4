import { QR_TABS } from '@qrqr/shared/qr-constants';
import { SHORT_CODE_PATTERN } from './codes';
import type { QrContext } from './context';
import type { RedirectTarget } from './redirect-cache';
import { findByShortCode } from './repository';
import { isBot } from './visitors';

/** Where a redirect code leads, from memory when it can; null for a code that does not exist. */
export async function resolveRedirect(ctx: QrContext, code: string): Promise<RedirectTarget | null> {
  if (!SHORT_CODE_PATTERN.test(code)) return null;
  const cached = ctx.redirects.get(code);
  if (cached) return cached;
  const mark = ctx.redirects.mark();
  const row = await findByShortCode(ctx.db, code);
  if (!row) return null;
  const target = {
    qrId: row.id,
    tab: row.tab,
    content: row.tab === QR_TABS.url ? locationOf(row.content) : row.content,
    counted: !row.analytics_paused,
  };
  ctx.redirects.set(code, target, Date.now(), mark);
  return target;
}

/** Counts a scan by another app unless it is a HEAD request or a known bot. Never waits. */
export function countScan(
  ctx: QrContext,
  scan: { qrId: string; method: string; ip: string; userAgent: string | undefined },
): void {
  if (scan.method !== 'GET' || isBot(scan.userAgent)) return;
  ctx.reads.record({
    qrId: scan.qrId,
    at: Date.now(),
    source: 2,
    ip: scan.ip,
    userAgent: scan.userAgent ?? '',
  });
}

/** The URL as a Location header can carry it: punycode host, percent-encoded path and query. */
function locationOf(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
