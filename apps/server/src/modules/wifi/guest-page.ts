import type { WifiGuestPage } from '@qrqr/shared/wifi-schemas';
import type { AppContext } from '../../platform/core/context';
import { channelById } from '../channels/lookup';
import { countVisit } from './analytics';
import { guestStateOf } from './guest-state';
import { presentGuestPage } from './present';
import { findPageRow, isReleased, linkOfCode, type PageRowWithImages } from './repository';

/** The page of `code` when released at `now`, with its channel; undefined before its release. */
export async function releasedPage(ctx: AppContext, code: string, now: number) {
  const row = await findPageRow(ctx.db, { code });
  if (!row || !(await isReleased(ctx.db, Number(row.id), now))) return undefined;
  const channel = await channelById(ctx, Number(row.channel_id));
  return channel ? { row, channel } : undefined;
}

export type ReleasedPage = {
  row: PageRowWithImages;
  channel: NonNullable<Awaited<ReturnType<typeof channelById>>>;
};

/** The page a scanned Wi-Fi code links to, and the page itself once that link is released. */
async function pageOfScan(
  ctx: AppContext,
  qrId: string,
  now: number,
): Promise<{ pageId: number; page?: ReleasedPage } | undefined> {
  const link = await linkOfCode(ctx.db, qrId);
  if (!link) return undefined;
  const pageId = Number(link.page_id);
  if (Number(link.release_at) > now) return { pageId };
  const row = await findPageRow(ctx.db, { pageId });
  const channel = row && (await channelById(ctx, Number(row.channel_id)));
  return { pageId, page: row && channel ? { row, channel } : undefined };
}

/**
 * The page a guest sees, built here for both ways in: its address (`code`, shown once one of its
 * links is released) and a scanned Wi-Fi code (`qrId`, shown once that code's link is released;
 * the scan counts even before). The scan, the view and the unique device are counted together, in
 * one transaction, after the page is read. Undefined: no page to show.
 */
export async function showGuestPage(
  ctx: AppContext,
  input: ({ code: string } | { qrId: string }) & { deviceHash: string | null; now: number },
): Promise<WifiGuestPage | undefined> {
  const { deviceHash, now } = input;
  const scanned = 'qrId' in input;
  const found = scanned
    ? await pageOfScan(ctx, input.qrId, now)
    : await releasedPage(ctx, input.code, now).then((page) => page && { pageId: Number(page.row.id), page });
  if (!found) return undefined;
  const { pageId, page } = found;
  const state = page && (await guestStateOf(ctx, { pageId, channelId: Number(page.channel.id), deviceHash }));
  await countVisit(ctx, { pageId, scanned, shown: page !== undefined, deviceHash, now });
  return page && state && presentGuestPage(page.row, page.channel, state.usedAt, state.following);
}
