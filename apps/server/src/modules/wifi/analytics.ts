import { tokyoDate } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { countDay, countLinkClick, type DayCounter, noteVisitor } from './repository';

/**
 * Counts what guests do into the rollups of the page's Asia/Tokyo day as it happens (one upsert a
 * counter). A failure to count never fails the guest's request: it is logged.
 */
export async function count(
  ctx: AppContext,
  input: { pageId: number; counter: DayCounter; now: number },
): Promise<void> {
  try {
    await countDay(ctx.db, { pageId: input.pageId, day: tokyoDate(input.now), counter: input.counter });
  } catch (error) {
    ctx.log.warn({ err: error, pageId: input.pageId }, 'wifi rollup not counted');
  }
}

/** A view of the page, and the device's first of the day as a unique device. */
export async function countView(
  ctx: AppContext,
  input: { pageId: number; deviceHash: string | null; now: number },
): Promise<void> {
  await count(ctx, { pageId: input.pageId, counter: 'views', now: input.now });
  if (!input.deviceHash) return;
  const day = tokyoDate(input.now);
  try {
    if (await noteVisitor(ctx.db, { page_id: input.pageId, day, device_hash: input.deviceHash }))
      await countDay(ctx.db, { pageId: input.pageId, day, counter: 'uniques' });
  } catch (error) {
    ctx.log.warn({ err: error, pageId: input.pageId }, 'wifi unique device not counted');
  }
}

export async function countClick(ctx: AppContext, input: { pageId: number; linkIndex: number; now: number }) {
  try {
    await countLinkClick(ctx.db, {
      pageId: input.pageId,
      day: tokyoDate(input.now),
      linkIndex: input.linkIndex,
    });
  } catch (error) {
    ctx.log.warn({ err: error, pageId: input.pageId }, 'wifi link click not counted');
  }
}
