import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_PATHS } from '../../shared/routes';
import { registerWeb } from './web';

/** A stand-in for the built renderer (ssr/entry-server.js): echoes what it was asked to render. */
const STUB_RENDERER = `
const KNOWN = ${JSON.stringify(MARKETING_PATHS)};
export function render({ url, lng }) {
  const path = new URL(url, 'http://x').pathname.replace(/\\/+$/, '') || '/';
  const known = KNOWN.includes(path.toLowerCase());
  return {
    status: known ? 200 : 404,
    lang: lng,
    dir: lng === 'ar' ? 'rtl' : 'ltr',
    title: known ? 'Plans & pricing | Brand' : 'Page Not Found | Brand',
    description: 'Described "here"',
    html: '<main><h1>' + (known ? 'Heading in ' + lng : 'Page Not Found') + '</h1><p>$& $1 stays</p></main>',
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

describe('web: server-rendered marketing pages', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-test-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), APP_TEMPLATE);
    fs.writeFileSync(path.join(dir, 'marketing.html'), MARKETING_TEMPLATE);
    fs.writeFileSync(path.join(dir, 'assets', 'marketing-abc.js'), 'console.log(1)');
    const renderer = path.join(dir, 'entry-server.mjs');
    fs.writeFileSync(renderer, STUB_RENDERER);

    app = Fastify({ logger: false });
    await app.register(fastifyCookie);
    const serveApp = await registerWeb(app, dir, { ssrEntry: renderer });
    app.setNotFoundHandler((request, reply) => serveApp(request, reply));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
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
