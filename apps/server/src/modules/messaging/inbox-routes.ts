import { readerChannelParams } from '@qrqr/shared/follower-schemas';
import {
  inboxAnswer,
  inboxItemAnswer,
  inboxItemParams,
  inboxOpenQuery,
  inboxQuery,
} from '@qrqr/shared/message-schemas';
import { api, READER_INBOX_PATH } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/core/context';
import { clientGone } from '../../platform/http/client-abort';
import { deviceHashOf } from '../../platform/http/device';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { visitorCsrfCheck } from '../../platform/http/visitor-csrf';
import { inboxCouponCode, inboxItem, openInboxItem, useInboxCoupon } from './inbox-item';
import { channelInbox, deviceInbox } from './inbox-page';

const tags = ['reader'];
// The same addresses as readerChannelPath.messages / .message / .messageOpen / .messageCouponUse /
// .messageCouponCode.
const LIST = `${api.readerChannel}/:channel_code/messages`;
const ONE = `${LIST}/:item_key`;
const item = responses(inboxItemAnswer);

/**
 * The follower's inbox calls, open to anonymous visitors by their device cookie: rate limited per
 * address like the channel page; opening and using a coupon are writes with the visitor CSRF check.
 */
export function readerMessageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config } = ctx;
  const limited = { rateLimit: { max: config.CHANNEL_PAGE_RATE_LIMIT, timeWindow: '1 minute' } };
  const visitorWrite = { ...limited, csrf: false };
  const preValidation = visitorCsrfCheck(config);
  return async (app) => {
    app.get(
      LIST,
      {
        config: limited,
        schema: {
          tags,
          params: readerChannelParams,
          querystring: inboxQuery,
          response: responses(inboxAnswer),
        },
      },
      async (req) =>
        ok(
          await channelInbox(ctx, {
            code: req.params.channel_code,
            deviceHash: deviceHashOf(req),
            page: req.query.page,
          }),
        ),
    );

    app.get(
      READER_INBOX_PATH,
      { config: limited, schema: { tags, querystring: inboxQuery, response: responses(inboxAnswer) } },
      async (req) => ok(await deviceInbox(ctx, { deviceHash: deviceHashOf(req), page: req.query.page })),
    );

    const itemInput = (
      req: { params: { channel_code: string; item_key: string } } & Parameters<typeof deviceHashOf>[0],
    ) => ({
      code: req.params.channel_code,
      itemKey: req.params.item_key,
      deviceHash: deviceHashOf(req),
    });

    app.get(
      ONE,
      { config: limited, schema: { tags, params: inboxItemParams, response: item } },
      async (req) => ok({ item: await inboxItem(ctx, itemInput(req)) }),
    );

    app.post(
      `${ONE}/open`,
      {
        config: visitorWrite,
        preValidation,
        schema: { tags, params: inboxItemParams, querystring: inboxOpenQuery, response: item },
      },
      async (req) => ok({ item: await openInboxItem(ctx, { ...itemInput(req), via: req.query.via }) }),
    );

    app.post(
      `${ONE}/coupon`,
      { config: visitorWrite, preValidation, schema: { tags, params: inboxItemParams, response: item } },
      async (req) => ok({ item: await useInboxCoupon(ctx, itemInput(req)) }),
    );

    // readerChannelPath.messageCouponCode: the used coupon's QR code or JAN barcode as PNG.
    app.get(
      `${ONE}/coupon/code`,
      {
        config: limited,
        schema: {
          tags,
          params: inboxItemParams,
          description: 'PNG of the coupon code (QR or JAN) once this device has used it; 404 otherwise.',
        },
      },
      async (req, reply) => {
        const png = await inboxCouponCode(ctx, { ...itemInput(req), signal: clientGone(reply) });
        return reply.type('image/png').header('Cache-Control', 'private, no-store').send(png);
      },
    );
  };
}
