import { readerPushPath } from '@qrqr/shared/paths';
import {
  pushKeyAnswer,
  pushSubscribeAnswer,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '@qrqr/shared/push-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/core/context';
import { deviceHashOf, ensureDevice } from '../../platform/http/device';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { visitorCsrfCheck } from '../../platform/http/visitor-csrf';
import { pushService } from './lookup';
import { subscribe, unsubscribe } from './subscribe';

const tags = ['reader'];

/**
 * The reader's push calls, open to visitors by their device cookie: the VAPID public key, and
 * subscribe / unsubscribe with the visitor CSRF check, rate limited per address. The keys are
 * made (or read) when the app starts.
 */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config } = ctx;
  const service = pushService(ctx);
  const write = {
    rateLimit: { max: config.PUSH_RATE_LIMIT, timeWindow: '1 minute' },
    csrf: false,
  };
  const preValidation = visitorCsrfCheck(config);
  return async (app) => {
    await service.vapidKeys();
    app.addHook('onClose', () => service.close());

    app.get(
      readerPushPath.key,
      {
        config: { rateLimit: { max: config.CHANNEL_PAGE_RATE_LIMIT, timeWindow: '1 minute' } },
        schema: { tags, response: responses(pushKeyAnswer) },
      },
      async () => ok({ vapid_public_key: (await service.vapidKeys()).publicKey }),
    );

    app.post(
      readerPushPath.subscribe,
      {
        config: write,
        preValidation,
        schema: { tags, body: pushSubscriptionBody, response: responses(pushSubscribeAnswer) },
      },
      async (req, reply) =>
        ok(
          await subscribe(ctx, {
            deviceHash: ensureDevice(req, reply, config),
            userId: await ctx.sessions.userId(req),
            body: req.body,
          }),
        ),
    );

    app.post(
      readerPushPath.unsubscribe,
      {
        config: write,
        preValidation,
        schema: { tags, body: pushUnsubscribeBody, response: responses(pushSubscribeAnswer) },
      },
      async (req) => ok(await unsubscribe(ctx, { deviceHash: deviceHashOf(req), body: req.body })),
    );
  };
}
