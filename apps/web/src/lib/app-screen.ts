import { SCREEN_PATHS } from '@qrqr/shared';

/**
 * Whether a URL is a screen of this app (client-side navigation) rather than a server page or an
 * external site (plain link, full page load).
 */
export function isAppScreen(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const pathname = href.split(/[?#]/)[0] ?? '';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return SCREEN_PATHS.some((p) => (p.length > 1 ? p.replace(/\/$/, '') : p) === trimmed);
}
