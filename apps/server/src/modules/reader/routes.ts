import { api } from '@qrqr/shared/paths';
import { readerResolveAnswer, readerResolveBody } from '@qrqr/shared/reader-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ensureDevice } from '../../platform/http/device';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { visitorCsrfCheck } from '../../platform/http/visitor-csrf';
import { type ReaderContext, resolveScan } from './resolve';

const tags = ['reader'];

/** `POST /api/reader/resolve`: an official read, rate limited per address, keyed by the device cookie. */
export function readerRoutes(ctx: ReaderContext): FastifyPluginAsyncZod {
  // Visitors' calls: the same CSRF rule as the channel page's follow (platform/http/visitor-csrf.ts).
  const limited = { rateLimit: { max: ctx.config.READER_RATE_LIMIT, timeWindow: '1 minute' }, csrf: false };
  const preValidation = visitorCsrfCheck(ctx.config);
  return async (app) => {
    app.post(
      api.readerResolve,
      {
        schema: { tags, body: readerResolveBody, response: responses(readerResolveAnswer) },
        config: limited,
        preValidation,
      },
      async (req, reply) => {
        const deviceHash = ensureDevice(req, reply, ctx.config);
        const result = await resolveScan(ctx, {
          text: req.body.text,
          position: req.body.position,
          deviceHash,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? '',
        });
        return ok({ result });
      },
    );
  };
}
