import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPreferencesResponseSchema,
  accountPreferencesSchema,
  changePasswordBodySchema,
  changePasswordParamsSchema,
  checkResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  resetPasswordBodySchema,
  revokeOthersResponseSchema,
  sessionListResponseSchema,
  sessionParamsSchema,
} from '../../../shared/api/auth';
import { LANGUAGE_COOKIE, matchLanguage } from '../../../shared/languages';
import { notFound } from '../../errors';
import { hashToken } from '../security/tokens';
import { sessionId } from './auth-service';
import { done, emptyBodySchema, failures } from '../../../shared/api/common';
import {
  SESSION_COOKIE,
  requireSelf,
  requireUser,
  sessionCookieOptions,
  signedInUser,
} from '../../plugins/auth-guards';
import { toPanelUser } from '../users/user-repository';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, notifications, resellers, passwordResets, config, twoFactor } = app.deps;
  const cookie = sessionCookieOptions(config.production);
  const client = (request: {
    ip: string;
    headers: { 'user-agent'?: string };
    cookies: Record<string, string | undefined>;
  }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    language: matchLanguage(request.cookies[LANGUAGE_COOKIE]),
  });
  /** The session cookie's token; only called behind requireUser, which proved it is there. */
  const currentToken = (request: { cookies: Record<string, string | undefined> }) =>
    request.cookies[SESSION_COOKIE] ?? '';
  /** PASSWORD_RESET=off: the two calls do not exist. */
  const requirePasswordReset = async () => {
    if (!config.passwordReset) throw notFound('Route not found');
  };

  app.post(
    '/auth/login',
    {
      config: {
        audit: {
          records: ['auth.signed_in'],
          notAlways:
            'with two-factor on, the password alone starts no session: the code step records the sign-in',
        },
      },
      schema: {
        summary: 'Panel sign-in (sets the session cookie)',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...failures(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const signIn = await auth.login(request.body.email, request.body.password, client(request));
      // Two-factor on: no session yet, only the step token for POST /auth/2fa/verify.
      if ('stepToken' in signIn) {
        return { success: true as const, two_factor_required: true as const, step_token: signIn.stepToken };
      }
      const { user, token } = signIn;
      reply.setCookie(SESSION_COOKIE, token, cookie);
      const panelUser = toPanelUser(
        user,
        await resellers.mayAddSubResellers(user),
        twoFactor.enrolmentRequired(user),
      );
      return { success: true as const, user: panelUser, data: panelUser };
    },
  );

  app.post(
    '/auth/check',
    {
      schema: {
        summary: 'The signed-in panel user and their latest notifications',
        body: emptyBodySchema,
        response: { 200: checkResponseSchema, ...failures(400, 401, 503) },
      },
      config: {
        audit: { exempt: 'reads the session and its notifications' },
        duringTwoFactorEnrolment: true,
      },
      preValidation: requireUser,
    },
    async (request) => {
      const user = signedInUser(request);
      return {
        success: true as const,
        data: toPanelUser(user, await resellers.mayAddSubResellers(user), twoFactor.enrolmentRequired(user)),
        notifs: await notifications.listFor(user),
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: {
        audit: { records: ['auth.signed_out'], notAlways: 'without a live session there is nothing to end' },
      },
      schema: {
        summary: 'Panel sign-out',
        body: emptyBodySchema,
        response: { 200: done, ...failures(400, 503) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true as const };
    },
  );

  app.patch(
    '/auth/change-password/:id',
    {
      config: { audit: { records: ['auth.password_changed'] } },
      schema: {
        summary: "Change the signed-in user's password (other sessions end)",
        params: changePasswordParamsSchema,
        body: changePasswordBodySchema,
        response: { 200: done, ...failures(400, 401, 403, 429, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      const { currentPassword, newPassword } = request.body;
      const token = await auth.changePassword(user, currentPassword, newPassword, client(request));
      reply.setCookie(SESSION_COOKIE, token, cookie);
      return { success: true as const, message: 'Password changed successfully' };
    },
  );

  app.put(
    '/auth/preferences',
    {
      config: {
        audit: {
          records: ['account.preferences_changed'],
          notAlways: 'setting the values the account already has changes nothing',
        },
      },
      schema: {
        summary: "Set the signed-in account's e-mail preferences (the daily expiry digest)",
        body: accountPreferencesSchema,
        response: { 200: accountPreferencesResponseSchema, ...failures(400, 401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await auth.setPreferences(signedInUser(request), request.body),
    }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: {
        audit: {
          records: ['password_reset.requested'],
          notAlways: 'an unknown address records nothing, and is answered the same',
        },
      },
      schema: {
        summary: 'E-mail a password-reset link (the same answer whether or not the account exists)',
        body: forgotPasswordBodySchema,
        response: { 200: done, ...failures(400, 404, 429, 503) },
      },
      preValidation: requirePasswordReset,
    },
    async (request) => {
      await passwordResets.requestReset(request.body.email, request.ip);
      return {
        success: true as const,
        message: 'If an account uses this address, a link to reset its password is on its way.',
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { audit: { records: ['password.reset'] } },
      schema: {
        summary: "Set a new password with an e-mailed link's token (every session of the account ends)",
        body: resetPasswordBodySchema,
        response: { 200: done, ...failures(400, 404, 503) },
      },
      preValidation: requirePasswordReset,
    },
    async (request) => {
      await passwordResets.resetPassword(request.body.token, request.body.password);
      return { success: true as const, message: 'Password reset: sign in with the new password' };
    },
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        summary: "The signed-in account's sessions (the current one is marked)",
        response: { 200: sessionListResponseSchema, ...failures(401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await auth.listSessions(signedInUser(request), currentToken(request)),
    }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: { audit: { records: ['auth.session_ended'] } },
      schema: {
        summary: "End one of the signed-in account's sessions",
        params: sessionParamsSchema,
        response: { 200: done, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      await auth.endSession(signedInUser(request), request.params.id);
      // Ending this very session is signing out.
      if (request.params.id === sessionId(hashToken(currentToken(request)))) {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
      return { success: true as const };
    },
  );

  app.post(
    '/auth/sessions/revoke-others',
    {
      config: { audit: { records: ['auth.sessions_ended'] } },
      schema: {
        summary: 'End every session of the signed-in account except this one',
        body: emptyBodySchema,
        response: { 200: revokeOthersResponseSchema, ...failures(400, 401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => ({
      success: true as const,
      data: { ended: await auth.endOtherSessions(signedInUser(request), currentToken(request)) },
    }),
  );
};
