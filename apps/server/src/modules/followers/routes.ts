import { channelPath } from '@qrqr/shared/channel-paths';
import { channelCodeDownloadParams } from '@qrqr/shared/channel-schemas';
import {
  followerListQuery,
  followerListSchema,
  followerTagsAnswer,
  followerTagsBody,
  tagLinkAnswer,
} from '@qrqr/shared/follower-schemas';
import { tagLinkQuery } from '@qrqr/shared/tag-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { clientGone } from '../../platform/http/client-abort';
import { attachment, sendDownload } from '../../platform/http/download';
import { ok } from '../../platform/http/errors';
import { errorResponse, responses } from '../../platform/http/schemas';
import { listFollowers } from './list-followers';
import { makeFollowLink, renderFollowLinkCode } from './make-follow-link';
import { tagFollowers } from './tag-followers';

const tags = ['followers'];
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const channel = `:${CHANNEL_PARAM}`;

/** The operator's follower calls (user navigation, follow links), inside channelScope. */
export function followerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A tag search can pass thousands of followers: limited per address, and gated like the counts.
    app.get(
      channelPath.followers(channel),
      {
        config: { rateLimit: { max: ctx.config.FOLLOWER_LIST_RATE_LIMIT, timeWindow: '1 minute' } },
        schema: {
          tags,
          params,
          querystring: followerListQuery,
          response: responses(followerListSchema),
        },
      },
      async (req) => {
        const input = { channel: channelOf(req), page: req.query.page, tagIds: req.query.tag_ids ?? [] };
        const list = () => listFollowers(ctx, input);
        return ok(await (input.tagIds.length > 0 ? ctx.counts.run(list) : list()));
      },
    );

    app.post(
      channelPath.followerTags(channel),
      {
        schema: {
          tags,
          params,
          body: followerTagsBody,
          response: responses(followerTagsAnswer),
        },
      },
      async (req) => ok(await tagFollowers(ctx, { channel: channelOf(req), body: req.body })),
    );

    app.get(
      channelPath.tagLink(channel),
      { schema: { tags, params, querystring: tagLinkQuery, response: responses(tagLinkAnswer) } },
      async (req) => ok(await makeFollowLink(ctx, { channel: channelOf(req), tagIds: req.query.tag_ids })),
    );

    // The same link as a QR code file (a plain navigation), for the POP or flyer it is made for.
    app.get(
      channelPath.tagLinkCode(channel, ':format'),
      {
        config: { rateLimit: { max: ctx.config.QR_DOWNLOAD_RATE_LIMIT, timeWindow: '1 minute' } },
        schema: {
          tags,
          params: params.extend(channelCodeDownloadParams.shape),
          querystring: tagLinkQuery,
          description: 'The follow link of tag_ids as a QR code: format 1 PNG, 2 JPEG, 3 EPS, 4 SVG.',
          response: {
            200: z.unknown().describe('The image (Content-Disposition: attachment)'),
            '4xx': errorResponse,
            '5xx': errorResponse,
          },
        },
      },
      async (req, reply) => {
        const image = await renderFollowLinkCode(ctx, {
          channel: channelOf(req),
          tagIds: req.query.tag_ids,
          format: req.params.format as 1 | 2 | 3 | 4,
          signal: clientGone(reply),
        });
        return sendDownload(reply, { ...image, disposition: attachment(image.filename) });
      },
    );
  };
}
