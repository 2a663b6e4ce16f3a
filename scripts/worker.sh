#!/usr/bin/env bash
# `npm run worker` (and docker-compose's worker): starts worker/main.ts with the node flags its
# configuration asks for (WORKER_MAX_OLD_SPACE_MB → --max-old-space-size; worker/tuning.ts), which node
# only takes at start. exec: the worker replaces this shell, so signals and the exit status are its own.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=$(node --import tsx worker/nodeFlags.ts)
# shellcheck disable=SC2086 # the flags are words
exec node $flags --import tsx worker/main.ts
