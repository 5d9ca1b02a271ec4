import { followerListQuery, followerTagsBody, tagLinkQuery } from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHANNEL_PARAM, channelOf } from '../../platform/channel-scope';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/errors';
import { responses } from '../../platform/schemas';
import { listFollowers } from './list-followers';
import { makeFollowLink } from './make-follow-link';
import { followerSchema } from './present';
import { tagFollowers } from './tag-followers';

const tags = ['followers'];
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const under = (rest: string) => `/api/qrchannel/:${CHANNEL_PARAM}/${rest}`;

/** The operator's follower calls (user navigation, follow links), inside channelScope. */
export function followerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A tag search can pass thousands of followers: limited per address, and gated like the counts.
    app.get(
      under('followers'),
      {
        config: { rateLimit: { max: ctx.config.FOLLOWER_LIST_RATE_LIMIT, timeWindow: '1 minute' } },
        schema: {
          tags,
          params,
          querystring: followerListQuery,
          response: responses({
            followers: z.array(followerSchema),
            total_count: z.number().int().describe('Followers matching the tag search'),
            register_count: z.number().int().describe('Every follower of the channel'),
            page: z.number().int(),
            page_size: z.number().int(),
          }),
        },
      },
      async (req) => {
        const input = { channel: channelOf(req), page: req.query.page, tagIds: req.query.tag_ids ?? [] };
        const list = () => listFollowers(ctx, input);
        return ok(await (input.tagIds.length > 0 ? ctx.counts.run(list) : list()));
      },
    );

    app.post(
      under('followers/tags'),
      {
        schema: {
          tags,
          params,
          body: followerTagsBody,
          response: responses({ follower_ids: z.array(z.number().int()) }),
        },
      },
      async (req) => ok(await tagFollowers(ctx, { channel: channelOf(req), body: req.body })),
    );

    app.get(
      under('tag/link'),
      { schema: { tags, params, querystring: tagLinkQuery, response: responses({ url: z.string() }) } },
      async (req) => ok(await makeFollowLink(ctx, { channel: channelOf(req), tagIds: req.query.tag_ids })),
    );
  };
}
