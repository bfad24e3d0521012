import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  changePasswordParamsSchema,
  checkResponseSchema,
  loginBodySchema,
  loginResponseSchema,
} from '../../../shared/api/auth';
import { done, failures } from '../../../shared/api/common';
import {
  SESSION_COOKIE,
  requireSelf,
  requireUser,
  sessionCookieOptions,
  signedInUser,
} from '../../plugins/auth-guards';
import { toPanelUser } from '../users/user-repository';

/** Fastify passes null for a POST without a body; SPEC's client sends `{}`. Both are fine. */
const emptyBody = z.strictObject({}).nullish();

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, notifications, resellers, config } = app.deps;
  const cookie = sessionCookieOptions(config.production);
  const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Panel sign-in (sets the session cookie)',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...failures(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.login(request.body.email, request.body.password, client(request));
      reply.setCookie(SESSION_COOKIE, token, cookie);
      const panelUser = toPanelUser(user, await resellers.mayAddSubResellers(user));
      return { success: true as const, user: panelUser, data: panelUser };
    },
  );

  app.post(
    '/auth/check',
    {
      schema: {
        summary: 'The signed-in panel user and their latest notifications',
        body: emptyBody,
        response: { 200: checkResponseSchema, ...failures(400, 401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const user = signedInUser(request);
      return {
        success: true as const,
        data: toPanelUser(user, await resellers.mayAddSubResellers(user)),
        notifs: await notifications.listFor(user),
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: { summary: 'Panel sign-out', body: emptyBody, response: { 200: done, ...failures(400, 503) } },
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
};
