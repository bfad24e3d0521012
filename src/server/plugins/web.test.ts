import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/brand';
import { DEFAULT_PRICES } from '../../shared/prices';
import { MARKETING_PATHS } from '../../shared/routes';
import { registerWeb, type WebOptions } from './web';

/**
 * A stand-in for the built renderer (ssr/entry-server.js), with the real one's quirk: its status comes
 * from the URL parser's reading of the address ('//x/pricing' is /pricing) and its body from the
 * router's, which keeps the address as written. It echoes a `mac` query parameter, as a page that
 * rendered from its query would.
 */
const STUB_RENDERER = `
const KNOWN = ${JSON.stringify(MARKETING_PATHS)};
const normalize = (path) => (path.replace(/\\/+$/, '') || '/').toLowerCase();
export function render({ url, lng, brand }) {
  const parsed = new URL(url, 'http://x');
  const known = KNOWN.includes(normalize(parsed.pathname));
  const routed = KNOWN.includes(normalize(url.split('?')[0]));
  const mac = parsed.searchParams.get('mac');
  return {
    status: known ? 200 : 404,
    lang: lng,
    dir: lng === 'ar' ? 'rtl' : 'ltr',
    title: known ? 'Plans & pricing | Brand' : 'Page Not Found | Brand',
    description: 'Described "here"',
    html: '<main><h1>' + (routed ? 'Heading in ' + lng : 'Page Not Found') + '</h1><p>$& $1 stays</p>' +
      (mac ? '<p>MAC ' + mac + '</p>' : '') + '<p>Rendered for ' + brand.shortName + '</p></main>',
    state: JSON.stringify({ lng, resources: { common: { x: '</script><script>alert(1)</script>' } } }),
    stateElementId: 'ssr-state',
  };
}
`;

const MARKETING_TEMPLATE = `<!doctype html>
<html lang="en" dir="ltr" data-ssr>
  <head>
    <!--ssr-head-->
    <script type="module" crossorigin src="/assets/marketing-abc.js"></script>
  </head>
  <body>
    <div id="root"><!--ssr-body--></div>
    <!--ssr-state-->
  </body>
</html>`;

const APP_TEMPLATE = `<!doctype html>
<html lang="en" dir="ltr">
  <head><title>Brand</title><script type="module" src="/assets/index-abc.js"></script></head>
  <body><div id="root"></div></body>
</html>`;

let dir: string;
let renderer: string;
const apps: FastifyInstance[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-test-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), APP_TEMPLATE);
  fs.writeFileSync(path.join(dir, 'marketing.html'), MARKETING_TEMPLATE);
  fs.writeFileSync(path.join(dir, 'assets', 'marketing-abc.js'), 'console.log(1)');
  renderer = path.join(dir, 'entry-server.mjs');
  fs.writeFileSync(renderer, STUB_RENDERER);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const BRAND: Brand = {
  name: 'Acme </script> TV',
  shortName: 'Acme',
  supportEmail: 'help@acme.test',
  phone: null,
  whatsapp: null,
  telegram: 'acme_tv',
  address: [],
  appStoreUrl: null,
  playStoreUrl: null,
  prices: DEFAULT_PRICES,
};

/** The web plugin alone, as buildApp registers it. */
async function webApp(options: Partial<Omit<WebOptions, 'ssrEntry'>> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  apps.push(app);
  await app.register(fastifyCookie);
  const serveApp = await registerWeb(app, dir, { ssrEntry: renderer, brand: BRAND, ...options });
  app.setNotFoundHandler((request, reply) => serveApp(request, reply));
  await app.ready();
  return app;
}

