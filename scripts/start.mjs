// `npm start`: build when the sources are newer than the last build, then run the server in this process
// (so SIGTERM reaches it directly and shuts it down gracefully).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['src', 'public', 'index.html', 'marketing.html', 'package.json', 'vite.config.ts'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (changedAt > builtAt || !fs.existsSync(path.join(root, 'dist/server/main.js'))) {
  console.log('Building the app (sources changed since the last build)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, new Date().toISOString());
}

process.chdir(root);
await import(path.join(root, 'dist/server/main.js'));
