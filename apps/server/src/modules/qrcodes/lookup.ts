import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import type { QrContext } from './context';
import { downloadImage } from './download';
import {
  findBySecretToken,
  findByShortCode,
  findQrCode,
  listMemberWifiCodes,
  memberCodesByIds,
  memberCodesPage,
  plainWifiCodeIdsByPayload,
  type Viewer,
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

/** The member's own codes among `ids` (another member's ids are simply not among them). */
export function memberQrCodes(ctx: Pick<AppContext, 'db'>, userId: string, ids: readonly string[]) {
  return memberCodesByIds(ctx.db, userId, ids);
}

/** The member's codes page by page, newest first: the list CSV reads them without holding them all. */
export function memberQrCodePage(
  ctx: Pick<AppContext, 'db'>,
  input: { userId: string; after?: { createdAt: number; id: string }; limit: number },
) {
  return memberCodesPage(ctx.db, input);
}

/**
 * One code's image file exactly as /qrcode/download/ makes it (access, design, pixel budget, the
 * render gate), for the bulk ZIP; it needs only the platform parts of the QR manager's context.
 */
export function qrCodeImage(
  ctx: AppContext,
  input: { viewer: Viewer; query: Parameters<typeof downloadImage>[1]['query']; signal?: AbortSignal },
) {
  return downloadImage(ctx as QrContext, input);
}

export { SECRET_PREFIX, SHORT_CODE_PATTERN } from './codes';
export { checkNewCode, createQrCodes } from './create-many';
export { type CodeDrawing, drawingOf } from './design';
export { guestKeyHash } from './guest-history';
export { presentQrCode } from './present';
export type { ReadRecorder, Scan } from './read-recorder';
export { tokyoDay } from './visitors';
