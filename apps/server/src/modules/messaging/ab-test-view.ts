import {
  AB_TEST,
  type AbDecision,
  type AbFallback,
  type AbMetric,
  type AbState,
  VARIANT_LETTERS,
} from '@qrqr/shared/ab-test-constants';
import type {
  AbTestDto,
  AbTestListAnswer,
  AbTestListQuery,
  AbTestReportAnswer,
  AbVerdict,
} from '@qrqr/shared/ab-test-schemas';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { addDays, dayStart, rangeDays } from '../analytics/lookup';
import {
  findTest,
  groupSizes,
  partFigures,
  sentTests,
  type TestRow,
  variantRows,
  winnerRow,
} from './ab-test-repository';
import { findRow } from './item-rows';
import type { MessageRow } from './message-repository';
import { messageViews } from './message-views';

/** A message's test as its answers show it (null without one). */
export async function abTestOf(
  ctx: AppContext,
  channelId: number,
  message: MessageRow,
): Promise<AbTestDto | null> {
  const test = await findTest(ctx.db, Number(message.id));
  if (!test) return null;
  const variants = await messageViews(ctx, channelId, await variantRows(ctx.db, Number(message.id)));
  return presentTest(test, variants);
}

/** A test's state from its times: decided once decided, waiting once sent, else a draft. */
export function testState(test: { decide_at: number | null; decided_at: number | null }): AbState {
  return test.decided_at !== null ? 'decided' : test.decide_at !== null ? 'waiting' : 'draft';
}

const letterOf = (i: number | null) => (i === null ? null : (VARIANT_LETTERS[i] ?? null));

function presentTest(test: TestRow, variants: MessageDto[]): AbTestDto {
  return {
    share_percent: test.share_percent,
    metric: test.metric as AbMetric,
    wait_hours: test.wait_hours,
    fallback: test.fallback as AbFallback,
    variants: variants.map((v, i) => ({ variant: VARIANT_LETTERS[i + 1] ?? 'B', ...contentOf(v) })),
    state: testState(test),
    group_size: test.group_size === null ? null : Number(test.group_size),
    decide_at: test.decide_at === null ? null : Number(test.decide_at),
    decided_at: test.decided_at === null ? null : Number(test.decided_at),
    winner:
      test.winner_message_id === null ? null : letterOf(test.winner === null ? null : Number(test.winner)),
    decided_by: test.decided_by as AbDecision | null,
    winner_message_id: test.winner_message_id === null ? null : Number(test.winner_message_id),
  };
}

/** The content fields of a message answer. */
function contentOf(m: MessageDto) {
  const {
    message_id: _id,
    status: _status,
    send_dt: _dt,
    send_list_id: _list,
    send_list_name: _name,
    send_list_missing: _missing,
    delivered_count: _delivered,
    capped_count: _capped,
    sent_at: _sent,
    created_at: _created,
    updated_at: _updated,
    ...content
  } = m;
  return content;
}

const rate = (x: number, n: number) => (n === 0 ? null : x / n);

/**
 * GET …/message/abtest/{id}: the test, each variant's figures (its group, deliveries, the capped,
 * opens, coupon users and rates), the stored verdict and the winner's send with its own figures.
 */
export async function abTestReport(
  ctx: AppContext,
  input: { channel: ChannelRow; messageId: number },
): Promise<AbTestReportAnswer> {
  const channelId = input.channel.id;
  const message = await findRow(ctx.db, 'messages', channelId, input.messageId);
  const test = message && message.test_of === null ? await findTest(ctx.db, input.messageId) : undefined;
  if (!message || !test) throw new AppError('E-404');
  const [variants, winner, sizes] = await Promise.all([
    variantRows(ctx.db, input.messageId),
    winnerRow(ctx.db, input.messageId),
    groupSizes(ctx.db, input.messageId),
  ]);
  const parts = [message, ...variants];
  const ids = [...parts, ...(winner ? [winner] : [])].map((p) => Number(p.id));
  const [figures, views] = await Promise.all([
    partFigures(ctx.db, ids),
    messageViews(ctx, channelId, variants),
  ]);
  const of = (id: number) => figures.get(id) ?? { delivered: 0, opened: 0, couponUsed: 0 };
  // The message keeps the capped of every group; each variant row its own, so A's is what is left.
  const cappedA = Number(message.capped_count) - variants.reduce((n, v) => n + Number(v.capped_count), 0);
  return {
    ab_test: presentTest(test, views),
    variants: parts.map((p, i) => {
      const f = of(Number(p.id));
      const group = sizes.get(i) ?? 0;
      return {
        variant: VARIANT_LETTERS[i] ?? 'A',
        message_id: Number(p.id),
        push_text: p.push_text,
        group_size: group,
        delivered: f.delivered,
        capped: i === 0 ? cappedA : Number(p.capped_count),
        opened: f.opened,
        coupon_used: f.couponUsed,
        open_rate: rate(f.opened, f.delivered),
        coupon_rate: rate(f.couponUsed, f.delivered),
      };
    }),
    verdict: test.verdict === null ? null : (JSON.parse(test.verdict) as AbVerdict),
    winner_send: winner
      ? {
          message_id: Number(winner.id),
          status: winner.status,
          delivered: of(Number(winner.id)).delivered,
          capped: Number(winner.capped_count),
          opened: of(Number(winner.id)).opened,
          coupon_used: of(Number(winner.id)).couponUsed,
          sent_at: winner.sent_at === null ? null : Number(winner.sent_at),
        }
      : null,
  };
}

/**
 * GET …/message/abtest: the channel's sent tests that ran in the range's days (Asia/Tokyo), as the
 * rest of channel analytics follows its range; newest first (analytics shows each one's report).
 */
export async function abTestList(
  ctx: AppContext,
  input: { channel: ChannelRow; query: AbTestListQuery },
): Promise<AbTestListAnswer> {
  const { channel, query } = input;
  const { from, to } = rangeDays(query.range, query, channel.created_at, Date.now());
  const rows = await sentTests(ctx.db, {
    channelId: channel.id,
    start: dayStart(from),
    end: dayStart(addDays(to, 1)),
    limit: AB_TEST.listMax + 1,
  });
  return {
    tests: rows.slice(0, AB_TEST.listMax).map((r) => ({
      message_id: Number(r.message_id),
      push_text: r.push_text,
      sent_at: r.sent_at === null ? null : Number(r.sent_at),
      state: testState(r) as 'waiting' | 'decided',
    })),
    truncated: rows.length > AB_TEST.listMax,
  };
}
