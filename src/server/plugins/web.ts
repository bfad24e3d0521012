import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRAND_STATE_ELEMENT_ID, type Brand } from '../../shared/brand';
import { CompressedBody, preferredEncoding } from '../http-content';
import { directionOf, type LanguageCode } from '../../shared/languages';
import { isKnownAppPath, isMarketingPath, MARKETING_PATHS } from '../../shared/routes';
import { languageForRequest } from './web/language';
import { escapeHtml, escapeJsonForScript, headTags, robotsTxt, sitemapXml } from './web/seo';

/** What src/web/entry-server.tsx exports (built to ssr/entry-server.js beside the server's main.js). */
interface SsrModule {
  render(request: { url: string; lng: LanguageCode; brand: Brand }): {
    status: 200 | 404;
    lang: LanguageCode;
    dir: 'ltr' | 'rtl';
    title: string;
    description: string;
    html: string;
    state: string;
    stateElementId: string;
  };
}

export interface WebOptions {
  /** The server renderer; by default ssr/entry-server.js next to the running server bundle. */
  ssrEntry?: string;
  /** PUBLIC_URL (config.publicUrl): the origin of every absolute link the pages and the sitemap carry. */
  publicUrl?: string | undefined;
  /** In production the Host header is never used to build links (see siteOrigin). */
  production?: boolean;
  /** The operator's brand (config.brand): rendered into the pages and sent to the browser with them. */
  brand: Brand;
}

const DEFAULT_SSR_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ssr', 'entry-server.js');

