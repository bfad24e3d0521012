import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../shared/api/api-key';
import { AppError, unauthorized } from '../errors';
import type { ApiKeyCaller } from '../modules/api-keys/api-key-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireApiKey; the reseller API's handlers read it with apiCaller(request). */
    apiCaller: ApiKeyCaller | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/**
 * preValidation hook factory for the reseller API: `Authorization: Bearer <secret>` of a live key
 * whose owner is not banned (401 otherwise, the same answer for every reason, so a guesser learns
 * nothing), holding `scope` (403 `missing_scope`). The key acts as its owner: `request.user` is set,
 * so the panel's services apply the same ownership rules.
 */
export function requireApiKey(scope: ApiKeyScope) {
  async function requireApiKeyGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const caller = secret ? await request.server.deps.apiKeys.authenticate(secret, request.ip) : null;
    if (!caller) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized('A valid API key is required');
    }
    if (!caller.scopes.includes(scope)) {
      throw new AppError(403, 'missing_scope', `This key lacks the ${scope} scope`);
    }
    const rate = await request.server.deps.apiKeys.countCall(caller.key);
    const windowSeconds = Math.ceil(request.server.deps.config.limits.apiKeyWindowMs / 1000);
    // IETF RateLimit fields: the policy, and what is left of it now.
    reply.header('RateLimit-Policy', `${rate.limit};w=${windowSeconds}`);
    reply.header(
      'RateLimit',
      `limit=${rate.limit}, remaining=${rate.remaining}, reset=${rate.retryAfterSeconds ?? windowSeconds}`,
    );
    if (rate.retryAfterSeconds !== undefined) {
      throw new AppError(429, 'too_many_attempts', 'Too many calls with this key; wait before the next', {
        retryAfterSeconds: rate.retryAfterSeconds,
      });
    }
    request.apiCaller = caller;
    request.user = caller.owner;
  }
  // The OpenAPI document reads it to name the scheme and the scope (plugins/openapi.ts).
  return Object.assign(requireApiKeyGuard, { apiKeyScope: scope });
}

/** Whether a preValidation hook is an API-key guard, and for which scope. */
export function apiKeyScopeOf(guard: unknown): ApiKeyScope | undefined {
  return typeof guard === 'function' && 'apiKeyScope' in guard
    ? (guard.apiKeyScope as ApiKeyScope)
    : undefined;
}
