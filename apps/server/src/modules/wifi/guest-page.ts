import type { WifiGuestPage } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { channelById } from '../channels/lookup';
import { countView } from './analytics';
import { findPageRow, isReleased, type PageRowWithImages } from './repository';

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

/**
 * GET /api/reader/welcomepage/{code}: the page at its stable address, counted as a view. Before
 * its release (no link released yet), and for an unknown code, E-404.
 */
export async function guestPage(
  ctx: AppContext,
  input: { code: string; deviceHash: string | null; now?: number },
): Promise<{ page: ReleasedPage }> {
  const now = input.now ?? Date.now();
  const page = await releasedPage(ctx, input.code, now);
  if (!page) throw new AppError('E-404');
  await countView(ctx, { pageId: Number(page.row.id), deviceHash: input.deviceHash, now });
  return { page };
}

export type { WifiGuestPage };
