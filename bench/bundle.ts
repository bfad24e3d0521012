import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The servers run as production runs them: bundled by esbuild (as `npm run build` does), not through
 * tsx, whose loader and helpers cost time on every request. Answers the bundle's path, in
 * .bench-data/bundle, named after the entry.
 */
export async function bundle(entry: string): Promise<string> {
  const outfile = path.join(root, '.bench-data', 'bundle', `${path.basename(entry, '.ts')}.js`);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
