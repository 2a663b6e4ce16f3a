#!/usr/bin/env bash
# The one launcher of the service's processes: `npm start` (the API; the Dockerfile, docker-compose),
# `npm run worker`. Usage: scripts/start.sh api|worker [--source]
#
# It starts the compiled process (dist/<process>/main.js, from `npm run build`) with the heap limit its
# configuration asks for, which node only takes when it starts: API_MAX_OLD_SPACE_MB or
# WORKER_MAX_OLD_SPACE_MB → --max-old-space-size (0 leaves Node's default). The defaults here are
# common/config.ts's, which test/foundation/dockerCompose.test.ts holds them to. A value that is not a
# number passes no flag: the process's own configuration check then refuses to start, naming the setting.
# `--source` runs the TypeScript through tsx's CommonJS hook instead (`npm run dev`: no ESM loader thread
# and its V8 isolate beside the process). exec: the process replaces this shell, so signals and the exit
# status are its own.
set -euo pipefail
cd "$(dirname "$0")/.."
process="${1:-}"
case "$process" in
  api) heap_mb="${API_MAX_OLD_SPACE_MB:-1024}" ;;
  worker)
    heap_mb="${WORKER_MAX_OLD_SPACE_MB:-384}"
    # glibc gives each thread that allocates its own malloc arena (up to 8 per core); the Temporal core's
    # threads and the workflow thread would each keep one: two arenas hold the worker's RSS down.
    export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
    ;;
  *) echo "usage: scripts/start.sh api|worker [--source]" >&2; exit 2 ;;
esac
flags=()
if [[ "$heap_mb" =~ ^[0-9]+$ ]] && [ "$heap_mb" -gt 0 ]; then flags+=("--max-old-space-size=$heap_mb"); fi
if [ "${2:-}" = "--source" ]; then
  exec node "${flags[@]}" --require tsx/cjs "$process/main.ts"
fi
[ -f "dist/$process/main.js" ] || { echo "dist/$process/main.js is missing: run \`npm run build\` first" >&2; exit 1; }
exec node "${flags[@]}" "dist/$process/main.js"