describe('web: server-rendered marketing pages', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await webApp();
  });

  it('sends a marketing page rendered in the language of ?lng, with its head tags', async () => {
    const response = await app.inject({ url: '/pricing?lng=fr', headers: { host: 'tv.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('fr');
    const html = response.body;
    expect(html).toContain('<html lang="fr" dir="ltr" data-ssr>');
    expect(html).toContain('<h1>Heading in fr</h1>');
    expect(html).toContain('<title>Plans &amp; pricing | Brand</title>');
    expect(html).toContain('<meta name="description" content="Described &quot;here&quot;" />');
    expect(html).toContain('<link rel="canonical" href="http://tv.example/pricing?lng=fr" />');
    for (const lng of ['en', 'fr', 'ar'])
      expect(html).toContain(
        `<link rel="alternate" hreflang="${lng}" href="http://tv.example/pricing?lng=${lng}" />`,
      );
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://tv.example/pricing" />');
    expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
    // Replacement patterns in the page's text are not interpreted.
    expect(html).toContain('<p>$& $1 stays</p>');
  });

  it('embeds the translations as JSON that cannot close its script element', async () => {
    const html = (await app.inject({ url: '/?lng=en' })).body;
    const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toEqual({
      lng: 'en',
      resources: { common: { x: '</script><script>alert(1)</script>' } },
    });
  });

  it('renders with the configured brand and sends it as data, on marketing and app pages alike', async () => {
    const readBrand = (html: string) =>
      /<script type="application\/json" id="brand-state">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    const marketing = (await app.inject({ url: '/contact' })).body;
    expect(marketing).toContain('<p>Rendered for Acme</p>');
    expect(marketing).toContain('<meta property="og:site_name" content="Acme &lt;/script&gt; TV" />');
    expect(readBrand(marketing)).not.toContain('</script>');
    expect(JSON.parse(readBrand(marketing))).toEqual(BRAND);

    const panel = (await app.inject({ url: '/dashboard/home' })).body;
    expect(panel).toContain('<title>Acme &lt;/script&gt; TV</title>');
    expect(JSON.parse(readBrand(panel))).toEqual(BRAND);
  });

  it('takes the language from the cookie, then from Accept-Language', async () => {
    const fromCookie = await app.inject({
      url: '/faq',
      cookies: { i18next: 'ar' },
      headers: { 'accept-language': 'fr' },
    });
    expect(fromCookie.body).toContain('<html lang="ar" dir="rtl" data-ssr>');
    const fromHeader = await app.inject({ url: '/faq', headers: { 'accept-language': 'de-DE,fr;q=0.8' } });
    expect(fromHeader.body).toContain('<html lang="fr" dir="ltr" data-ssr>');
    expect(fromHeader.headers.vary).toContain('Accept-Language');
  });

  it('answers an unknown path with the rendered not-found page and status 404, kept out of indexes', async () => {
    const response = await app.inject({ url: '/no/such/page?lng=en' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Page Not Found</h1>');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).not.toContain('rel="canonical"');
  });

  it('sends the device page and the panel as the client-rendered app, in the visitor language', async () => {
    for (const url of ['/account/view', '/dashboard/home']) {
      const response = await app.inject({ url, cookies: { i18next: 'ar' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<html lang="ar" dir="rtl">');
      expect(response.body).toContain('/assets/index-abc.js');
    }
  });

  it('compresses pages for browsers that accept it', async () => {
    const response = await app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>Heading in en</h1>');
  });

  it('does not serve the HTML templates as files', async () => {
    const response = await app.inject({ url: '/marketing.html' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<!--ssr-body-->');
  });

  it('lists every marketing page in every language in /sitemap.xml, with alternates', async () => {
    const response = await app.inject({ url: '/sitemap.xml', headers: { host: 'tv.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locs = [...response.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(MARKETING_PATHS.length * 3);
    expect(locs).toContain('http://tv.example/reseller?lng=ar');
    expect(response.body).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://tv.example/terms"/>',
    );
  });

  it('keeps crawlers out of the panel and the API', async () => {
    const response = await app.inject({ url: '/robots.txt', headers: { host: 'tv.example' } });
    expect(response.body).toContain('Disallow: /dashboard');
    expect(response.body).toContain('Disallow: /api');
    expect(response.body).toContain('Sitemap: http://tv.example/sitemap.xml');
  });

  it('answers other methods with the JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/pricing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});

/** A raw HTTP request, so the path reaches the server exactly as written ('/./pricing' and all). */
async function rawGet(app: FastifyInstance, requestPath: string): Promise<{ status: number; body: string }> {
  const address = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: address.port, path: requestPath, headers: { host: 'tv.example' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
  });
}

describe('web: one page per address, whatever its spelling', () => {
  const ODD_SPELLINGS = [
    '//x/pricing',
    '//pricing',
    '/./pricing',
    '/%2e/pricing',
    '/x/../pricing',
    '/x/%2e%2e/pricing',
    '/%2Fpricing',
    '/pricing%2F',
    '/pricing%00',
    '/pricing;x',
    '/pricing/x',
  ];

  it('answers odd spellings of a page with the not-found page, and caches nothing under a page key', async () => {
    const app = await webApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    for (const spelling of ODD_SPELLINGS) {
      const response = await rawGet(app, `${spelling}?lng=en`);
      expect({ spelling, status: response.status }).toEqual({ spelling, status: 404 });
      expect(response.body).toContain('<h1>Page Not Found</h1>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
    // Neither the real page nor the not-found page was stored under the other's key.
    const pricing = await rawGet(app, '/pricing?lng=en');
    expect(pricing.status).toBe(200);
    expect(pricing.body).toContain('<h1>Heading in en</h1>');
    expect(pricing.body).toContain('<link rel="canonical" href="http://tv.example/pricing?lng=en" />');
    const unknown = await rawGet(app, '/no/such/page?lng=en');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('<h1>Page Not Found</h1>');
  });

  it('serves /pricing as the pricing page after //x/pricing was asked for', async () => {
    const app = await webApp();
    const odd = await app.inject({ url: '//x/pricing' });
    expect(odd.statusCode).toBe(404);
    const pricing = await app.inject({ url: '/pricing' });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.body).toContain('<h1>Heading in en</h1>');
    expect(pricing.body).toContain('rel="canonical"');
    const unknown = await app.inject({ url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('Plans &amp; pricing');
  });

  it("serves a page's usual spellings (case, trailing slash) as that page", async () => {
    const app = await webApp();
    for (const spelling of ['/Pricing', '/pricing/', '/PRICING//']) {
      const response = await app.inject({ url: `${spelling}?lng=fr`, headers: { host: 'tv.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<link rel="canonical" href="http://tv.example/pricing?lng=fr" />');
    }
  });

  it("never shows one visitor's query in the page another visitor gets", async () => {
    const app = await webApp();
    const first = await app.inject({ url: '/order?mac=AA:BB:CC:DD:EE:FF&lng=en' });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({ url: '/order?lng=en' });
    expect(second.body).not.toContain('AA:BB:CC:DD:EE:FF');
    expect(first.body).not.toContain('AA:BB:CC:DD:EE:FF');
  });
});

describe('web: absolute links name PUBLIC_URL, never the Host header', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  it('builds canonical, hreflang, og:url, the sitemap and robots.txt from PUBLIC_URL', async () => {
    const app = await webApp({ publicUrl: 'https://tv.example.com', production: true });
    const page = await app.inject({ url: '/pricing?lng=fr', headers: forged });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('evil.example');
    expect(page.body).toContain('<link rel="canonical" href="https://tv.example.com/pricing?lng=fr" />');
    expect(page.body).toContain(
      '<link rel="alternate" hreflang="ar" href="https://tv.example.com/pricing?lng=ar" />',
    );
    expect(page.body).toContain('<meta property="og:url" content="https://tv.example.com/pricing?lng=fr" />');
    const sitemap = await app.inject({ url: '/sitemap.xml', headers: forged });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('evil.example');
    expect(sitemap.body).toContain('<loc>https://tv.example.com/reseller?lng=ar</loc>');
    const robots = await app.inject({ url: '/robots.txt', headers: forged });
    expect(robots.body).not.toContain('evil.example');
    expect(robots.body).toContain('Sitemap: https://tv.example.com/sitemap.xml');
  });

  it('uses PUBLIC_URL in development too', async () => {
    const app = await webApp({ publicUrl: 'http://localhost:3000' });
    const page = await app.inject({ url: '/faq', headers: forged });
    expect(page.body).not.toContain('evil.example');
    expect(page.body).toContain('href="http://localhost:3000/faq"');
  });

  it('in production without PUBLIC_URL, writes no absolute link at all rather than trust Host', async () => {
    const app = await webApp({ production: true });
    const page = await app.inject({ url: '/pricing?lng=en', headers: forged });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Heading in en</h1>');
    expect(page.body).not.toContain('evil.example');
    expect(page.body).not.toMatch(/rel="canonical"|hreflang=|og:url/);
    const sitemap = await app.inject({ url: '/sitemap.xml', headers: forged });
    expect(sitemap.statusCode).toBe(404);
    expect(sitemap.body).not.toContain('evil.example');
    const robots = await app.inject({ url: '/robots.txt', headers: forged });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).not.toContain('evil.example');
    expect(robots.body).not.toContain('Sitemap:');
  });

  it('keeps pages for different origins apart in development, where the origin comes from the request', async () => {
    const app = await webApp();
    await app.inject({ url: '/about', headers: { host: 'evil.example' } });
    const page = await app.inject({ url: '/about', headers: { host: 'tv.example' } });
    expect(page.body).not.toContain('evil.example');
    expect(page.body).toContain('href="http://tv.example/about"');
  });
});
