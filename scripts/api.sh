#!/usr/bin/env bash
# `npm start` (and the Dockerfile's and docker-compose's API): starts the compiled API (dist/api/main.js, from
# `npm run build`) with the node flags its configuration asks for (API_MAX_OLD_SPACE_MB → --max-old-space-size;
# api/nodeFlags.ts), which node only takes at start. `--source` runs the TypeScript through tsx instead
# (`npm run dev`). exec: the API replaces this shell, so signals and the exit status are its own.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--source" ]; then
  loader=(--require tsx/cjs)
  from=api
  ext=ts
else
  loader=()
  from=dist/api
  ext=js
  [ -f dist/api/main.js ] || { echo "dist/api/main.js is missing: run \`npm run build\` first" >&2; exit 1; }
fi
flags=$(node "${loader[@]}" "$from/nodeFlags.$ext")
# shellcheck disable=SC2086 # the flags are words
exec node $flags "${loader[@]}" "$from/main.$ext"
