import type { WifiGuestPage } from '@qrqr/shared/wifi-schemas';
import type { AppContext } from '../../platform/core/context';
import { plainWifiCodeIds } from '../qrcodes/lookup';
import { releasedPage, showGuestPage } from './guest-page';
import { linksOfCodes } from './repository';

/**
 * What other modules (the reader) ask of Wi-Fi welcome pages, instead of reading `wifi_*`.
 */

/**
 * The welcome page a scanned Wi-Fi code greets with, when its link is released at `now` (read from
 * the database at each scan: exact to the millisecond in every process, no cache to lag). Counts
 * the scan of a linked code, and the view and unique device when the page is shown.
 */
export function welcomePageOfScan(
  ctx: AppContext,
  input: { qrId: string; deviceHash: string | null; now: number },
): Promise<WifiGuestPage | undefined> {
  return showGuestPage(ctx, input);
}

/**
 * The welcome page a plain `WIFI:` text greets with: the member's plain code holding exactly that
 * text, when it is the one linked code that does (several members' codes with the same network
 * text, each linked: whose shop it is cannot be told, so no page). Then as a tracked code's scan.
 */
export async function welcomePageOfPlainScan(
  ctx: AppContext,
  input: { payload: string; deviceHash: string | null; now: number },
): Promise<WifiGuestPage | undefined> {
  const ids = await plainWifiCodeIds(ctx, input.payload);
  const links = await linksOfCodes(ctx.db, ids);
  const only = links.length === 1 ? links[0] : undefined;
  return only
    ? welcomePageOfScan(ctx, { qrId: only.qr_id, deviceHash: input.deviceHash, now: input.now })
    : undefined;
}

/** The channel's name a released page shows (the title of its reader page), counting nothing. */
export async function channelNameOfPage(ctx: AppContext, code: string): Promise<string | null> {
  return (await releasedPage(ctx, code, Date.now()))?.channel.channel_name ?? null;
}
