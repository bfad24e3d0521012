import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  changePasswordParamsSchema,
  loginBodySchema,
} from '../../../shared/api/auth';
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
  const { auth, notifications, config } = app.deps;
  const cookie = sessionCookieOptions(config.production);
  const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  app.post('/auth/login', { schema: { body: loginBodySchema } }, async (request, reply) => {
    const { user, token } = await auth.login(request.body.email, request.body.password, client(request));
    reply.setCookie(SESSION_COOKIE, token, cookie);
    const panelUser = toPanelUser(user);
    return { success: true, user: panelUser, data: panelUser };
  });

  app.post('/auth/check', { schema: { body: emptyBody }, preValidation: requireUser }, async (request) => {
    const user = signedInUser(request);
    return { success: true, data: toPanelUser(user), notifs: await notifications.listFor(user) };
  });

  app.post('/auth/logout', { schema: { body: emptyBody } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await auth.logout(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  });

  app.patch(
    '/auth/change-password/:id',
    {
      schema: { params: changePasswordParamsSchema, body: changePasswordBodySchema },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      const { currentPassword, newPassword } = request.body;
      const token = await auth.changePassword(user, currentPassword, newPassword, client(request));
      reply.setCookie(SESSION_COOKIE, token, cookie);
      return { success: true, message: 'Password changed successfully' };
    },
  );
};
