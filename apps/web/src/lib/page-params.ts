import type { PageParams } from '@qrqr/shared/page-params';

/** What a visitor without a session sees; also used while the session cannot be fetched. */
export const GUEST_PARAMS: PageParams = {
  userName: '',
  isGuest: true,
  isUserRegisteredChannelService: false,
  isAccountMenuVisible: false,
  QR_CHANNEL_REGISTER_URL: '',
  'DATAPORTAL.URL': '',
  'ANALYTICS_ABOUT.URL': '',
  REGISTER_URL: '',
  csrfToken: '',
  locale: 'ja',
  footerLinks: {},
  devMailbox: false,
};

/**
 * Reads the parameters the server rendered into index.html. Returns null under `vite dev`
 * (no server rendering), where the app asks GET /api/session instead.
 */
export function readEmbeddedParams(): PageParams | null {
  // The server's first paint (prerender.tsx) has no document: it sets the session itself.
  if (typeof document === 'undefined') return null;
  const node = document.getElementById('page-params');
  if (!node?.textContent) return null;
  try {
    const parsed = JSON.parse(node.textContent) as Partial<PageParams>;
    return {
      ...GUEST_PARAMS,
      ...parsed,
      footerLinks: { ...GUEST_PARAMS.footerLinks, ...parsed.footerLinks },
    };
  } catch {
    return null;
  }
}
