import {
  followAnswer,
  followBody,
  readerChannelAnswer,
  readerChannelParams,
} from '@qrqr/shared/follower-schemas';
import { api } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/core/context';
import { deviceHashOf, ensureDevice } from '../../platform/http/device';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { visitorCsrfCheck } from '../../platform/http/visitor-csrf';
import { follow, openFollowBudget } from './follow';
import { readChannelPage } from './read-channel-page';
import { unfollow } from './unfollow';

const tags = ['reader'];
const ONE = `${api.readerChannel}/:channel_code`;
const followed = responses(followAnswer);

/**
 * The channel page's calls (/c/{channel_code}), open to anonymous visitors: read, follow, unfollow.
 * Each is rate limited per address, and new follows of a channel per address and day too; follow
 * and unfollow use the visitor CSRF check.
 */
export function readerChannelRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config } = ctx;
  const limited = { rateLimit: { max: config.CHANNEL_PAGE_RATE_LIMIT, timeWindow: '1 minute' } };
  const visitorWrite = { ...limited, csrf: false };
  const preValidation = visitorCsrfCheck(config);
  const followBudget = openFollowBudget(ctx);
  return async (app) => {
    app.get(
      ONE,
      {
        config: limited,
        schema: {
          tags,
          params: readerChannelParams,
          response: responses(readerChannelAnswer),
        },
      },
      async (req) =>
        ok(await readChannelPage(ctx, { code: req.params.channel_code, deviceHash: deviceHashOf(req) })),
    );

    app.post(
      `${ONE}/follow`,
      {
        config: visitorWrite,
        preValidation,
        schema: { tags, params: readerChannelParams, body: followBody.optional(), response: followed },
      },
      async (req, reply) =>
        ok(
          await follow(ctx, {
            code: req.params.channel_code,
            tagsToken: req.body?.tags,
            knownDevice: deviceHashOf(req),
            address: req.ip,
            budget: followBudget,
            device: () => ensureDevice(req, reply, config),
          }),
        ),
    );

    app.post(
      `${ONE}/unfollow`,
      {
        config: visitorWrite,
        preValidation,
        schema: { tags, params: readerChannelParams, response: followed },
      },
      async (req) =>
        ok(await unfollow(ctx, { code: req.params.channel_code, deviceHash: deviceHashOf(req) })),
    );
  };
}
