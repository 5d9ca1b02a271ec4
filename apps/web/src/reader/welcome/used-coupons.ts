/**
 * The welcome pages whose coupon this device has used, by page code, in localStorage (never sent).
 * The server remembers the use too (`used_here`), but an answer the service worker kept offline
 * may predate the use; the page shows the coupon as used when either says so. Kept here rather
 * than by rewriting the worker's cached copy, so every source of the page (the network, the
 * worker's copy, a scan's answer) is covered by one rule and nothing extra is fetched or counted.
 */

const KEY = 'qrqr-reader-used-coupons';
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
