import { createHash } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { CompressedBody, etagMatches, preferredEncoding } from '../../http-content';

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

/** Scalar's configuration of the page. */
const REFERENCE = {
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
} as const;

/** Response headers that belong to the inner answer's own connection, not to the one it is copied to. */
const OWN_HEADERS = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * Scalar's plugin, in a Fastify instance of its own under the same prefix, made on the page's first
 * request. Its module holds its 4 MB script as a string: loaded at start, it and the module's own
 * source were 17 MB of every server's heap (18 of its 147 MB of RSS idle, PostgreSQL), for a page a
 * reseller opens now and then (decision 0035).
 */
function referenceOnDemand(prefix: string): (() => Promise<FastifyInstance>) & {
  loaded: Promise<FastifyInstance> | null;
} {
  const load = () =>
    (load.loaded ??= (async () => {
      const { default: fastifyApiReference } = await import('@scalar/fastify-api-reference');
      const reference = Fastify({ logger: false });
      await reference.register(async (scope) => scope.register(fastifyApiReference, REFERENCE), { prefix });
      await reference.ready();
      return reference;
    })().catch((error: unknown) => {
      // A failed load (a broken install) is tried again by the next request, not remembered.
      load.loaded = null;
      throw error;
    }));
  load.loaded = null as Promise<FastifyInstance> | null;
  return load;
}

/** Scalar's script, the same bytes for the life of the process: its tag and compressed forms. */
type KeptScript = { contentType: string; etag: string; content: CompressedBody };

/**
 * Scalar's script is 4.3 MB and Scalar's plugin sends it with no caching headers, under the API's
 * `no-store`: every visit to the reference downloaded it whole. It goes compressed (about 1 MB in
 * Brotli) with a tag, and is revalidated on each visit rather than kept for a time, because its
 * address carries no version and an upgrade of Scalar must reach the next visit.
 */
async function sendScript(request: FastifyRequest, reply: FastifyReply, script: KeptScript) {
  reply
    .type(script.contentType)
    .header('cache-control', 'no-cache')
    .header('etag', script.etag)
    .header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, script.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.code(200).send(await script.content.body(encoding));
}

/**
 * GET /api/reseller/v1/docs: the reseller API's reference (Scalar), read from /openapi.json. Public
 * in production too, like the document: whoever holds a key needs it to write their script. Every
 * path under it is answered by Scalar's plugin (see referenceOnDemand): the page, its script, and
 * the redirect from the bare path to the page.
 */
export const resellerApiReferencePage: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) {
      const scripts = [...payload.matchAll(INLINE_SCRIPT)].map((match) => match[1] ?? '');
      reply.header('content-security-policy', referencePagePolicy(scripts));
    }
    return payload;
  });
  const reference = referenceOnDemand(app.prefix);
  // Scalar's scripts by path, once one has been asked for: later visits are answered from here.
  const scripts = new Map<string, KeptScript>();
  app.addHook('onClose', async () => {
    // A load still failing at shutdown has nothing to close.
    const inner = await reference.loaded?.catch(() => null);
    await inner?.close();
  });
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    // By path: a query string (which Scalar ignores) must not make another 4 MB copy.
    const path = request.url.split('?')[0]!;
    // HEAD too (Fastify drops the body), but only a GET's answer is kept: a HEAD's has no bytes.
    const kept = scripts.get(path);
    if (kept) return sendScript(request, reply, kept);
    const inner = await (
      await reference()
    ).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: { accept: request.headers.accept ?? '*/*' },
    });
    // A path Scalar does not serve gets the server's own not-found answer, as before.
    if (inner.statusCode === 404) return reply.callNotFound();
    const contentType = String(inner.headers['content-type']);
    if (request.method === 'GET' && inner.statusCode === 200 && /javascript/.test(contentType)) {
      const digest = createHash('sha256').update(inner.rawPayload).digest('base64url').slice(0, 27);
      const script = { contentType, etag: `"${digest}"`, content: new CompressedBody(inner.rawPayload) };
      scripts.set(path, script);
      return sendScript(request, reply, script);
    }
    for (const [name, value] of Object.entries(inner.headers)) {
      if (value !== undefined && !OWN_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.code(inner.statusCode).send(inner.body);
  };
  app.get(REFERENCE.routePrefix, { schema: { hide: true } }, answer);
  app.get(`${REFERENCE.routePrefix}/*`, { schema: { hide: true } }, answer);
};
