import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import type * as ServerConfig from './src/server/config';
import type * as SharedBrand from './src/shared/brand';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const fromRoot = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const MARKETING_UI =
  /src[\\/]web[\\/](features[\\/]marketing[\\/](lib[\\/]format|components[\\/](section|icon-card|cta-band|cta-button|check-list|step-list))|components[\\/]document-title)\.tsx?$/;
const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
    return [full];
  });
}

/**
 * Writes .br and .gz beside every text asset, so the server sends them compressed without
 * compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(outDir: string): void {
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
}

/**
 * In development Vite serves the HTML itself, so it writes the brand into it as the server does in
 * production (src/server/plugins/web.ts), from the same BRAND_* variables. The modules are loaded
 * through Vite (not imported here) so this file stays loadable without bundling.
 */
function developmentBrand(): Plugin {
  return {
    name: 'development-brand-state',
    apply: 'serve',
    async transformIndexHtml(_html, context) {
      if (!context.server) return [];
      const { loadConfig } = (await context.server.ssrLoadModule(
        '/src/server/config.ts',
      )) as typeof ServerConfig;
      const { BRAND_STATE_ELEMENT_ID } = (await context.server.ssrLoadModule(
        '/src/shared/brand.ts',
      )) as typeof SharedBrand;
      return [
        {
          tag: 'script',
          attrs: { type: 'application/json', id: BRAND_STATE_ELEMENT_ID },
          children: JSON.stringify(loadConfig(process.env).brand).replace(/</g, '\\u003c'),
          injectTo: 'body',
        },
      ];
    },
  };
}

/**
 * What the marketing site's browser build gets for React's entry points and React Router
 * (docs/decisions/0018): Preact's React-compatible API and the router subset it uses.
 */
const MARKETING_SUBSTITUTES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'use-sync-external-store/shim': 'preact/compat',
  'react-router': fromRoot('./src/web/lib/marketing-router.tsx'),
};

/**
 * The marketing site's browser build hydrates the same components the server renders with React
 * and React Router, on Preact (about 10 KiB against React DOM's 63) and on the part of React
 * Router's API it uses (src/web/lib/marketing-router.tsx, against 12 KiB): issue 14's 60 KiB budget
 * for a first visit to the home page. The main app and the server renderer keep React.
 */
function marketingSubstitutes(): Plugin {
  return {
    name: 'marketing-substitutes',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'marketing') return null;
      const target = MARKETING_SUBSTITUTES[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [marketingSubstitutes(), react(), tailwindcss(), developmentBrand()],
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@web': fromRoot('./src/web'),
    },
  },
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: Boolean(process.env.SOURCEMAP) },
  /**
   * Two browser builds into one folder (docs/decisions/0006): `client` is the main app (index.html:
   * device page and panel); `marketing` is the server-rendered marketing site's own small app
   * (marketing.html), built separately so it is tree-shaken on its own and its first load stays
   * small. The server renderer is built by scripts/build-server.mjs.
   */
  environments: {
    client: {
      build: { rollupOptions: { input: { index: fromRoot('./index.html') } } },
    },
    marketing: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        // Every browser the site supports preloads modules natively.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: { marketing: fromRoot('./marketing.html') },
          // The building blocks most pages share, in one chunk rather than a dozen tiny ones.
          output: {
            codeSplitting: {
              groups: [{ name: 'marketing-ui', test: MARKETING_UI, includeDependenciesRecursively: false }],
            },
          },
        },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      const { client, marketing } = builder.environments;
      if (!client || !marketing)
        throw new Error('vite.config.ts: the client and marketing builds are missing');
      await builder.build(client);
      await builder.build(marketing);
      precompress(path.resolve(builder.config.root, client.config.build.outDir));
    },
  },
  // In development the Fastify server runs on PORT and Vite proxies the API to it.
  server: { port: 5173, host: '127.0.0.1', proxy: { '/api': apiTarget } },
});
