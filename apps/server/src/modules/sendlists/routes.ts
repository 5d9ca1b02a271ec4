import { channelPath } from '@qrqr/shared/channel-paths';
import { idField } from '@qrqr/shared/id-schemas';
import {
  audienceCountAnswer,
  saveSendlistBody,
  sendlistAnswer,
  sendlistFilterBody,
  sendlistIdsBody,
  sendlistListAnswer,
  sendlistReservedAnswer,
} from '@qrqr/shared/sendlist-schemas';
import { deletedCountAnswer } from '@qrqr/shared/tag-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { countReach } from './count-reach';
import { deleteSendlists } from './delete-sendlists';
import { getSendlist, listSendlists } from './list-sendlists';
import { reservedCounts } from './reserved-counts';
import { saveSendlist } from './save-sendlist';

const tags = ['sendlists'];
const base = channelPath.sendlists(`:${CHANNEL_PARAM}`);
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const oneParams = params.extend({
  sendlist_id: idField('validation.invalid'),
});
const one = responses(sendlistAnswer);

/**
 * The send-list calls (/qrchannel/{channel}/sendlist…); registered inside channelScope, which has
 * loaded and authorised the channel.
 */
export function sendlistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // These calls count audiences over up to 100,000 followers: limited per address (enough for the
  // editor to count on every edit) and gated (ctx.counts) so a burst queues, then meets E-503.
  const countLimited = { rateLimit: { max: ctx.config.SENDLIST_COUNT_RATE_LIMIT, timeWindow: '1 minute' } };
  return async (app) => {
    app.get(
      base,
      {
        config: countLimited,
        schema: {
          tags,
          params,
          response: responses(sendlistListAnswer),
        },
      },
      async (req) => {
        const sendlist = await ctx.counts.run(() => listSendlists(ctx, { channel: channelOf(req) }));
        return ok({ sendlist, total_count: sendlist.length });
      },
    );

    // One list's detail counts its reach too: limited and gated like the other counts.
    app.get(
      channelPath.sendlist(`:${CHANNEL_PARAM}`, ':sendlist_id'),
      { config: countLimited, schema: { tags, params: oneParams, response: one } },
      async (req) =>
        ok({
          sendlist: await ctx.counts.run(() =>
            getSendlist(ctx, { channel: channelOf(req), id: req.params.sendlist_id }),
          ),
        }),
    );

    app.post(base, { schema: { tags, params, body: saveSendlistBody, response: one } }, async (req) =>
      ok({ sendlist: await saveSendlist(ctx, { channel: channelOf(req), body: req.body }) }),
    );

    app.delete(
      base,
      {
        schema: {
          tags,
          params,
          body: sendlistIdsBody,
          response: responses(deletedCountAnswer),
        },
      },
      async (req) =>
        ok({
          deleted_count: await deleteSendlists(ctx, { channel: channelOf(req), ids: req.body.sendlist_ids }),
        }),
    );

    app.post(
      channelPath.sendlistReserved(`:${CHANNEL_PARAM}`),
      {
        schema: {
          tags,
          params,
          body: sendlistIdsBody,
          response: responses(sendlistReservedAnswer),
        },
      },
      async (req) =>
        ok({
          reserved: await reservedCounts(ctx, { channel: channelOf(req), ids: req.body.sendlist_ids }),
        }),
    );

    // The editor's live reach: the same query the saved list will use.
    app.post(
      channelPath.sendlistCount(`:${CHANNEL_PARAM}`),
      {
        config: countLimited,
        schema: { tags, params, body: sendlistFilterBody, response: responses(audienceCountAnswer) },
      },
      async (req) => ok({ count: await countReach(ctx, { channel: channelOf(req), filter: req.body }) }),
    );
  };
}
