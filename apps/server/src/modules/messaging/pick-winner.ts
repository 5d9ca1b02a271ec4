import { VARIANT_LETTERS } from '@qrqr/shared/ab-test-constants';
import type { AbTestReportAnswer } from '@qrqr/shared/ab-test-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { lockUndecided, variantRows } from './ab-test-repository';
import { abTestReport } from './ab-test-view';
import { decide } from './decide-test';
import { findRow } from './item-rows';
import { DELIVERY_SWEEP } from './job-names';

/**
 * POST …/message/abtest/winner: the operator picks the winner before the waiting time ends, once
 * the test groups have their variants (the send complete) and while undecided (E-739 otherwise);
 * the winner's send is made at once like the sweep's, and the verdict stored all the same.
 */
export async function pickWinner(
  ctx: AppContext,
  input: { channel: ChannelRow; messageId: number; variant: (typeof VARIANT_LETTERS)[number] },
): Promise<AbTestReportAnswer> {
  const channelId = input.channel.id;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const message = await findRow(ctx.db, 'messages', channelId, input.messageId, trx);
    if (!message || message.test_of !== null) throw new AppError('E-404');
    const test = await lockUndecided(ctx.db, input.messageId, trx);
    if (!test || test.decide_at === null || message.rest_pending === 1) throw new AppError('E-739');
    const index = VARIANT_LETTERS.indexOf(input.variant);
    if (index > (await variantRows(ctx.db, input.messageId, trx)).length)
      throw AppError.field('variant', 'validation.ab_variant');
    await decide(ctx, { test, at: Date.now(), manual: index }, trx);
  });
  void ctx.jobs.runSweep(DELIVERY_SWEEP);
  return abTestReport(ctx, { channel: input.channel, messageId: input.messageId });
}
