import type { Readable } from 'node:stream';
import {
  CHANNEL_DAY_COUNTERS,
  formatRate,
  MESSAGE_FUNNEL_COUNTERS,
} from '@qrqr/shared/channel-analytics-constants';
import type { MessageFunnel } from '@qrqr/shared/channel-analytics-schemas';
import { tokyoDate } from '@qrqr/shared/coupon-constants';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { csvStream } from '../../platform/http/csv';
import { channelReport } from './report';
import { ITEM_KIND, messageDayRows } from './repository';

const RATES = ['push_reachable_rate', 'accepted_rate', 'open_rate', 'coupon_rate'] as const;

/**
 * GET /qrchannel/{channel_id}/analytics/csv/get/: the days from the day of `start` to the day of
 * `end` (Unix seconds, Asia/Tokyo), headers in the request's language. First one line a day (every
 * day, zeros included, followers at day end first), then one section a message: its name and
 * its A/B test variant (「パターンB」, the winner's send; empty for none), its lines per day with
 * figures, and its total with the funnel's rates.
 */
export async function channelCsv(
  ctx: AppContext,
  input: { channel: ChannelRow; start: number; end: number; locale: Locale },
): Promise<{ body: Readable; from: string; to: string }> {
  const from = tokyoDate(input.start * 1000);
  const to = tokyoDate(input.end * 1000);
  const channelId = Number(input.channel.id);
  const [report, dayRows] = await Promise.all([
    channelReport(ctx, input.channel, from, to),
    messageDayRows(ctx.db, channelId, from, to),
  ]);
  const t = (key: string) => translate(`analytics.ch_csv_${key}`, input.locale);
  const day = translate('analytics.csv_day', input.locale);
  const messageHeader = [day, ...MESSAGE_FUNNEL_COUNTERS.map(t), ...RATES.map(t)];
  const [total, deleted] = [t('total'), t('deleted')];
  const variantOf = ({ variant }: MessageFunnel) =>
    variant ? t(variant.winner ? 'winner' : 'variant').replace('{0}', variant.letter) : '';
  // Each message's day rows, found by its key rather than by reading every row once a message.
  const rowsOf = new Map<string, typeof dayRows>();
  for (const r of dayRows) {
    const key = `${Number(r.kind)}:${Number(r.item_id)}`;
    const rows = rowsOf.get(key);
    if (rows) rows.push(r);
    else rowsOf.set(key, [r]);
  }

  function* lines(): Generator<ReadonlyArray<string | number>> {
    yield [day, t('followers'), ...CHANNEL_DAY_COUNTERS.map(t)];
    for (const d of report.days) yield [d.day, d.followers, ...CHANNEL_DAY_COUNTERS.map((k) => d[k])];
    for (const m of report.messages) {
      yield [];
      yield [t(m.kind), `${m.kind}-${m.id}`, m.deleted ? deleted : m.title, variantOf(m)];
      yield messageHeader;
      const kind = m.kind === 'message' ? ITEM_KIND.message : ITEM_KIND.welcome;
      for (const r of rowsOf.get(`${kind}:${m.id}`) ?? [])
        yield [r.day, ...MESSAGE_FUNNEL_COUNTERS.map((k) => Number(r[k]))];
      yield totalLine(m, total);
    }
  }
  return { body: csvStream(lines()), from, to };
}

function totalLine(m: MessageFunnel, label: string): ReadonlyArray<string | number> {
  return [label, ...MESSAGE_FUNNEL_COUNTERS.map((k) => m[k]), ...RATES.map((k) => formatRate(m[k]))];
}
