import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that carry cookies but come from another site, so no page
 * elsewhere can act with a signed-in user's session. Browsers send Sec-Fetch-Site (and Origin
 * on cross-site POSTs); clients without cookies (the TV app, curl) are not affected.
 */
export const sameOriginGuard = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string') {
      if (fetchSite === 'same-origin' || fetchSite === 'none') return;
      throw crossSite();
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw crossSite();
    }
    if (originHost !== request.host) throw crossSite();
  });
});

function crossSite() {
  return new AppError(403, 'cross_site_request', 'Cross-site request refused');
}
