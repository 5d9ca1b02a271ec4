import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { finishTestParts, lockTestParts, lockUndecided, recordDecision } from './ab-test-repository';
import { deleteMessageDeliveries } from './inbox-repository';

/**
 * Withdrawing a message with an A/B test withdraws all of it: its variants' deliveries and its
 * winner's send (one still reserved never goes; one being written refuses with E-735 until it is
 * complete) leave every inbox, and an undecided test is closed without a winner.
 */
export async function withdrawTestParts(
  ctx: AppContext,
  input: { channelId: number; messageId: number; at: number },
  trx: Transaction<Database>,
): Promise<void> {
  // The test first: a decision under way commits its winner's send before the parts are read.
  await lockUndecided(ctx.db, input.messageId, trx);
  const parts = await lockTestParts(ctx.db, input.channelId, input.messageId, trx);
  if (parts.length === 0) return;
  if (parts.some((p) => p.rest_pending === 1)) throw new AppError('E-735');
  for (const p of parts) await deleteMessageDeliveries(ctx.db, Number(p.id), trx);
  await finishTestParts(ctx.db, input.messageId, input.at, trx);
  await recordDecision(
    ctx.db,
    input.messageId,
    { decidedAt: input.at, winner: null, decidedBy: 'withdrawn', verdict: null, winnerMessageId: null },
    trx,
  );
}
