import { isScreenPath } from '@qrqr/shared/paths';

/**
 * Whether a URL is a screen of this app (client-side navigation) rather than a server page or an
 * external site (plain link, full page load). Screens with a parameter (`/qrcode/analytics/:id`) count.
 */
export function isAppScreen(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  return isScreenPath(href.split(/[?#]/)[0] ?? '');
}
