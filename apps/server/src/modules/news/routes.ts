import { api } from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/errors';
import { responses } from '../../platform/schemas';
import { listNews } from './news';

const newsQuery = z.object({
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(50, { error: 'validation.invalid' })
    .optional()
    .default(5),
});

const newsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  published_at: z.number().describe('Unix milliseconds'),
});

/** The news box of the top page and /service/news. */
export function newsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      api.news,
      {
        schema: { tags: ['news'], querystring: newsQuery, response: responses({ news: z.array(newsItem) }) },
      },
      async (req) => ok({ news: await listNews(ctx, { limit: req.query.limit, locale: req.locale }) }),
    );
  };
}
