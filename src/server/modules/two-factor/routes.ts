import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInResponseSchema } from '../../../shared/api/auth';
import { done, failures } from '../../../shared/api/common';
import {
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  enableTwoFactorResponseSchema,
  twoFactorSetupResponseSchema,
  verifyTwoFactorBodySchema,
} from '../../../shared/api/two-factor';
import { SESSION_COOKIE, requireUser, sessionCookieOptions, signedInUser } from '../../plugins/auth-guards';
import { toPanelUser } from '../users/user-repository';

/** Two-factor sign-in: enrolment and its removal on the account screen, and the code step of a login. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { twoFactor, resellers, config } = app.deps;
  const cookie = sessionCookieOptions(config.production);

  app.post(
    '/auth/2fa/setup',
    {
      schema: {
        summary: 'Start two-factor enrolment: a new secret, its otpauth:// link and QR code',
        response: { 200: twoFactorSetupResponseSchema, ...failures(401, 409, 503) },
      },
      config: {
        audit: { exempt: 'a pending secret, in force only once enabled (which is recorded)' },
        duringTwoFactorEnrolment: true,
      },
      preValidation: requireUser,
    },
    async (request) => ({ success: true as const, ...(await twoFactor.setup(signedInUser(request))) }),
  );

  app.post(
    '/auth/2fa/enable',
    {
      schema: {
        summary: 'Confirm enrolment with a first code; answers the recovery codes (other sessions end)',
        body: enableTwoFactorBodySchema,
        response: { 200: enableTwoFactorResponseSchema, ...failures(400, 401, 409, 429, 503) },
      },
      config: { audit: { records: ['two_factor.enabled'] }, duringTwoFactorEnrolment: true },
      preValidation: requireUser,
    },
    async (request) => {
      const user = signedInUser(request);
      const codes = await twoFactor.enable(user, request.body.code, request.cookies[SESSION_COOKIE]);
      return { success: true as const, recovery_codes: codes };
    },
  );

  app.post(
    '/auth/2fa/disable',
    {
      config: { audit: { records: ['two_factor.disabled'] } },
      schema: {
        summary: 'Turn two-factor sign-in off with the password and a code (other sessions end)',
        body: disableTwoFactorBodySchema,
        response: { 200: done, ...failures(400, 401, 409, 429, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const { password, code } = request.body;
      await twoFactor.disable(signedInUser(request), password, code, request.cookies[SESSION_COOKIE]);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/2fa/verify',
    {
      config: { audit: { records: ['auth.signed_in'] } },
      schema: {
        summary:
          "A login's code step: the step token and a code (authenticator or recovery) give the session",
        body: verifyTwoFactorBodySchema,
        response: { 200: signedInResponseSchema, ...failures(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      const { step_token: stepToken, code } = request.body;
      const { user, token } = await twoFactor.verify(stepToken, code, client);
      reply.setCookie(SESSION_COOKIE, token, cookie);
      const panelUser = toPanelUser(user, await resellers.mayAddSubResellers(user));
      return { success: true as const, user: panelUser, data: panelUser };
    },
  );
};
