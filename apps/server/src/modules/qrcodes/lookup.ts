import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import {
  findBySecretToken,
  findByShortCode,
  findQrCode,
  listMemberWifiCodes,
  plainWifiCodeIdsByPayload,
} from './repository';

/**
 * What other modules (analytics, reader) ask of the QR manager, instead of reading `qr_codes`.
 * It stands on sharing (access) and imports no module above it.
 */

/** A code by its id; undefined when none. */
export function qrCodeById(ctx: Pick<AppContext, 'db'>, id: string): Promise<QrCodeRow | undefined> {
  return findQrCode(ctx.db, id);
}

/** A secret code by the token it holds; undefined when none. */
export function qrCodeBySecretToken(
  ctx: Pick<AppContext, 'db'>,
  token: string,
): Promise<QrCodeRow | undefined> {
  return findBySecretToken(ctx.db, token);
}

/** What a short code (/r/{code}) names: the code's id, or undefined. */
export function qrCodeByShortCode(ctx: Pick<AppContext, 'db'>, code: string) {
  return findByShortCode(ctx.db, code);
}

/** The member's Wi-Fi codes (all, or those among `ids`): id, title, management name and SSID. */
/**
 * Members' plain Wi-Fi codes whose printed text is exactly `payload` (a plain code tells the reader
 * no more than its text), for a welcome page to find the code it is linked to.
 */
export function plainWifiCodeIds(ctx: Pick<AppContext, 'db'>, payload: string): Promise<string[]> {
  return plainWifiCodeIdsByPayload(ctx.db, payload);
}

export async function memberWifiCodes(ctx: Pick<AppContext, 'db'>, userId: string, ids?: readonly string[]) {
  const rows = await listMemberWifiCodes(ctx.db, userId, ids);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    name: r.wifi_name ?? '',
    ssid: r.wifi_ssid ?? r.content,
  }));
}

export { SECRET_PREFIX, SHORT_CODE_PATTERN } from './codes';
export { guestKeyHash } from './guest-history';
export { presentQrCode } from './present';
export type { ReadRecorder, Scan } from './read-recorder';
export { tokyoDay } from './visitors';
