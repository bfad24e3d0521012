// Bundles the server (and the admin command) into dist/server, and the marketing site's server
// renderer into dist/server/ssr (docs/decisions/0006); npm packages stay external.
import path from 'node:path';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';

// SERVER_OUT_DIR lets parallel builds (and their end-to-end runs) keep out of each other's way.
const outdir = process.env.SERVER_OUT_DIR ?? 'dist/server';

await build({
  entryPoints: { main: 'src/server/main.ts', admin: 'src/server/cli/admin.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The server looks for ssr/entry-server.js beside its own main.js.
await viteBuild({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: {
    ssr: 'src/web/entry-server.tsx',
    outDir: path.join(outdir, 'ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
console.log(`server built: ${outdir}/main.js (+ ${outdir}/ssr/entry-server.js)`);
