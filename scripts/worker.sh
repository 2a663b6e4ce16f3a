#!/usr/bin/env bash
# `npm run worker` (and docker-compose's worker): starts worker/main.ts with the node flags its
# configuration asks for (WORKER_MAX_OLD_SPACE_MB → --max-old-space-size; worker/tuning.ts), which node
# only takes at start. exec: the worker replaces this shell, so signals and the exit status are its own.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=$(node --require tsx/cjs worker/nodeFlags.ts)
# glibc gives each thread that allocates its own malloc arena (up to 8 per core); the Temporal core's
# threads and the workflow thread would each keep one: two arenas hold the worker's RSS down.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# tsx's CommonJS hook: no ESM loader thread (and its V8 isolate) beside the worker.
# shellcheck disable=SC2086 # the flags are words
exec node $flags --require tsx/cjs worker/main.ts
