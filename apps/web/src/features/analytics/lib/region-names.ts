import { UNKNOWN_COUNTRY } from '@qrqr/shared/analytics-constants';

const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(language: string): Intl.DisplayNames | null {
  if (!cache.has(language)) {
    try {
      cache.set(language, new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
    } catch {
      cache.set(language, null);
    }
  }
  return cache.get(language) ?? null;
}

/**
 * A country's name in the interface language from the browser's own data (no table to ship);
 * null for 'ZZ' (an address that maps to no country) or a code the browser does not know.
 */
export function countryName(code: string, language: string): string | null {
  if (code === UNKNOWN_COUNTRY) return null;
  try {
    return displayNames(language)?.of(code) ?? null;
  } catch {
    return null;
  }
}
