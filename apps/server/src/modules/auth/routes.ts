import {
  activateBody,
  activatedAnswer,
  activationLinkAnswer,
  changeEmailRequestBody,
  changeEmailVerifyBody,
  changePasswordBody,
  csrfTokenAnswer,
  emailChangedAnswer,
  forgotPasswordRequestBody,
  forgotPasswordVerifyBody,
  signedInAnswer,
  signinBody,
  signupBody,
  unsubscribeBody,
  userInfoAnswer,
  userInfoBody,
} from '@qrqr/shared/auth-schemas';
import { toLocale } from '@qrqr/shared/limits';
import { api } from '@qrqr/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/core/context';
import { GUEST_HISTORY_COOKIE } from '../../platform/core/extension-points';
import { ok } from '../../platform/http/errors';
import { linkQuery, responses } from '../../platform/http/schemas';
import { changePassword, getUserInfo, unsubscribe, updateUserInfo } from './account';
import { activate, checkActivationLink } from './activate';
import { requestEmailChange, verifyEmailChange } from './email-change';
import { checkPasswordResetLink, requestPasswordReset, resetPassword } from './password-reset';
import { signIn } from './sign-in';
import { requestSignUp } from './sign-up';

const signedIn = responses(signedInAnswer);
const userAnswer = responses(userInfoAnswer);
const tags = ['auth'];

/** The account calls (/auth/qrqrid/…): validate, authorise, one service call, present. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { sessions } = ctx;
  const limited = { rateLimit: { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } };
  const signInLimited = { rateLimit: { max: ctx.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' } };

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
        schema: { tags, querystring: linkQuery, response: responses(activationLinkAnswer) },
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
      { schema: { tags, body: activateBody, response: responses(activatedAnswer) }, config: limited },
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

    app.post(api.signout, { schema: { tags, response: responses(csrfTokenAnswer) } }, async (req, reply) => {
      return ok({ csrf_token: await sessions.end(req, reply) });
    });

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

    app.get(api.userInfo, { schema: { tags, response: userAnswer } }, async (req) => {
      return ok({ user: await getUserInfo(ctx, await sessions.requireUserId(req)) });
    });

    app.post(api.userInfo, { schema: { tags, body: userInfoBody, response: userAnswer } }, async (req) => {
      const userId = await sessions.requireUserId(req);
      return ok({ user: await updateUserInfo(ctx, { userId, ...req.body }) });
    });

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
        schema: { tags, body: changeEmailVerifyBody, response: responses(emailChangedAnswer) },
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
        schema: { tags, body: unsubscribeBody, response: responses(csrfTokenAnswer) },
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