function readIfExists(file: string): string | null {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

async function loadSsrModule(entry: string, app: FastifyInstance): Promise<SsrModule | null> {
  if (!fs.existsSync(entry)) return null;
  try {
    return (await import(pathToFileURL(entry).href)) as SsrModule;
  } catch (error) {
    // Without the renderer the marketing pages still work, rendered in the browser.
    app.log.error({ err: error }, 'marketing server renderer failed to load; pages render in the browser');
    return null;
  }
}

function setDocumentLanguage(template: string, lng: LanguageCode, extra = ''): string {
  return template.replace(/<html[^>]*>/, `<html lang="${lng}" dir="${directionOf(lng)}"${extra}>`);
}

/**
 * Both templates carry the brand as data (read by src/web/lib/brand.tsx before the first render), so
 * one build serves any operator and the brand adds no code to the pages' scripts. The app template's
 * title is the brand's name until the app sets the page's own.
 */
function withBrand(template: string, brand: Brand): string {
  const state = `<script type="application/json" id="${BRAND_STATE_ELEMENT_ID}">${escapeJsonForScript(JSON.stringify(brand))}</script>`;
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(brand.name)}</title>`)
    .replace('</body>', () => `${state}</body>`);
}

/**
 * Any unknown address is rendered as this one, so the not-found page never depends on what a client
 * wrote (the renderer's own URL parsing reads '//x/pricing' as /pricing: a 200 under the 404 entry).
 */
const NOT_FOUND_RENDER_PATH = '/404';

/** The canonical spelling of a marketing path ('/Pricing/' -> '/pricing'). */
function canonicalPath(pathname: string): string | null {
  const normalized = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase() || '/';
  return MARKETING_PATHS.find((p) => p === normalized) ?? null;
}

/** A rendered page, kept with its compressed forms so repeat visits cost no rendering. */
class RenderedPage {
  readonly content: CompressedBody;

  constructor(
    readonly status: number,
    readonly lang: LanguageCode,
    html: string,
  ) {
    this.content = new CompressedBody(Buffer.from(html));
  }
}

/**
 * Serves the built front end (docs/decisions/0006):
 * - hashed assets with long caching, pre-compressed (.br, .gz written at build time);
 * - marketing pages rendered on the server in the visitor's language (?lng, the i18next cookie, then
 *   Accept-Language), with their title, description, canonical and hreflang links and Open Graph
 *   tags, hydrated by the marketing client (marketing.html);
 * - any other unknown path: the same rendered not-found page with status 404;
 * - the device page and the panel: the main app's index.html (client-rendered);
 * - /sitemap.xml and /robots.txt.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string, options: WebOptions) {
  const { brand } = options;
  const appFile = readIfExists(path.join(webDistDir, 'index.html'));
  const appTemplate = appFile === null ? null : withBrand(appFile, brand);
  const marketingFile = readIfExists(path.join(webDistDir, 'marketing.html'));
  const marketingTemplate = marketingFile === null ? appTemplate : withBrand(marketingFile, brand);
  const ssr = appTemplate ? await loadSsrModule(options.ssrEntry ?? DEFAULT_SSR_ENTRY, app) : null;

  if (appTemplate) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The HTML templates are only sent filled in, by serveApp below.
      allowedPath: (pathname) => !pathname.endsWith('.html'),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const publicUrl = options.publicUrl;
  const hostDerivedLinks = !publicUrl && !options.production;
  if (!publicUrl && options.production) {
    app.log.warn(
      'PUBLIC_URL is not set: pages carry no canonical, hreflang or og:url links and /sitemap.xml is 404',
    );
  }
  /**
   * The origin absolute links start with: PUBLIC_URL, or in development the request's own address. In
   * production without PUBLIC_URL, none: the Host header is the client's to write, so links built from
   * it would let anyone choose the address search engines and shared previews see.
   */
  function siteOrigin(request: FastifyRequest): string | null {
    if (publicUrl) return publicUrl;
    return hostDerivedLinks ? `${request.protocol}://${request.host}` : null;
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = siteOrigin(request);
    // A sitemap of relative addresses is invalid; without a trustworthy origin there is none.
    if (!origin) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemapXml(origin));
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(siteOrigin(request))),
  );

  const cache = new Map<string, RenderedPage>();

  function renderMarketing(request: FastifyRequest, pathname: string, lng: LanguageCode): RenderedPage {
    // The page is named by the canonical path the server matched, never by the raw address: the
    // renderer sees only that path (no query, no '//' or '/./' for its URL parser to reinterpret), so
    // a page and its cache key cannot disagree, and a query (/order?mac=...) never lands in a cached
    // page that other visitors get.
    const path = canonicalPath(pathname);
    const origin = siteOrigin(request);
    const year = new Date().getFullYear();
    // Every unknown address gets the same not-found page: one cache entry per language.
    const key = `${year}|${lng}|${origin ?? ''}|${path ?? '404'}`;
    const cached = cache.get(key);
    if (cached) return cached;

    const expectedStatus = path ? 200 : 404;
    const template = marketingTemplate as string;
    let page: RenderedPage;
    if (ssr) {
      const result = ssr.render({ url: path ?? NOT_FOUND_RENDER_PATH, lng, brand });
      const head = headTags({
        origin,
        path: result.status === 200 ? path : null,
        lng: result.lang,
        title: result.title,
        description: result.description,
        siteName: brand.name,
      });
      const html = setDocumentLanguage(template, result.lang, ' data-ssr')
        .replace(/<title>[^<]*<\/title>\s*/, '')
        .replace('<!--ssr-head-->', () => head)
        .replace('<!--ssr-body-->', () => result.html)
        .replace(
          '<!--ssr-state-->',
          () =>
            `<script type="application/json" id="${result.stateElementId}">${escapeJsonForScript(result.state)}</script>`,
        );
      page = new RenderedPage(result.status, result.lang, html);
    } else {
      page = new RenderedPage(expectedStatus, lng, setDocumentLanguage(template, lng, ' data-ssr'));
    }
    // Should the renderer ever disagree with the server's routing, the answer is not kept: a 404 is
    // never stored under a page's key, nor a page under the not-found entry.
    if (page.status !== expectedStatus) return page;
    if (cache.size > 500) cache.clear();
    cache.set(key, page);
    return page;
  }

  return async function serveApp(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ success: false, code: 'not_found', message: 'Not found' });
    }
    if (!appTemplate) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (or `npm run dev` for development).');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const lng = languageForRequest(request);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie, Accept-Encoding');

    if (isKnownAppPath(pathname) && !isMarketingPath(pathname)) {
      // Device page and panel: rendered in the browser by the main app.
      return reply.status(200).type('text/html; charset=utf-8').send(setDocumentLanguage(appTemplate, lng));
    }

    const page = renderMarketing(request, pathname, lng);
    const encoding = preferredEncoding(request);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply
      .status(page.status)
      .header('Content-Language', page.lang)
      .type('text/html; charset=utf-8')
      .send(await page.content.body(encoding));
  };
}
