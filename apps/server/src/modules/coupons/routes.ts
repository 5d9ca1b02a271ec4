import { channelPath } from '@qrqr/shared/channel-paths';
import {
  couponAnswer,
  couponListQuery,
  couponListSchema,
  couponQrAnswer,
  couponQrBody,
  deleteCouponsBody,
  deletedCouponsAnswer,
  saveCouponBody,
} from '@qrqr/shared/coupon-schemas';
import { idFromText } from '@qrqr/shared/id-schemas';
import { api } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { clientGone } from '../../platform/http/client-abort';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { BASE64_IMAGE_BODY_LIMIT } from '../../platform/media/images';
import { renderCouponCode } from './code-image';
import { deleteCoupons } from './delete-coupons';
import { drawCouponCode } from './draw-coupon-code';
import { getCoupon } from './get-coupon';
import { listCoupons } from './list-coupons';
import { saveCoupon } from './save-coupon';

const tags = ['coupons'];
const channel = `:${CHANNEL_PARAM}`;
const channelParams = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });

/** A channel's coupon library (list, one, save, delete, code picture); registered inside channelScope. */
export function couponRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      channelPath.coupons(channel),
      {
        schema: {
          tags,
          params: channelParams,
          querystring: couponListQuery,
          response: responses(couponListSchema),
        },
      },
      async (req) => ok(await listCoupons(ctx, { channel: channelOf(req), ...req.query })),
    );

    app.get(
      channelPath.coupon(channel, ':coupon'),
      {
        schema: {
          tags,
          description: 'One coupon of the library, to edit or copy',
          params: channelParams.extend({ coupon: z.string() }),
          response: responses(couponAnswer),
        },
      },
      async (req) =>
        ok({ coupon: await getCoupon(ctx, { channel: channelOf(req), id: idFromText(req.params.coupon) }) }),
    );

    app.post(
      channelPath.couponSave(channel),
      {
        // One picture as base64 rides in the JSON body, read only with an upload slot.
        bodyLimit: BASE64_IMAGE_BODY_LIMIT,
        config: { upload: true },
        schema: {
          tags,
          params: channelParams,
          body: saveCouponBody,
          response: responses(couponAnswer),
        },
      },
      async (req, reply) => {
        const { image, coupon_img_id: id, ...fields } = req.body.coupon_image_data;
        const coupon = await saveCoupon(ctx, {
          channel: channelOf(req),
          id,
          fields,
          image,
          signal: clientGone(reply),
        });
        return ok({ coupon });
      },
    );

    app.post(
      channelPath.couponDelete(channel),
      {
        schema: {
          tags,
          params: channelParams,
          body: deleteCouponsBody,
          response: responses(deletedCouponsAnswer),
        },
      },
      async (req) => ok(await deleteCoupons(ctx, { channel: channelOf(req), ids: req.body.coupon_img_ids })),
    );

    app.get(
      channelPath.couponCode(channel, ':coupon'),
      {
        schema: {
          tags,
          description: 'PNG of a saved coupon’s QR code or JAN barcode',
          params: channelParams.extend({ coupon: z.string() }),
        },
      },
      async (req, reply) => {
        const id = idFromText(req.params.coupon);
        const png = await drawCouponCode(ctx, { channel: channelOf(req), id, signal: clientGone(reply) });
        // Only its owner may fetch it: private, no-store (platform/http/cache-control.ts).
        return reply.type('image/png').send(png);
      },
    );
  };
}

/** The code preview of the create form: not about one channel, for any signed-in member. */
export function couponPreviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limited = { rateLimit: { max: ctx.config.QR_CREATE_RATE_LIMIT, timeWindow: '1 minute' } };
  return async (app) => {
    app.post(
      api.couponCodePreview,
      {
        config: limited,
        schema: {
          tags,
          body: couponQrBody,
          response: responses(couponQrAnswer),
        },
      },
      async (req, reply) => {
        await ctx.sessions.requireUserId(req);
        const png = await renderCouponCode(ctx, {
          codeType: req.body.code_type,
          code: req.body.qr_text,
          signal: clientGone(reply),
        });
        return ok({ qr_image: `data:image/png;base64,${png.toString('base64')}` });
      },
    );
  };
}
