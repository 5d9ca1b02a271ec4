import { messageWithTestAnswer, saveMessageWithTestBody } from '@qrqr/shared/ab-test-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { idField } from '@qrqr/shared/id-schemas';
import {
  cancelMessagesAnswer,
  couponCancelBody,
  messageAnswer,
  messageIdsBody,
  messageListAnswer,
  messageListQuery,
  notifyMessageAnswer,
  notifyMessageBody,
} from '@qrqr/shared/message-schemas';
import { messageTestPushAnswer, messageTestPushBody, messageWithdrawBody } from '@qrqr/shared/push-schemas';
import { deletedCountAnswer } from '@qrqr/shared/tag-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { cancelCoupon } from './cancel-coupon';
import { cancelMessages } from './cancel-messages';
import { deleteItems } from './delete-items';
import { getMessage } from './get-message';
import { listMessages } from './list-messages';
import { notifyMessage } from './notify-message';
import { saveMessage } from './save-message';
import { testPushMessage } from './test-push';
import { withdrawMessage } from './withdraw-message';

const tags = ['messages'];
const C = `:${CHANNEL_PARAM}`;
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const oneParams = params.extend({ message_id: idField('validation.invalid') });
const one = responses(messageAnswer);
const withTest = responses(messageWithTestAnswer);

/**
 * The message calls (list, save, reserve, cancel, delete, test push, withdraw) and the coupon
 * cancel, inside channelScope.
 */
export function messageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      channelPath.messages(C),
      { schema: { tags, params, querystring: messageListQuery, response: responses(messageListAnswer) } },
      async (req) => ok(await listMessages(ctx, { channel: channelOf(req), query: req.query })),
    );

    app.get(
      channelPath.message(C, ':message_id'),
      { schema: { tags, params: oneParams, response: withTest } },
      async (req) => ok(await getMessage(ctx, { channel: channelOf(req), id: req.params.message_id })),
    );

    app.get(
      channelPath.messageReserved(C, ':message_id'),
      { schema: { tags, params: oneParams, response: withTest } },
      async (req) =>
        ok(await getMessage(ctx, { channel: channelOf(req), id: req.params.message_id, reserved: true })),
    );

    app.post(
      channelPath.messages(C),
      { schema: { tags, params, body: saveMessageWithTestBody, response: withTest } },
      async (req) => ok(await saveMessage(ctx, { channel: channelOf(req), body: req.body })),
    );

    app.post(
      channelPath.messageNotify(C),
      { schema: { tags, params, body: notifyMessageBody, response: responses(notifyMessageAnswer) } },
      async (req) =>
        ok(await notifyMessage(ctx, { channel: channelOf(req), messageId: req.body.message_id })),
    );

    app.post(
      channelPath.messageCancel(C),
      { schema: { tags, params, body: messageIdsBody, response: responses(cancelMessagesAnswer) } },
      async (req) =>
        ok({ messages: await cancelMessages(ctx, { channel: channelOf(req), ids: req.body.message_ids }) }),
    );

    app.post(
      channelPath.messageDelete(C),
      { schema: { tags, params, body: messageIdsBody, response: responses(deletedCountAnswer) } },
      async (req) =>
        ok({
          deleted_count: await deleteItems(ctx, {
            channel: channelOf(req),
            kind: 'message',
            ids: req.body.message_ids,
          }),
        }),
    );

    // The editor's test push to the operator's own devices, and withdrawing a sent message.
    app.post(
      channelPath.messageTestPush(C),
      {
        config: { rateLimit: { max: ctx.config.PUSH_TEST_RATE_LIMIT, timeWindow: '1 minute' } },
        schema: { tags, params, body: messageTestPushBody, response: responses(messageTestPushAnswer) },
      },
      async (req) =>
        ok(await testPushMessage(ctx, { channel: channelOf(req), body: req.body, locale: req.locale })),
    );

    app.post(
      channelPath.messageWithdraw(C),
      { schema: { tags, params, body: messageWithdrawBody, response: one } },
      async (req) =>
        ok({
          message: await withdrawMessage(ctx, { channel: channelOf(req), messageId: req.body.message_id }),
        }),
    );

    app.post(
      channelPath.couponCancel(C, ':message_id'),
      { schema: { tags, params: oneParams, body: couponCancelBody, response: one } },
      async (req) =>
        ok({
          message: await cancelCoupon(ctx, {
            channel: channelOf(req),
            messageId: req.params.message_id,
            text: req.body.text_description,
          }),
        }),
    );
  };
}
