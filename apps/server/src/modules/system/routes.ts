import { api, isScreenPath } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/core/context';
import { AppError, errorBody, ok } from '../../platform/http/errors';
import { guessLayout } from '../../platform/page/first-paint';
import { encodePage, PageRenderer } from '../../platform/page/page';
import { pageParams } from './page-params';

/** Health, the session's page parameters, and the web app's pages (any other GET that wants HTML). */
export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const renderer = new PageRenderer(ctx.config.WEB_DIST, ctx.log, ctx.config.MEMBER_PAINT_DEADLINE_MS);

  return async (app) => {
    app.addHook('onClose', () => renderer.close());
    app.get(api.health, { schema: { tags: ['system'] }, logLevel: 'warn' }, async (req, reply) => {
      try {
        await sql`select 1`.execute(ctx.db.kysely);
        return ok({ database: 'ok', dialect: ctx.db.dialect });
      } catch (err) {
        ctx.log.error({ err }, 'health check failed');
        return reply.status(503).send(errorBody('E-503', req.locale));
      }
    });

    app.get(api.session, { schema: { tags: ['system'] } }, async (req, reply) => {
      return ok({ params: await pageParams(ctx, req, reply, req.locale) });
    });

    app.setNotFoundHandler(async (req, reply) => {
      const pathname = stripSlash(req.url.split('?')[0] ?? '/');
      const accept = String(req.headers.accept ?? '');
      // A screen is a page for anyone who does not ask for JSON only (curl, link checkers);
      // an unknown path is the HTML 404 page for browsers and E-404 JSON for everything else.
      const wantsPage =
        (req.method === 'GET' || req.method === 'HEAD') &&
        !req.url.startsWith('/api/') &&
        (accept.includes('text/html') || (isScreenPath(pathname) && !accept.includes('application/json')));
      if (!wantsPage) throw new AppError('E-404');
      const params = await pageParams(ctx, req, reply, req.locale);
      const html = await renderer.render(params, req.locale, pathname, {
        plain: !req.url.includes('?'),
        layout: guessLayout(req.headers),
        member: {
          query: new URLSearchParams(req.url.split('?')[1] ?? ''),
          // From the member's address: each call counts in their own rate limits, as theirs would.
          inject: (call) => app.inject({ ...call, remoteAddress: req.ip }),
          headers: req.headers,
        },
      });
      const found = isScreenPath(pathname) && (await ctx.recordScreens.visible(req, pathname));
      const page = encodePage(html, String(req.headers['accept-encoding'] ?? ''));
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply
        .status(found ? 200 : 404)
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(page.body);
    });
  };
}

function stripSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}
