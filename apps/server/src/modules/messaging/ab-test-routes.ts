import {
  abGroupsAnswer,
  abGroupsQuery,
  abTestListAnswer,
  abTestListQuery,
  abTestReportAnswer,
  abWinnerBody,
} from '@qrqr/shared/ab-test-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { idField } from '@qrqr/shared/id-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { abTestList, abTestReport } from './ab-test-view';
import { pickWinner } from './pick-winner';
import { groupSizeNow } from './save-ab-test';

const tags = ['messages'];
const C = `:${CHANNEL_PARAM}`;
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const oneParams = params.extend({ message_id: idField('validation.invalid') });

/**
 * A message's A/B test: the editor's live group sizes, its figures and verdict, the operator's pick;
 * and the channel's sent tests.
 */
export function abTestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      channelPath.messageAbTests(C),
      { schema: { tags, params, querystring: abTestListQuery, response: responses(abTestListAnswer) } },
      async (req) => ok(await abTestList(ctx, { channel: channelOf(req), query: req.query })),
    );

    app.get(
      channelPath.messageAbGroups(C),
      { schema: { tags, params, querystring: abGroupsQuery, response: responses(abGroupsAnswer) } },
      async (req) =>
        ok(
          await groupSizeNow(ctx, {
            channelId: channelOf(req).id,
            sendlistId: req.query.send_list_id,
            sharePercent: req.query.share_percent,
            variants: req.query.variants,
          }),
        ),
    );

    app.get(
      channelPath.messageAbTest(C, ':message_id'),
      { schema: { tags, params: oneParams, response: responses(abTestReportAnswer) } },
      async (req) =>
        ok(await abTestReport(ctx, { channel: channelOf(req), messageId: req.params.message_id })),
    );

    app.post(
      channelPath.messageAbWinner(C),
      { schema: { tags, params, body: abWinnerBody, response: responses(abTestReportAnswer) } },
      async (req) =>
        ok(
          await pickWinner(ctx, {
            channel: channelOf(req),
            messageId: req.body.message_id,
            variant: req.body.variant,
          }),
        ),
    );
  };
}
