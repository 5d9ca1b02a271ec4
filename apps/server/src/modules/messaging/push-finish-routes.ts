import { channelPath } from '@qrqr/shared/channel-paths';
import { pushFinishAnswer, pushFinishQuery } from '@qrqr/shared/push-finish-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { secondsToMs } from './api-times';
import { pushFinishNow } from './push-finish-now';

const tags = ['messages'];
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });

/** The editor's projected finish of a send's pushes (no-store, like every API answer). */
export function pushFinishRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      channelPath.messagePushFinish(`:${CHANNEL_PARAM}`),
      { schema: { tags, params, querystring: pushFinishQuery, response: responses(pushFinishAnswer) } },
      async (req) =>
        ok(
          await pushFinishNow(ctx, {
            channel: channelOf(req),
            sendlistId: req.query.send_list_id,
            sendAt: secondsToMs(req.query.send_dt),
            sharePercent: req.query.share_percent,
            variants: req.query.variants,
            now: Date.now(),
          }),
        ),
    );
  };
}
