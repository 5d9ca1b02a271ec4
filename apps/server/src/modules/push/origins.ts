import type { Config } from '../../config';

/** The push services browsers use: Chrome/Edge/Android (FCM), Firefox, Safari. Windows below. */
const KNOWN_ORIGINS = new Set([
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
]);
/** Windows Push Notification Services: a host per region (wns2-par02p.notify.windows.com). */
const WINDOWS_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com$/;

/**
 * The push-service origin of an endpoint when we post to it, else null: only known services and
 * PUSH_SERVICE_ORIGINS (a subscription is a URL the browser's page hands us: anything else could
 * make the server post to an address of the caller's choosing).
 */
export function allowedPushOrigin(
  endpoint: string,
  config: Pick<Config, 'PUSH_SERVICE_ORIGINS'>,
): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const origin = url.origin;
  if (KNOWN_ORIGINS.has(origin) || config.PUSH_SERVICE_ORIGINS.includes(origin)) return origin;
  if (url.port === '' && WINDOWS_HOST.test(url.hostname)) return origin;
  return null;
}
