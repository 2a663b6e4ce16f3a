#!/usr/bin/env bash
# `npm run worker` (and docker-compose's worker): starts the compiled worker (dist/worker/main.js, from
# `npm run build`) with the node flags its configuration asks for (WORKER_MAX_OLD_SPACE_MB →
# --max-old-space-size; worker/tuning.ts), which node only takes at start. `--source` runs the TypeScript
# through tsx instead (`npm run dev`). exec: the worker replaces this shell, so signals and the exit
# status are its own.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--source" ]; then
  # tsx's CommonJS hook: no ESM loader thread (and its V8 isolate) beside the worker.
  loader=(--require tsx/cjs)
  from=worker
  ext=ts
else
  loader=()
  from=dist/worker
  ext=js
  [ -f dist/worker/main.js ] || { echo "dist/worker/main.js is missing: run \`npm run build\` first" >&2; exit 1; }
fi
flags=$(node "${loader[@]}" "$from/nodeFlags.$ext")
# glibc gives each thread that allocates its own malloc arena (up to 8 per core); the Temporal core's
# threads and the workflow thread would each keep one: two arenas hold the worker's RSS down.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# shellcheck disable=SC2086 # the flags are words
exec node $flags "${loader[@]}" "$from/main.$ext"
