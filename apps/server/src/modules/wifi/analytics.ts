import { tokyoDate } from '@qrqr/shared/coupon-constants';
import type { AppContext } from '../../platform/core/context';
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

/**
 * A guest's visit, in one transaction: the scan of a linked code (`scanned`), and when the page was
 * `shown`, its view and the device's first of the day as a unique device.
 */
export async function countVisit(
  ctx: AppContext,
  input: { pageId: number; scanned: boolean; shown: boolean; deviceHash: string | null; now: number },
): Promise<void> {
  const { pageId, deviceHash } = input;
  const day = tokyoDate(input.now);
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      if (input.scanned) await countDay(ctx.db, { pageId, day, counter: 'scans' }, trx);
      if (!input.shown) return;
      await countDay(ctx.db, { pageId, day, counter: 'views' }, trx);
      if (deviceHash && (await noteVisitor(ctx.db, { page_id: pageId, day, device_hash: deviceHash }, trx)))
        await countDay(ctx.db, { pageId, day, counter: 'uniques' }, trx);
    });
  } catch (error) {
    ctx.log.warn({ err: error, pageId }, 'wifi visit not counted');
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
