import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { isUniqueViolation } from '../../db/dialect';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { memberWifiCodes } from '../qrcodes/lookup';
import { getPage } from './get-page';
import { deleteLinks, insertLinks, linksOfCodes, memberPageIds, setRelease } from './repository';

/**
 * The profile calls (add with a release date, give a new one, publish now, remove). Each
 * answers the page as it is then. Release dates are Unix seconds on the wire, milliseconds stored.
 */

const linked = () => new AppError('E-409', { messageKey: 'errors.wifi_code_linked' });

async function ownPage(ctx: AppContext, userId: string, pageId: number) {
  if ((await memberPageIds(ctx.db, userId, [pageId])).length === 0) throw new AppError('E-404');
}

/**
 * Links the member's Wi-Fi codes to the page, released at `releaseDt`; a code already linked here
 * takes the new date, one linked to another page answers E-409, another member's code E-404.
 */
export async function addProfiles(
  ctx: AppContext,
  input: { userId: string; pageId: number; qrIds: string[]; releaseDt: number },
): Promise<WifiPageDto> {
  const { userId, pageId, qrIds } = input;
  await ownPage(ctx, userId, pageId);
  if ((await memberWifiCodes(ctx, userId, qrIds)).length !== qrIds.length) throw new AppError('E-404');
  const releaseAt = input.releaseDt * 1000;
  // One millisecond apart, so the page lists its codes in the order they were given.
  const now = Date.now();
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const existing = await linksOfCodes(ctx.db, qrIds, trx);
      if (existing.some((l) => Number(l.page_id) !== pageId)) throw linked();
      const here = new Set(existing.map((l) => l.qr_id));
      if (here.size > 0) await setRelease(ctx.db, { pageId, qrIds: [...here], releaseAt }, trx);
      await insertLinks(
        ctx.db,
        qrIds
          .filter((id) => !here.has(id))
          .map((qr_id, i) => ({ qr_id, page_id: pageId, release_at: releaseAt, created_at: now + i })),
        trx,
      );
    });
  } catch (error) {
    // Another request linked one of the codes meanwhile.
    if (isUniqueViolation(error)) throw linked();
    throw error;
  }
  return getPage(ctx, { userId, id: pageId });
}

/** A new release date for a code linked to the page (E-404 when it is not). */
export async function updateProfile(
  ctx: AppContext,
  input: { userId: string; pageId: number; qrId: string; releaseDt: number },
): Promise<WifiPageDto> {
  await ownPage(ctx, input.userId, input.pageId);
  const n = await setRelease(ctx.db, {
    pageId: input.pageId,
    qrIds: [input.qrId],
    releaseAt: input.releaseDt * 1000,
  });
  if (n === 0) throw new AppError('E-404');
  return getPage(ctx, { userId: input.userId, id: input.pageId });
}

/**
 * Publishes the page now: its links (all, or those named) not yet released are released at this
 * moment, so the page is published. A page without linked codes cannot be (E-409).
 */
export async function publishProfiles(
  ctx: AppContext,
  input: { userId: string; pageId: number; qrIds?: string[] },
): Promise<WifiPageDto> {
  await ownPage(ctx, input.userId, input.pageId);
  const now = Date.now();
  const page = await getPage(ctx, { userId: input.userId, id: input.pageId, now });
  const named = input.qrIds
    ? page.profiles.filter((p) => input.qrIds?.includes(p.qr_wifi_id))
    : page.profiles;
  if (page.profiles.length === 0) throw new AppError('E-409', { messageKey: 'errors.wifi_no_codes' });
  if (input.qrIds && named.length !== input.qrIds.length) throw new AppError('E-404');
  await setRelease(ctx.db, { pageId: input.pageId, qrIds: input.qrIds, releaseAt: now, onlyLater: true });
  return getPage(ctx, { userId: input.userId, id: input.pageId });
}

/** Unlinks codes from the page (all named must be linked to it: E-404 otherwise); the codes stay. */
export async function deleteProfiles(
  ctx: AppContext,
  input: { userId: string; pageId: number; qrIds: string[] },
): Promise<WifiPageDto> {
  await ownPage(ctx, input.userId, input.pageId);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const n = await deleteLinks(ctx.db, input.pageId, input.qrIds, trx);
    if (n !== input.qrIds.length) throw new AppError('E-404');
  });
  return getPage(ctx, { userId: input.userId, id: input.pageId });
}
