import { toLocale } from '@qrqr/shared/limits';
import { api } from '@qrqr/shared/paths';
import {
  shareAcceptAnswer,
  shareCodeBody,
  shareDeleteQuery,
  shareInputBody,
  shareInvitationQuery,
  shareInvitationSchema,
  shareInvitedAnswer,
  shareMessageSchema,
} from '@qrqr/shared/sharing-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { acceptInvitation, describeInvitation } from './accept';
import { inviteToCode, openInviteBudget } from './invite';
import { releaseShare } from './release';
import { shareMessage } from './share-message';

const tags = ['sharing'];
/** The sharing calls (/qrcode/share/…), invitation look-up and acceptance: validate, authorise, one call. */
export function sharingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { sessions, config } = ctx;
  // Each invitation sends mail, and a code guessed at the look-up would be a share: both limited
  // per address (the mails also per member, in inviteToCode).
  const limited = { rateLimit: { max: config.SHARE_RATE_LIMIT, timeWindow: '1 minute' } };
  const inviteBudget = openInviteBudget(ctx);

  return async (app) => {
    app.post(
      api.shareInput,
      {
        schema: { tags, body: shareInputBody, response: responses(shareInvitedAnswer) },
        config: limited,
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        const locale = toLocale(req.locale);
        return ok(await inviteToCode(ctx, { userId, body: req.body, locale, budget: inviteBudget }));
      },
    );

    app.get(
      `${api.shareMessage}:id`,
      {
        schema: {
          tags,
          params: z.object({ id: z.string().min(1).max(64) }),
          response: responses(shareMessageSchema),
        },
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok(await shareMessage(ctx, { userId, id: req.params.id }));
      },
    );

    // Releasing a share is a GET in the public contract yet changes data: the same CSRF check as a POST.
    app.get(
      api.shareDelete,
      { schema: { tags, querystring: shareDeleteQuery, response: responses() }, config: { csrf: true } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        await releaseShare(ctx, { userId, qrId: req.query.qrid, uid: req.query.uid });
        return ok();
      },
    );

    app.get(
      api.shareInvitation,
      {
        schema: {
          tags,
          querystring: shareInvitationQuery,
          response: responses(shareInvitationSchema),
        },
        config: limited,
      },
      async (req) => {
        const userId = await sessions.userId(req);
        return ok(await describeInvitation(ctx, { code: req.query.code, userId }));
      },
    );

    app.post(
      api.shareAccept,
      { schema: { tags, body: shareCodeBody, response: responses(shareAcceptAnswer) }, config: limited },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ qr_id: await acceptInvitation(ctx, { userId, code: req.body.code }) });
      },
    );
  };
}
