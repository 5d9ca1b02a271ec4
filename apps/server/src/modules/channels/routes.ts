import { channelPath } from '@qrqr/shared/channel-paths';
import {
  channelAnswer,
  channelCodeDownloadParams,
  channelListAnswer,
  createChannelBody,
  industryListAnswer,
  serviceRegisterAnswer,
  serviceRegisterBody,
  updateChannelBody,
} from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { clientGone } from '../../platform/http/client-abort';
import { attachment, sendDownload } from '../../platform/http/download';
import { ok } from '../../platform/http/errors';
import { errorResponse, responses } from '../../platform/http/schemas';
import { type ChannelCodeFormat, renderChannelCode } from './channel-code-image';
import { createChannel } from './create-channel';
import { deleteChannel } from './delete-channel';
import { listChannels } from './list-channels';
import { listIndustries } from './list-industries';
import { presentChannels, presentOneChannel } from './present';
import { registerService } from './register-service';
import { updateChannel } from './update-channel';

const tags = ['channels'];
const one = responses(channelAnswer);
const channelParams = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const oneChannel = `${api.channels}/:${CHANNEL_PARAM}`;

/** The channel-service calls that are not about one channel: registration, industries, list, create. */
export function channelServiceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { sessions } = ctx;
  return async (app) => {
    app.post(
      api.channelServiceRegister,
      {
        schema: {
          tags,
          body: serviceRegisterBody,
          response: responses(serviceRegisterAnswer),
        },
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        await registerService(ctx, { userId });
        return ok({ isUserRegisteredChannelService: true });
      },
    );

    app.get(api.industries, { schema: { tags, response: responses(industryListAnswer) } }, async (req) =>
      ok({ industories: await listIndustries(ctx, { locale: req.locale }) }),
    );

    app.get(
      api.channels,
      {
        schema: {
          tags,
          response: responses(channelListAnswer),
        },
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        const { channels, total_count } = await listChannels(ctx, { userId });
        return ok({ channels: presentChannels(ctx, channels), total_count });
      },
    );

    app.post(api.channels, { schema: { tags, body: createChannelBody, response: one } }, async (req) => {
      const userId = await sessions.requireUserId(req);
      return ok(presentOneChannel(ctx, await createChannel(ctx, { userId, body: req.body })));
    });
  };
}

/** The calls about one channel; registered inside channelScope, which has loaded and authorised it. */
export function channelRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config } = ctx;
  const downloadLimited = { rateLimit: { max: config.QR_DOWNLOAD_RATE_LIMIT, timeWindow: '1 minute' } };
  return async (app) => {
    // A plain navigation from the settings screen: the channel's own code as a file.
    app.get(
      channelPath.codeDownload(`:${CHANNEL_PARAM}`, ':format'),
      {
        schema: {
          tags,
          params: channelParams.extend(channelCodeDownloadParams.shape),
          description: 'The channel code (it holds channel_page_url): format 1 PNG, 2 JPEG, 3 EPS, 4 SVG.',
          response: {
            200: z.unknown().describe('The image (Content-Disposition: attachment)'),
            '4xx': errorResponse,
            '5xx': errorResponse,
          },
        },
        config: downloadLimited,
      },
      async (req, reply) => {
        const format = req.params.format as ChannelCodeFormat;
        const image = await renderChannelCode(ctx, {
          channel: channelOf(req),
          format,
          signal: clientGone(reply),
        });
        return sendDownload(reply, { ...image, disposition: attachment(image.filename) });
      },
    );

    app.get(oneChannel, { schema: { tags, params: channelParams, response: one } }, async (req) =>
      ok(presentOneChannel(ctx, channelOf(req))),
    );

    app.put(
      oneChannel,
      { schema: { tags, params: channelParams, body: updateChannelBody, response: one } },
      async (req) => {
        const channel = await updateChannel(ctx, { channel: channelOf(req), body: req.body });
        return ok(presentOneChannel(ctx, channel));
      },
    );

    app.delete(
      oneChannel,
      { schema: { tags, params: channelParams, response: responses() } },
      async (req) => {
        await deleteChannel(ctx, { channel: channelOf(req) });
        return ok();
      },
    );
  };
}
