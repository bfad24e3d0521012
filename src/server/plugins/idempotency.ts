import type { FastifyInstance, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../errors';
import { requestFingerprint } from '../modules/idempotency/idempotency-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours `Idempotency-Key` (docs/architecture.md §6.10). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The claim this request holds, so its answer is kept for replays. */
    idempotencyClaim: { scope: string; key: string } | null;
  }
}

/** Printable ASCII without spaces, as Stripe and the IETF draft allow; a UUID fits. */
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on the routes whose config says `idempotent: true`: the same key with the same
 * request within 24 hours answers the first answer again (`Idempotent-Replayed: true`) and changes
 * nothing; with another request 422; while the first still runs 409. It runs after the guard and
 * validation (preHandler), so keys belong to the signed-in caller and bad input never claims one.
 * The hooks are attached to those routes only (onRoute), not to every request: two async hooks cost
 * every other request, the TV app's poll included, two promises and two turns of the microtask queue.
 */
export const idempotency = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyClaim', null);

  const claimKey: preHandlerAsyncHookHandler = async function (request, reply) {
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 255 printable characters', 'Idempotency-Key');
    }
    if (!request.user) return;
    const scope = `user:${request.user.id}`;
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const claim = await app.deps.idempotency.claim(scope, key, fingerprint);
    if (claim.kind === 'other_request') {
      throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for another request');
    }
    if (claim.kind === 'in_progress') {
      throw new AppError(409, 'request_in_progress', 'A request with this Idempotency-Key is still running');
    }
    if (claim.kind === 'replay') {
      const { status, type, body } = claim.answer;
      return reply.status(status).header('Idempotent-Replayed', 'true').type(type).send(body);
    }
    request.idempotencyClaim = { scope, key };
  };

  const keepAnswer: onSendAsyncHookHandler = async function (request, reply, payload) {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    // Our own failures (5xx) are not answers to keep: the client's retry must run the request again.
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await app.deps.idempotency.release(claim.scope, claim.key);
    } else {
      const type = String(reply.getHeader('content-type') ?? 'application/json');
      await app.deps.idempotency.complete(claim.scope, claim.key, {
        status: reply.statusCode,
        type,
        body: payload,
      });
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...hooksOf(route.preHandler), claimKey];
    route.onSend = [...hooksOf(route.onSend), keepAnswer];
  });
});

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
