/**
 * The welcome pages whose coupon this device has used, by page code, in localStorage (never sent),
 * and beside them what this device was shown of each use: its moment and the coupon's code.
 * The server remembers the use too (`used_here`), but an answer the service worker kept offline
 * may predate the use; the page shows the coupon as used when either says so. Kept here rather
 * than by rewriting the worker's cached copy, so every source of the page (the network, the
 * worker's copy, a scan's answer) is covered by one rule and nothing extra is fetched or counted.
 */

const KEY = 'qrqr-reader-used-coupons';
/** Page code → { at, code } of this device's use (a list of its own: the list above stays as it was). */
const DETAILS_KEY = 'qrqr-reader-coupon-uses';
/** Enough for every café a guest visits; the oldest goes first. */
const MAX = 200;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage disabled (some private modes): only the server's memory is left.
    return null;
  }
}

function load(store: Store | null): string[] {
  try {
    const parsed = JSON.parse(store?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export function couponUsedHere(code: string, store: Store | null = storage()): boolean {
  return load(store).includes(code);
}

export function rememberCouponUse(code: string, store: Store | null = storage()): void {
  const codes = load(store);
  if (codes.includes(code)) return;
  try {
    store?.setItem(KEY, JSON.stringify([...codes, code].slice(-MAX)));
  } catch {
    // Storage full: the server still remembers the use.
  }
}

/** What this device was shown of its use: the moment (Unix ms) and the code, or null. */
export interface CouponUseDetails {
  at: number | null;
  code: string;
}

function loadDetails(store: Store | null): Record<string, CouponUseDetails> {
  try {
    const parsed = JSON.parse(store?.getItem(DETAILS_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, CouponUseDetails>)
      : {};
  } catch {
    return {};
  }
}

export function couponUseDetails(code: string, store: Store | null = storage()): CouponUseDetails | null {
  const d = loadDetails(store)[code];
  if (!d) return null;
  return { at: typeof d.at === 'number' ? d.at : null, code: typeof d.code === 'string' ? d.code : '' };
}

/** Remembers the use with what the server answered of it (the oldest pages go first, as above). */
export function rememberCouponDetails(
  code: string,
  details: CouponUseDetails,
  store: Store | null = storage(),
): void {
  rememberCouponUse(code, store);
  const all = loadDetails(store);
  const before = all[code];
  if (before && before.at === details.at && before.code === details.code) return;
  delete all[code];
  all[code] = details;
  const kept = Object.entries(all).slice(-MAX);
  try {
    store?.setItem(DETAILS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full: the server still remembers the use.
  }
}
