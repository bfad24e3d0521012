import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that carry cookies but come from another site, so no page
 * elsewhere can act with a signed-in user's session. Browsers send Sec-Fetch-Site (and Origin
 * on cross-site POSTs); clients without cookies (the TV app, curl) are not affected.
 */
export const sameOriginGuard = fp(async (app: FastifyInstance) => {
  // Callback style, not async: it runs on every request, the TV app's included, and mostly returns
  // at once; an async hook would cost a promise and a microtask each time.
  app.addHook('onRequest', (request, _reply, next) => {
    next(isCrossSite(request) ? crossSite() : undefined);
  });
});

function isCrossSite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

function crossSite() {
  return new AppError(403, 'cross_site_request', 'Cross-site request refused');
}
