import { api, isScreenPath } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { AppError, errorBody, ok } from '../../platform/http/errors';
import { mayReadMetrics } from '../../platform/metrics/access';
import { deepHealth } from '../../platform/metrics/health';
import { guessLayout } from '../../platform/page/first-paint';
import { encodePage, PageRenderer } from '../../platform/page/page';
import { pageParams } from './page-params';

/** Health, the session's page parameters, and the web app's pages (any other GET that wants HTML). */
export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const renderer = new PageRenderer(ctx.config.WEB_DIST, ctx.log, ctx.config.MEMBER_PAINT_DEADLINE_MS);

  return async (app) => {
    app.addHook('onClose', () => renderer.close());
    // Plain: one cheap query, for load balancers. `?deep=1` (for the operator, under the rule of
    // /metrics; anyone else gets the unknown-path 404): also the job queue, the read buffer and the
    // free disk, 503 with the reasons when one is past its limit (platform/metrics/health.ts).
    const healthQuery = z.object({ deep: z.string().max(8).optional() });
    app.get(
      api.health,
      { schema: { tags: ['system'], querystring: healthQuery }, logLevel: 'warn' },
      async (req, reply) => {
        const deep = req.query.deep !== undefined && req.query.deep !== '0';
        if (deep && !mayReadMetrics(ctx.config, req)) return reply.callNotFound();
        try {
          await sql`select 1`.execute(ctx.db.kysely);
        } catch (err) {
          ctx.log.error({ err }, 'health check failed');
          return reply.status(503).send(errorBody('E-503', req.locale));
        }
        if (!deep) return ok({ database: 'ok', dialect: ctx.db.dialect });
        const checks = await deepHealth({
          jobs: ctx.jobs,
          reads: ctx.metrics.readBuffer,
          // On PostgreSQL nothing is written to DATA_DIR, which need not exist.
          dataDir: ctx.db.dialect === 'sqlite' ? ctx.config.DATA_DIR : undefined,
        });
        const body = { database: 'ok', dialect: ctx.db.dialect, ...checks };
        if (checks.reasons.length === 0) return ok(body);
        ctx.log.warn({ reasons: checks.reasons }, 'deep health check failed');
        return reply.status(503).send({ ...errorBody('E-503', req.locale), ...body });
      },
    );

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
