import {
  type AbDecision,
  type AbFallback,
  type AbMetric,
  VARIANT_LETTERS,
} from '@qrqr/shared/ab-test-constants';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { waitingForWriteLock } from '../../db/write-lock-wait';
import type { AppContext } from '../../platform/core/context';
import {
  dueTest,
  lockUndecided,
  partFigures,
  recordDecision,
  type TestRow,
  variantRows,
} from './ab-test-repository';
import { holdIfAsked } from './delivery-hold';
import { insertRow } from './item-rows';
import type { MessageRow } from './message-repository';
import { type Owner, ownerOf, tellNoWinner } from './no-winner-mail';
import { TEST_PART } from './test-part';
import { judge } from './test-verdict';

/**
 * The winner of an A/B test, exactly once: when its waiting time has ended (and its send is
 * complete), a sweep locks the undecided test, judges the variants (test-verdict.ts) and, in the
 * same transaction, stores the verdict and makes the winner's send: a reserved message due now,
 * a copy of the winning variant (its frozen coupon too), to the message's send list as it is at the
 * winner's send time (followers who joined since included) less every follower of the test's
 * groups. The delivery sweep sends it like any message. If the best is not clearly better, the
 * fallback decides: variant A, the best anyway, or nothing (the operator gets a mail).
 */
export async function decideDueTests(ctx: AppContext, now: () => number = Date.now): Promise<number> {
  const failed: number[] = [];
  let done = 0;
  for (;;) {
    const id = await dueTest(ctx.db, now(), failed);
    if (id === undefined) return done;
    try {
      // Read before the transaction: on SQLite its one connection is the transaction's.
      const owner = await ownerOf(ctx, id);
      await waitingForWriteLock(() =>
        ctx.db.kysely.transaction().execute(async (trx) => {
          // Decided by another process or the operator meanwhile: nothing to do.
          const test = await lockUndecided(ctx.db, id, trx, true);
          if (!test) return;
          await decide(ctx, { test, at: now(), owner }, trx);
          await holdIfAsked(ctx, id, 'decide', 0);
        }),
      );
      done++;
    } catch (err) {
      ctx.log.error({ err, message: id }, 'A/B test decision failed; retried at the next sweep');
      failed.push(id);
    }
  }
}

/**
 * Decides the locked, undecided `test` at `at`: by the rule, or for `manual` the operator's pick
 * (the verdict is stored all the same, for analytics). Answers the winner's send's id, if any.
 */
export async function decide(
  ctx: AppContext,
  input: { test: TestRow; at: number; manual?: number; owner?: Owner },
  trx: Transaction<Database>,
): Promise<number | null> {
  const { test, at } = input;
  const id = Number(test.message_id);
  const message = await trx.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const parts = [message, ...(await variantRows(ctx.db, id, trx))];
  const figures = await partFigures(
    ctx.db,
    parts.map((p) => Number(p.id)),
    trx,
  );
  const verdict = judge(
    test.metric as AbMetric,
    parts.map((p) => figures.get(Number(p.id)) ?? { delivered: 0, opened: 0, couponUsed: 0 }),
  );
  const { winner, by } =
    input.manual !== undefined
      ? { winner: input.manual, by: 'manual' as AbDecision }
      : byRule(
          verdict === null ? null : VARIANT_LETTERS.indexOf(verdict.best),
          verdict?.significant ?? false,
          test.fallback as AbFallback,
        );
  const chosen = winner === null ? undefined : parts[winner];
  const send = chosen ? await winnerSend(ctx, message, chosen, winner ?? 0, at, trx) : null;
  const recorded = await recordDecision(
    ctx.db,
    id,
    {
      decidedAt: at,
      winner: send === null ? null : winner,
      decidedBy: by,
      verdict: verdict === null ? null : JSON.stringify(verdict),
      winnerMessageId: send,
    },
    trx,
  );
  // The test row is locked: a decision made meanwhile cannot be.
  if (!recorded) throw new Error(`A/B test ${id} was decided twice`);
  if (send === null && input.owner) await tellNoWinner(ctx, message, input.owner, trx);
  return send;
}

/** The rule: a clear winner is sent; otherwise the fallback (A, the best anyway, or nothing). */
function byRule(
  best: number | null,
  significant: boolean,
  fallback: AbFallback,
): { winner: number | null; by: AbDecision } {
  if (best !== null && significant) return { winner: best, by: 'significant' };
  if (fallback === 'variant_a') return { winner: 0, by: 'fallback_a' };
  if (fallback === 'best' && best !== null) return { winner: best, by: 'fallback_best' };
  if (fallback === 'best') return { winner: 0, by: 'fallback_best' };
  return { winner: null, by: 'none' };
}

/** The winner's send: a copy of the variant's content, reserved for `at`; the unique index makes it one. */
async function winnerSend(
  ctx: AppContext,
  message: MessageRow,
  variant: MessageRow,
  index: number,
  at: number,
  trx: Transaction<Database>,
): Promise<number> {
  const row = await insertRow(
    ctx.db,
    'messages',
    {
      channel_id: Number(message.channel_id),
      status: 1,
      send_at: at,
      sendlist_id: message.sendlist_id,
      sendlist_filter: message.sendlist_filter,
      layout: variant.layout,
      push_text: variant.push_text,
      push_tags: variant.push_tags,
      coupon_use_tags: variant.coupon_use_tags,
      detail_title: variant.detail_title,
      detail_text: variant.detail_text,
      link_url: variant.link_url,
      background_image_url: variant.background_image_url,
      coupon_id: variant.coupon_id,
      coupon_copy_id: variant.coupon_copy_id,
      coupon_title: variant.coupon_title,
      coupon_text_summary: variant.coupon_text_summary,
      coupon_text_detail: variant.coupon_text_detail,
      reserved_at: at,
      created_at: at,
      updated_at: at,
      test_of: Number(message.id),
      variant: index,
      test_part: TEST_PART.winner,
    },
    trx,
  );
  return Number(row.id);
}
