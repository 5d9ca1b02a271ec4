import {
  api,
  channelPath,
  couponListQuery,
  couponQrBody,
  deleteCouponsBody,
  idFromText,
  saveCouponBody,
} from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientGone } from '../../platform/client-abort';
import type { AppContext } from '../../platform/context';
import { AppError, ok } from '../../platform/errors';
import { BASE64_IMAGE_BODY_LIMIT } from '../../platform/images';
import { responses } from '../../platform/schemas';
import { CHANNEL_PARAM, channelOf } from '../channels/scope';
import { renderCouponCode } from './code-image';
import { deleteCoupons } from './delete-coupons';
import { findCoupon, listCoupons } from './list-coupons';
import { couponSchema } from './present';
import { saveCoupon } from './save-coupon';

const tags = ['coupons'];
const channel = `:${CHANNEL_PARAM}`;
const channelParams = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });

/** The coupon library of one channel (§7 Coupon images); registered inside channelScope. */
export function couponRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      channelPath.coupons(channel),
      {
        schema: {
          tags,
          params: channelParams,
          querystring: couponListQuery,
          response: responses({
            coupons: z.array(couponSchema),
            total_count: z.number().int().describe('Coupons matching keyword and state'),
            stored_count: z.number().int().describe('Coupons the channel keeps'),
            storage_max: z.number().int().describe('Coupons a channel may keep'),
            page: z.number().int(),
            page_size: z.number().int(),
          }),
        },
      },
      async (req) => ok(await listCoupons(ctx, { channelId: channelOf(req).id, ...req.query })),
    );

    app.get(
      channelPath.coupon(channel, ':coupon'),
      {
        schema: {
          tags,
          description: 'One coupon of the library, to edit or copy',
          params: channelParams.extend({ coupon: z.string() }),
          response: responses({ coupon: couponSchema }),
        },
      },
      async (req) => {
        const coupon = await couponOfRequest(ctx, channelOf(req).id, req.params.coupon);
        if (!coupon) throw new AppError('E-404');
        return ok({ coupon });
      },
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
          response: responses({ coupon: couponSchema }),
        },
      },
      async (req, reply) => {
        const { image, coupon_img_id: id, ...fields } = req.body.coupon_image_data;
        const coupon = await saveCoupon(ctx, {
          channelId: channelOf(req).id,
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
          response: responses({ deleted: z.number().int() }),
        },
      },
      async (req) =>
        ok(await deleteCoupons(ctx, { channelId: channelOf(req).id, ids: req.body.coupon_img_ids })),
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
        const coupon = await couponOfRequest(ctx, channelOf(req).id, req.params.coupon);
        if (!coupon?.coupon_code_image_url) throw new AppError('E-404');
        const png = await renderCouponCode(ctx, {
          codeType: coupon.coupon_code_type,
          code: coupon.coupon_code_text,
          signal: clientGone(reply),
        });
        // Only its owner may fetch it: private, no-store (platform/cache-control.ts).
        return reply.type('image/png').send(png);
      },
    );
  };
}

/** The coupon a path names, when it is one of the channel's. */
function couponOfRequest(ctx: AppContext, channelId: number, param: string) {
  const id = idFromText(param);
  return id === null ? Promise.resolve(undefined) : findCoupon(ctx, { channelId, id });
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
          response: responses({ qr_image: z.string().describe('data:image/png;base64,…') }),
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
