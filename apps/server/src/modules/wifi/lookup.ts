import type { WifiGuestPage } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { channelById } from '../channels/lookup';
import { plainWifiCodeIds } from '../qrcodes/lookup';
import { count, countView } from './analytics';
import { releasedPage } from './guest-page';
import { guestStateOf } from './guest-state';
import { presentGuestPage } from './present';
import { findPageRow, linkOfCode, linksOfCodes } from './repository';

/**
 * What other modules (the reader) ask of Wi-Fi welcome pages, instead of reading `wifi_*`.
 */

/**
 * The welcome page a scanned Wi-Fi code greets with, when its link is released at `now` (read from
 * the database at each scan: exact to the millisecond in every process, no cache to lag). Counts
 * the scan of a linked code, and the view and unique device when the page is shown.
 */
export async function welcomePageOfScan(
  ctx: AppContext,
  input: { qrId: string; deviceHash: string | null; now: number },
): Promise<WifiGuestPage | undefined> {
  const link = await linkOfCode(ctx.db, input.qrId);
  if (!link) return undefined;
  const pageId = Number(link.page_id);
  await count(ctx, { pageId, counter: 'scans', now: input.now });
  if (Number(link.release_at) > input.now) return undefined;
  const row = await findPageRow(ctx.db, { pageId });
  const channel = row && (await channelById(ctx, Number(row.channel_id)));
  if (!row || !channel) return undefined;
  await countView(ctx, { pageId, deviceHash: input.deviceHash, now: input.now });
  const state = await guestStateOf(ctx, {
    pageId,
    channelId: Number(channel.id),
    deviceHash: input.deviceHash,
  });
  return presentGuestPage(row, channel, state.usedAt, state.following);
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
