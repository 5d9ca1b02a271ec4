import { WELCOME_PAGE_PREFIX } from '@qrqr/shared/paths';
import type { ReaderResult } from '@qrqr/shared/reader-schemas';
import type { WifiGuestPage } from '@qrqr/shared/wifi-schemas';
import { loadHistory, stillValid } from '../scanner/history';

/** The reader's address of a welcome page (`/reader/w/{code}`). */
export function readerWelcomeAddress(code: string): string {
  return `${WELCOME_PAGE_PREFIX}${encodeURIComponent(code)}`;
}

// The page a scan's answer carried, for the screen it moves to: shown without asking (and counting) again.
let handed: WifiGuestPage | null = null;

export function handOverPage(page: WifiGuestPage): void {
  handed = page;
}

/** The handed-over page of `code`, once: a reload asks the server (the coupon's state is its). */
export function takeHandedPage(code: string): WifiGuestPage | null {
  const page = handed?.code === code ? handed : null;
  handed = null;
  return page;
}

type WifiResult = Extract<ReaderResult, { kind: 'wifi' }>;

/**
 * The network this device last scanned that greets with the page `code`, from the reader's own
 * history (localStorage, never sent): the page's public address carries no password, so a guest
 * who opens it without having scanned sees the page only. Expiry is checked again.
 */
export function networkOf(code: string, now = Date.now()): WifiResult | null {
  for (const entry of loadHistory()) {
    const r = entry.result;
    if (r.kind === 'wifi' && !r.expired && r.welcome_page?.code === code)
      return stillValid(r, now) as WifiResult;
  }
  return null;
}
