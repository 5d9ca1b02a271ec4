import { api, createChannelBody, serviceRegisterBody, updateChannelBody } from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/errors';
import { responses } from '../../platform/schemas';
import { createChannel } from './create-channel';
import { deleteChannel } from './delete-channel';
import { listChannels } from './list-channels';
import { listIndustries } from './list-industries';
import { channelSchema, industrySchema, presentChannel } from './present';
import { registerService } from './register-service';
import { CHANNEL_PARAM, channelOf } from './scope';
import { updateChannel } from './update-channel';

const tags = ['channels'];
const one = responses({ channel: channelSchema });
const channelParams = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const oneChannel = `${api.channels}/:${CHANNEL_PARAM}`;

/** The channel-service calls that are not about one channel (§7): registration, industries, list, create. */
export function channelServiceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { sessions, config } = ctx;
  return async (app) => {
    app.post(
      api.channelServiceRegister,
      {
        schema: {
          tags,
          body: serviceRegisterBody,
          response: responses({ isUserRegisteredChannelService: z.boolean() }),
        },
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        await registerService(ctx, { userId });
        return ok({ isUserRegisteredChannelService: true });
      },
    );

    app.get(
      api.industries,
      { schema: { tags, response: responses({ industories: z.array(industrySchema) }) } },
      async (req) => ok({ industories: await listIndustries(ctx, { locale: req.locale }) }),
    );

    app.get(
      api.channels,
      {
        schema: {
          tags,
          response: responses({ channels: z.array(channelSchema), total_count: z.number().int() }),
        },
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        const { channels, total_count } = await listChannels(ctx, { userId });
        return ok({ channels: channels.map((c) => presentChannel(c, config.publicUrl)), total_count });
      },
    );

    app.post(api.channels, { schema: { tags, body: createChannelBody, response: one } }, async (req) => {
      const userId = await sessions.requireUserId(req);
      return ok({
        channel: presentChannel(await createChannel(ctx, { userId, body: req.body }), config.publicUrl),
      });
    });
  };
}

/** The calls about one channel; registered inside channelScope, which has loaded and authorised it. */
export function channelRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config } = ctx;
  return async (app) => {
    app.get(oneChannel, { schema: { tags, params: channelParams, response: one } }, async (req) =>
      ok({ channel: presentChannel(channelOf(req), config.publicUrl) }),
    );

    app.put(
      oneChannel,
      { schema: { tags, params: channelParams, body: updateChannelBody, response: one } },
      async (req) => {
        const channel = await updateChannel(ctx, { channel: channelOf(req), body: req.body });
        return ok({ channel: presentChannel(channel, config.publicUrl) });
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
