import { api } from '@qrqr/shared/paths';
import { wifiCouponUseAnswer, wifiGuestEventBody, wifiGuestPageAnswer } from '@qrqr/shared/wifi-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { clientGone } from '../../platform/http/client-abort';
import { deviceHashOf, ensureDevice } from '../../platform/http/device';
import { AppError, ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { visitorCsrfCheck } from '../../platform/http/visitor-csrf';
import { recordGuestEvent } from './guest-event';
import { showGuestPage } from './guest-page';
import { guestCouponCode, useCoupon } from './use-coupon';

const tags = ['reader'];
const params = z.object({ code: z.string().max(64) });
// readerWelcomePath encodes its code, so the route names the parameter itself.
const PAGE_URL = `${api.readerWelcome}/:code`;

/**
 * The guest's calls of a welcome page, by its code (public, like the channel page's): the page
 * (E-404 before its release), using its coupon (once per device) and its drawn code, and what the
 * guest did.
 */
export function wifiReaderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limited = { rateLimit: { max: ctx.config.READER_RATE_LIMIT, timeWindow: '1 minute' }, csrf: false };
  const preValidation = visitorCsrfCheck(ctx.config);
  return async (app) => {
    app.get(
      PAGE_URL,
      {
        config: { rateLimit: limited.rateLimit },
        schema: { tags, params, response: responses(wifiGuestPageAnswer) },
      },
      async (req, reply) => {
        // The device cookie is issued here too: a guest's first visit counts as a unique device.
        const deviceHash = ensureDevice(req, reply, ctx.config);
        const page = await showGuestPage(ctx, { code: req.params.code, deviceHash, now: Date.now() });
        if (!page) throw new AppError('E-404');
        return ok({ welcome_page: page });
      },
    );

    app.post(
      `${PAGE_URL}/coupon/use`,
      { config: limited, preValidation, schema: { tags, params, response: responses(wifiCouponUseAnswer) } },
      async (req, reply) => {
        const deviceHash = ensureDevice(req, reply, ctx.config);
        return ok(await useCoupon(ctx, { code: req.params.code, deviceHash }));
      },
    );

    // readerWelcomePath.couponCode: the used coupon's QR code or JAN barcode as PNG.
    app.get(
      `${PAGE_URL}/coupon/code`,
      {
        config: { rateLimit: limited.rateLimit },
        schema: {
          tags,
          params,
          description: 'PNG of the coupon code (QR or JAN) once this device has used it; 404 otherwise.',
        },
      },
      async (req, reply) => {
        const png = await guestCouponCode(ctx, {
          code: req.params.code,
          deviceHash: deviceHashOf(req),
          signal: clientGone(reply),
        });
        return reply.type('image/png').header('Cache-Control', 'private, no-store').send(png);
      },
    );

    app.post(
      `${PAGE_URL}/event`,
      {
        config: limited,
        preValidation,
        schema: { tags, params, body: wifiGuestEventBody, response: responses() },
      },
      async (req) => {
        await recordGuestEvent(ctx, {
          code: req.params.code,
          kind: req.body.kind,
          linkIndex: req.body.link_index,
        });
        return ok();
      },
    );
  };
}
