import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/api/auth';
import type { UserRow } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../errors';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; routes behind a guard read it with signedInUser(request). */
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /** The route works for a session that REQUIRE_2FA confines to enrolment (docs/decisions/0016). */
    duringTwoFactorEnrolment?: boolean;
  }
}

export function sessionCookieOptions(production: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: production, path: '/' };
}

/**
 * preValidation hook: the request must carry a live panel session. It runs before the body is
 * validated, so a caller without a session learns nothing about the payload's rules.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  const user = token ? await request.server.deps.auth.authenticate(token) : null;
  if (!user) {
    if (token) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    throw unauthorized();
  }
  if (
    !request.routeOptions.config.duringTwoFactorEnrolment &&
    request.server.deps.twoFactor.enrolmentRequired(user)
  ) {
    throw new AppError(403, 'two_factor_required', 'Set up two-factor sign-in first');
  }
  request.user = user;
}

/** preValidation hook factory: signed in and holding one of the roles. */
export function requireRole(...roles: Role[]) {
  return async function requireRoleGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (!roles.includes(signedInUser(request).role)) throw forbidden();
  };
}

export const requireAdmin = requireRole('admin');

/** The user a guard has put on the request. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Calls that act "as" a user id (SPEC's user / user_id fields, /auth/change-password/{id}) must name oneself. */
export function requireSelf(request: FastifyRequest, userId: number): UserRow {
  const user = signedInUser(request);
  if (user.id !== userId) throw forbidden('You can only act as yourself');
  return user;
}
