import { createHash } from 'node:crypto';
import fastifyApiReference from '@scalar/fastify-api-reference';
import type { FastifyPluginAsync } from 'fastify';

/**
 * The policy of the reference page alone. The API's own policy (default-src 'none', see
 * security-headers.ts) would leave it blank: Scalar's page is a script (served from here, js/scalar.js)
 * started by one inline script, and it writes its styles as <style> elements. So this page allows:
 * scripts from here plus that inline one by its hash (computed from the page sent, so an upgrade of
 * Scalar that changes it cannot break the page or widen the policy), inline styles, and fetches to
 * this origin (the document, and the "try it" calls a reseller makes with their own key). Nothing
 * is loaded from elsewhere (Scalar's web fonts are turned off).
 */
function referencePagePolicy(inlineScripts: string[]): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join(';');
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * GET /api/reseller/v1/docs: the reseller API's reference (Scalar), read from /openapi.json. Public
 * in production too, like the document: whoever holds a key needs it to write their script.
 */
export const resellerApiReferencePage: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) {
      const scripts = [...payload.matchAll(INLINE_SCRIPT)].map((match) => match[1] ?? '');
      reply.header('content-security-policy', referencePagePolicy(scripts));
    }
    return payload;
  });
  await app.register(fastifyApiReference, {
    routePrefix: '/docs',
    configuration: {
      url: '/api/reseller/v1/openapi.json',
      pageTitle: 'StreamBox Reseller API',
      withDefaultFonts: false,
      // Scalar's "Ask AI" agent and MCP buttons send the document to Scalar's own service: a
      // reseller's reference page must not offer to ship it (and what they type) to a third party.
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
    },
  });
};
