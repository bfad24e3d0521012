import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. Helmet is built for per-request
 * policies (nonces, functions of the request) and so re-parses its CSP directives on every response;
 * ours has no per-request part, and that parsing was about 5% of the TV app's hot path.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  // A directive computed per request (a nonce) would be computed once here and repeated: refuse it.
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some(
      (value) =>
        typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')),
    )
  ) {
    throw new Error('helmet options depend on the request; they cannot be precomputed');
  }
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middlewares are synchronous; `done` proves it stayed so.
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously; its headers cannot be precomputed');
  return headers;
}

/**
 * JSON from the API is never a document: it needs no script or style policy, only to stay out of
 * frames, caches and MIME sniffing (OWASP's REST headers). Half the bytes of the page set, which
 * matters on the TV app's lookup, whose body is about as long as the page headers.
 */
function apiHelmetOptions(pageOptions: HelmetOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: pageOptions.strictTransportSecurity,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** Is this request for the JSON API (not Swagger UI's pages under /api/docs)? */
function isApiRequest(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Security headers on every response: helmet's full set (CSP, HSTS, frame and sniffing rules...) for
 * pages, a short one for the API, with `Cache-Control: no-store` (API answers are personal: playlist
 * URLs, keys, balances).
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: { helmet: HelmetOptions }) => {
  const pageHeaders = helmetHeaders(options.helmet);
  const apiHeaders = { ...helmetHeaders(apiHelmetOptions(options.helmet)), 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, next) => {
    reply.headers(isApiRequest(request.url) ? apiHeaders : pageHeaders);
    next();
  });
});
