// Bundles the server (and the admin command) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', admin: 'src/server/cli/admin.ts' },
  // SERVER_OUT_DIR lets parallel builds (and their end-to-end runs) keep out of each other's way.
  outdir: process.env.SERVER_OUT_DIR ?? 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server built: ${process.env.SERVER_OUT_DIR ?? 'dist/server'}/main.js`);
