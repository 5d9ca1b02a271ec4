import { CHANNEL_PAGE_PREFIX, REDIRECT_PREFIX } from '@qrqr/shared/paths';
import { parseWifiPayload, type WifiProfile } from '@qrqr/shared/wifi-payload';
import { SECRET_PREFIX, SHORT_CODE_PATTERN } from '../qrcodes/lookup';

/**
 * What a scanned text looks like before any lookup: one of our codes, a standard Wi-Fi payload
 * (ours without analysis or anyone's, read as it is), or anything else.
 */
export type ScannedText =
  | { type: 'secret'; token: string }
  | { type: 'redirect'; code: string }
  | { type: 'channel'; code: string }
  | { type: 'wifi'; profile: WifiProfile }
  | { type: 'foreign' };

const SECRET_TOKEN = /^QRQR:[A-Za-z0-9_-]{12}$/;
const CHANNEL_CODE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Sorts a scanned text by its shape. Our addresses are recognised on this server's public host
 * (any letter case, http or https, as phones print and rewrite them); the code part keeps its case.
 */
export function classifyScan(text: string, publicUrl: string): ScannedText {
  if (text.startsWith(SECRET_PREFIX)) {
    return SECRET_TOKEN.test(text) ? { type: 'secret', token: text } : { type: 'foreign' };
  }
  if (text.startsWith('WIFI:')) {
    const profile = parseWifiPayload(text);
    // A network without a name cannot be joined: such a text stays as it is.
    return profile?.ssid ? { type: 'wifi', profile } : { type: 'foreign' };
  }
  const rest = ourPath(text, publicUrl);
  if (rest === null) return { type: 'foreign' };
  if (rest.startsWith(REDIRECT_PREFIX)) {
    const code = rest.slice(REDIRECT_PREFIX.length);
    if (SHORT_CODE_PATTERN.test(code)) return { type: 'redirect', code };
  }
  if (rest.startsWith(CHANNEL_PAGE_PREFIX)) {
    const code = rest.slice(CHANNEL_PAGE_PREFIX.length);
    if (CHANNEL_CODE.test(code)) return { type: 'channel', code };
  }
  return { type: 'foreign' };
}

/** The path under our public URL (`/r/…`, `/c/…`), or null when the text is not one of our addresses. */
function ourPath(text: string, publicUrl: string): string | null {
  let url: URL;
  let base: URL;
  try {
    url = new URL(text.trim());
    base = new URL(publicUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.host !== base.host || url.username || url.password) return null;
  const basePath = base.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(`${basePath}/`)) return null;
  // A trailing slash some apps add does not change the code.
  return url.pathname.slice(basePath.length).replace(/\/$/, '');
}
