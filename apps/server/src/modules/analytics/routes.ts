import {
  analyticsCsvQuery,
  analyticsDataSchema,
  analyticsGraphQuery,
  analyticsGraphShape,
  analyticsIdParams,
} from '@qrqr/shared/analytics-schemas';
import { api, paths } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { attachment, sendDownload } from '../../platform/http/download';
import { ok } from '../../platform/http/errors';
import { errorResponse, responses } from '../../platform/http/schemas';
import { holdUntilAnswered } from '../../platform/media/costly-work';
import { memberLocale } from '../auth/lookup';
import { presentQrCode } from '../qrcodes/lookup';
import { asSeenBy } from '../sharing/lookup';
import { readAccess, readableCode, readLogVisible } from './access';
import { csvFilename, dailyCsv } from './csv';
import { graphOf } from './graph';
import { lifetime } from './queries';

const tags = ['analytics'];

/** The read-log calls of one code (contract in docs/decisions.md): all read the daily rollups only. */
export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The read-log page answers 404 where its calls would.
  ctx.recordScreens.add(paths.qrAnalytics, (req, id) => readLogVisible(ctx, req, id));
  const csvLimited = { rateLimit: { max: ctx.config.ANALYTICS_CSV_RATE_LIMIT, timeWindow: '1 minute' } };
  return async (app) => {
    app.get(
      `${api.analyticsData}:id/`,
      {
        schema: {
          tags,
          params: analyticsIdParams,
          response: responses(analyticsDataSchema),
        },
      },
      async (req) => {
        const access = await readAccess(ctx, req, req.params.id);
        const { totals, firstReadDay } = await lifetime(ctx.db, access.code.id);
        return ok({
          // A recipient sees the code as not theirs, with the owner's name and their permissions.
          qrcode: presentQrCode(await asSeenBy(ctx, access), ctx.config.publicUrl),
          totals,
          first_read_day: firstReadDay,
        });
      },
    );

    app.get(
      `${api.analyticsGraph}:id/`,
      {
        schema: {
          tags,
          params: analyticsIdParams,
          querystring: analyticsGraphQuery,
          response: responses(analyticsGraphShape),
          description:
            'range: 0 today, 1 last 7 days, 2 last 30 days, 3 custom (from, to), 4 all. type: 0 both sources, 1 other apps, 2 official app.',
        },
      },
      async (req) => {
        const code = await readableCode(ctx, req, req.params.id);
        return ok(await graphOf(ctx.db, code, req.query));
      },
    );

    app.get(
      `${api.analyticsCsv}:id/`,
      {
        config: csvLimited,
        schema: {
          tags,
          params: analyticsIdParams,
          querystring: analyticsCsvQuery,
          description: 'UTF-8 CSV with BOM, one line per Asia/Tokyo day: day, official, other, uniques.',
          response: { 200: z.unknown().describe('text/csv'), '4xx': errorResponse, '5xx': errorResponse },
        },
      },
      async (req, reply) => {
        const code = await readableCode(ctx, req, req.params.id);
        const { from, to } = req.query;
        // The body streams after the handler returns: the slot is held until it has been sent.
        await holdUntilAnswered(ctx.exports, reply);
        const body = await dailyCsv(ctx.db, code.id, from, to, await memberLocale(ctx, req));
        const disposition = attachment(csvFilename(code.id, from, to));
        return sendDownload(reply, { contentType: 'text/csv; charset=utf-8', disposition, body }, 'no-store');
      },
    );
  };
}
