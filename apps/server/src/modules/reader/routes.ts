import { api, readerResolveBody } from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ensureDevice } from '../../platform/device';
import { ok } from '../../platform/errors';
import { responses } from '../../platform/schemas';
import { visitorCsrfCheck } from '../../platform/visitor-csrf';
import { type ReaderContext, resolveScan } from './resolve';

const tags = ['reader'];

const wifiSchema = z.object({
  ssid: z.string(),
  password: z.string(),
  encryption: z.string().describe('WPA, WEP or nopass'),
  hidden: z.boolean(),
  expires_at: z.number().nullable().describe('Unix milliseconds; null when it never expires'),
});

const resultSchema = z.union([
  z.object({ kind: z.literal('text'), text: z.string().describe("A secret code's raw content") }),
  z.object({ kind: z.literal('redirect'), target: z.string().describe('Where our redirect code leads') }),
  z.object({
    kind: z.literal('wifi'),
    expired: z.literal(false),
    wifi: wifiSchema,
    plain: z
      .literal(true)
      .optional()
      .describe('A standard WIFI: payload read as it is: not a tracked code, no read counted, no expiry'),
  }),
  z.object({ kind: z.literal('wifi'), expired: z.literal(true), expires_at: z.number() }),
  z.object({ kind: z.literal('channel'), channel_code: z.string() }),
  z.object({ kind: z.literal('missing').describe('Our format, but no such code (deleted)') }),
  z.object({ kind: z.literal('foreign'), text: z.string().describe('Not ours: shown as text') }),
]);

/** `POST /api/reader/resolve`: an official read, rate limited per address, keyed by the device cookie. */
export function readerRoutes(ctx: ReaderContext): FastifyPluginAsyncZod {
  // Visitors' calls: the same CSRF rule as the channel page's follow (platform/visitor-csrf.ts).
  const limited = { rateLimit: { max: ctx.config.READER_RATE_LIMIT, timeWindow: '1 minute' }, csrf: false };
  const preValidation = visitorCsrfCheck(ctx.config);
  return async (app) => {
    app.post(
      api.readerResolve,
      {
        schema: { tags, body: readerResolveBody, response: responses({ result: resultSchema }) },
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
