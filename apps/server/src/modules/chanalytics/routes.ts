import { ANALYTICS_RANGES } from '@qrqr/shared/analytics-constants';
import {
  channelAnalyticsAnswer,
  channelAnalyticsQuery,
  channelCsvQuery,
} from '@qrqr/shared/channel-analytics-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { channelOf } from '../../platform/http/channel-scope';
import { sendDownload } from '../../platform/http/download';
import { ok } from '../../platform/http/errors';
import { errorResponse, responses } from '../../platform/http/schemas';
import { holdUntilAnswered } from '../../platform/media/costly-work';
import { rangeDays } from '../analytics/lookup';
import { memberLocale } from '../auth/lookup';
import { channelCsv } from './csv';
import { channelReport } from './report';

const tags = ['channel analytics'];

/** The channel's analytics (inside channelScope: another member's channel answers E-404). */
export function channelAnalyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The same limit and export slots as the read-log CSV.
  const csvLimited = { rateLimit: { max: ctx.config.ANALYTICS_CSV_RATE_LIMIT, timeWindow: '1 minute' } };
  return async (app) => {
    app.get(
      channelPath.analytics(':channel'),
      {
        schema: {
          tags,
          querystring: channelAnalyticsQuery,
          response: responses(channelAnalyticsAnswer),
          description:
            'range: 0 today, 1 last 7 days, 2 last 30 days, 3 custom (from, to), 4 all (since the channel was made).',
        },
      },
      async (req) => {
        const channel = channelOf(req);
        const { from, to } = rangeDays(
          req.query.range ?? ANALYTICS_RANGES.week,
          req.query,
          channel.created_at,
          Date.now(),
        );
        return ok(await channelReport(ctx, channel, from, to));
      },
    );

    app.get(
      channelPath.analyticsCsv(':channel'),
      {
        config: csvLimited,
        schema: {
          tags,
          querystring: channelCsvQuery,
          description:
            'UTF-8 CSV with BOM: one line per Asia/Tokyo day from the day of start_date to that of end_date (Unix seconds), then one section per message.',
          response: { 200: z.unknown().describe('text/csv'), '4xx': errorResponse, '5xx': errorResponse },
        },
      },
      async (req, reply) => {
        const channel = channelOf(req);
        // The body streams after the handler returns: the slot is held until it has been sent.
        await holdUntilAnswered(ctx.exports, reply);
        const { body, from, to } = await channelCsv(ctx, {
          channel,
          start: req.query.start_date,
          end: req.query.end_date,
          locale: await memberLocale(ctx, req),
        });
        const ascii = `channel-${channel.id}-${from}-${to}.csv`;
        const named = encodeURIComponent(`${channel.channel_name}-${from}-${to}.csv`);
        // The channel's name for browsers that read RFC 6266's filename*, its id for the rest.
        const disposition = `attachment; filename="${ascii}"; filename*=UTF-8''${named}`;
        return sendDownload(reply, { contentType: 'text/csv; charset=utf-8', disposition, body }, 'no-store');
      },
    );
  };
}
