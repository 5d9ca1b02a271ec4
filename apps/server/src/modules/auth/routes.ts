import {
  activateBody,
  api,
  changeEmailRequestBody,
  changeEmailVerifyBody,
  changePasswordBody,
  forgotPasswordRequestBody,
  forgotPasswordVerifyBody,
  signinBody,
  signupBody,
  toLocale,
  unsubscribeBody,
  userInfoBody,
} from '@qrqr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GUEST_HISTORY_COOKIE } from '../../platform/account-hooks';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/errors';
import { linkQuery, responses } from '../../platform/schemas';
import { changePassword, getUserInfo, unsubscribe, updateUserInfo } from './account';
import { activate, checkActivationLink } from './activate';
import { requestEmailChange, verifyEmailChange } from './email-change';
import { registerAuthJobs } from './jobs';
import { checkPasswordResetLink, requestPasswordReset, resetPassword } from './password-reset';
import { signIn } from './sign-in';
import { requestSignUp } from './sign-up';

const user = z.object({
  user_id: z.string(),
  user_name: z.string(),
  company_name: z.string(),
  email: z.string(),
});
const signedIn = responses({ user, csrf_token: z.string() });
const activated = responses({
  user,
  csrf_token: z.string(),
  next: z
    .string()
    .optional()
    .describe('The screen to open first, e.g. the read log of an accepted invitation'),
});
/** `email` for a link still to be used; `signed_in` when the account is already active. */
const activationLinkState = {
  state: z.enum(['pending', 'active']),
  email: z.string().optional(),
  signed_in: z.boolean().optional(),
};
const tags = ['auth'];

/** The account calls of spec §7: validate, authorise, one service call, present. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { sessions } = ctx;
  const limited = { rateLimit: { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } };
  const signInLimited = { rateLimit: { max: ctx.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' } };

  registerAuthJobs(ctx);

  return async (app) => {
    app.post(
      api.signup,
      { schema: { tags, body: signupBody, response: responses() }, config: limited },
      async (req) => {
        const carryOverKey = req.body.migrate ? (req.cookies[GUEST_HISTORY_COOKIE] ?? null) : null;
        const locale = toLocale(req.body.language ?? req.locale);
        await requestSignUp(ctx, {
          email: req.body.email,
          locale,
          carryOverKey,
          invitationCode: req.body.code,
        });
        return ok();
      },
    );

    app.get(
      api.activateCheck,
      {
        schema: { tags, querystring: linkQuery, response: responses(activationLinkState) },
        config: limited,
      },
      async (req) =>
        ok(
          await checkActivationLink(ctx, {
            userId: req.query.user_id,
            code: req.query.confirmation_code,
            sessionUserId: await sessions.userId(req),
          }),
        ),
    );

    app.post(
      api.activate,
      { schema: { tags, body: activateBody, response: activated }, config: limited },
      async (req, reply) => {
        const { userId, next } = await activate(ctx, req.body);
        const csrf_token = await sessions.start(req, reply, userId);
        return ok({ user: await getUserInfo(ctx, userId), csrf_token, ...(next ? { next } : {}) });
      },
    );

    app.post(
      api.signin,
      { schema: { tags, body: signinBody, response: signedIn }, config: signInLimited },
      async (req, reply) => {
        const userId = await signIn(ctx, req.body);
        const csrf_token = await sessions.start(req, reply, userId);
        return ok({ user: await getUserInfo(ctx, userId), csrf_token });
      },
    );

    app.post(
      api.signout,
      { schema: { tags, response: responses({ csrf_token: z.string() }) } },
      async (req, reply) => {
        return ok({ csrf_token: await sessions.end(req, reply) });
      },
    );

    app.post(
      api.forgotRequest,
      { schema: { tags, body: forgotPasswordRequestBody, response: responses() }, config: limited },
      async (req) => {
        await requestPasswordReset(ctx, {
          email: req.body.email,
          locale: toLocale(req.body.language ?? req.locale),
        });
        return ok();
      },
    );

    app.get(
      api.forgotCheck,
      { schema: { tags, querystring: linkQuery, response: responses() }, config: limited },
      async (req) => {
        await checkPasswordResetLink(ctx, { userId: req.query.user_id, code: req.query.confirmation_code });
        return ok();
      },
    );

    app.post(
      api.forgotVerify,
      { schema: { tags, body: forgotPasswordVerifyBody, response: responses() }, config: limited },
      async (req) => {
        await resetPassword(ctx, req.body);
        return ok();
      },
    );

    app.get(api.userInfo, { schema: { tags, response: responses({ user }) } }, async (req) => {
      return ok({ user: await getUserInfo(ctx, await sessions.requireUserId(req)) });
    });

    app.post(
      api.userInfo,
      { schema: { tags, body: userInfoBody, response: responses({ user }) } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ user: await updateUserInfo(ctx, { userId, ...req.body }) });
      },
    );

    app.post(
      api.changeEmailRequest,
      { schema: { tags, body: changeEmailRequestBody, response: responses() }, config: limited },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        const locale = toLocale(req.body.language ?? req.locale);
        await requestEmailChange(ctx, { userId, newEmail: req.body.new_email, locale });
        return ok();
      },
    );

    app.post(
      api.changeEmailVerify,
      {
        schema: { tags, body: changeEmailVerifyBody, response: responses({ email: z.string() }) },
        config: limited,
      },
      async (req) =>
        ok(await verifyEmailChange(ctx, { userId: req.body.user_id, code: req.body.confirmation_code })),
    );

    app.post(
      api.changePassword,
      { schema: { tags, body: changePasswordBody, response: responses() }, config: limited },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        await changePassword(ctx, { userId, ...req.body });
        await sessions.revokeAll(userId, req);
        return ok();
      },
    );

    app.post(
      api.unsubscribe,
      {
        schema: { tags, body: unsubscribeBody, response: responses({ csrf_token: z.string() }) },
        config: limited,
      },
      async (req, reply) => {
        const userId = await sessions.requireUserId(req);
        await unsubscribe(ctx, { userId, password: req.body.password });
        return ok({ csrf_token: await sessions.end(req, reply) });
      },
    );
  };
}
