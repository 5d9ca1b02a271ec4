import type { ReaderResult } from '@qrqr/shared/reader-schemas';

/** The last scans on this device, in localStorage only (never sent anywhere). */
export interface HistoryEntry {
  at: number;
  text: string;
  result: ReaderResult;
}

const KEY = 'qrqr-reader-history';
const MAX = 20;

export function loadHistory(): HistoryEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

export function addToHistory(entry: HistoryEntry): HistoryEntry[] {
  const next = [entry, ...loadHistory()].slice(0, MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the history is a convenience.
  }
  return next;
}

export function clearHistory(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** A Wi-Fi profile shown again from the history is checked against its expiry once more. */
export function stillValid(result: ReaderResult, now = Date.now()): ReaderResult {
  if (
    result.kind === 'wifi' &&
    !result.expired &&
    result.wifi.expires_at !== null &&
    now >= result.wifi.expires_at
  )
    return { kind: 'wifi', expired: true, expires_at: result.wifi.expires_at };
  return result;
}
