import { newsAnswer, newsQuery } from '@qrqr/shared/news-schemas';
import { api } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/core/context';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { listNews } from './news';

/** The news box of the top page and /service/news. */
export function newsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      api.news,
      {
        schema: { tags: ['news'], querystring: newsQuery, response: responses(newsAnswer) },
      },
      async (req) => ok({ news: await listNews(ctx, { limit: req.query.limit, locale: req.locale }) }),
    );
  };
}
