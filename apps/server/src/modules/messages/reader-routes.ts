import {
  api,
  inboxAnswer,
  inboxItemAnswer,
  inboxItemParams,
  inboxQuery,
  READER_INBOX_PATH,
  readerChannelParams,
} from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { deviceHashOf } from '../../platform/device';
import { ok } from '../../platform/errors';
import { responses } from '../../platform/schemas';
import { visitorCsrfCheck } from '../../platform/visitor-csrf';
import { channelInbox, deviceInbox, inboxItem, openInboxItem, useInboxCoupon } from './inbox';

const tags = ['reader'];
// The same addresses as readerChannelPath.messages / .message / .messageOpen / .messageCouponUse.
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
      { config: visitorWrite, preValidation, schema: { tags, params: inboxItemParams, response: item } },
      async (req) => ok({ item: await openInboxItem(ctx, itemInput(req)) }),
    );

    app.post(
      `${ONE}/coupon`,
      { config: visitorWrite, preValidation, schema: { tags, params: inboxItemParams, response: item } },
      async (req) => ok({ item: await useInboxCoupon(ctx, itemInput(req)) }),
    );
  };
}
