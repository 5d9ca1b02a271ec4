import { channelPath } from '@qrqr/shared/channel-paths';
import { idField } from '@qrqr/shared/id-schemas';
import { deletedCountAnswer } from '@qrqr/shared/tag-schemas';
import {
  deleteWelcomeBody,
  notifyWelcomeBody,
  saveWelcomeMessageBody,
  stopWelcomeBody,
  welcomeMessageAnswer,
  welcomeMessageListAnswer,
} from '@qrqr/shared/welcome-message-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { deleteItems } from './delete-items';
import { getWelcome, listWelcome } from './list-welcome';
import { notifyWelcome } from './notify-welcome';
import { saveWelcome } from './save-welcome';
import { stopWelcome } from './stop-welcome';

const tags = ['welcome messages'];
const C = `:${CHANNEL_PARAM}`;
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const one = responses(welcomeMessageAnswer);

/** The welcome-message calls (list, get, save, turn on, stop, delete), inside channelScope. */
export function welcomeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      channelPath.welcomeMessages(C),
      { schema: { tags, params, response: responses(welcomeMessageListAnswer) } },
      async (req) => {
        const messages = await listWelcome(ctx, { channel: channelOf(req) });
        return ok({ messages, total_count: messages.length });
      },
    );

    app.get(
      channelPath.welcomeMessage(C, ':message_id'),
      {
        schema: { tags, params: params.extend({ message_id: idField('validation.invalid') }), response: one },
      },
      async (req) =>
        ok({ message: await getWelcome(ctx, { channel: channelOf(req), id: req.params.message_id }) }),
    );

    app.post(
      channelPath.welcomeMessages(C),
      { schema: { tags, params, body: saveWelcomeMessageBody, response: one } },
      async (req) => ok({ message: await saveWelcome(ctx, { channel: channelOf(req), body: req.body }) }),
    );

    app.post(
      channelPath.welcomeNotify(C),
      { schema: { tags, params, body: notifyWelcomeBody, response: one } },
      async (req) => ok({ message: await notifyWelcome(ctx, { channel: channelOf(req), body: req.body }) }),
    );

    app.post(
      channelPath.welcomeStop(C),
      { schema: { tags, params, body: stopWelcomeBody, response: one } },
      async (req) =>
        ok({ message: await stopWelcome(ctx, { channel: channelOf(req), id: req.body.message_id }) }),
    );

    app.post(
      channelPath.welcomeDelete(C),
      { schema: { tags, params, body: deleteWelcomeBody, response: responses(deletedCountAnswer) } },
      async (req) =>
        ok({
          deleted_count: await deleteItems(ctx, {
            channel: channelOf(req),
            kind: 'welcome',
            ids: req.body.message_ids,
          }),
        }),
    );
  };
}
