import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

// The whole server (buildApp) wires PUBLIC_URL into the web plugin; web.test.ts covers the pages.
describe('links in /sitemap.xml and /robots.txt, through buildApp', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  it('name PUBLIC_URL whatever Host says, with TRUST_PROXY on too', async () => {
    const t = await createTestApp({
      config: { production: true, publicUrl: 'https://tv.example.com', trustProxy: true },
    });
    try {
      const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: forged });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.body).not.toContain('evil.example');
      expect(sitemap.body).toContain('<loc>https://tv.example.com/pricing?lng=en</loc>');
      const robots = await t.app.inject({ url: '/robots.txt', headers: forged });
      expect(robots.body).not.toContain('evil.example');
      expect(robots.body).toContain('Sitemap: https://tv.example.com/sitemap.xml');
    } finally {
      await t.close();
    }
  });

  it('are never built from Host in production without PUBLIC_URL', async () => {
    const t = await createTestApp({ config: { production: true } });
    try {
      const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: forged });
      expect(sitemap.statusCode).toBe(404);
      expect(sitemap.body).not.toContain('evil.example');
      const robots = await t.app.inject({ url: '/robots.txt', headers: forged });
      expect(robots.body).not.toContain('evil.example');
    } finally {
      await t.close();
    }
  });
});
