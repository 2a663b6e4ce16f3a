#!/usr/bin/env bash
# The test command: type-check (tsgo), lint (Prettier + ESLint), then the whole mocha suite against real
# components, each installed or built here when missing (built tools are cached outside the repository):
# MariaDB, ffmpeg/espeak-ng/sox, Prometheus (alert-rule tests), the Temporal CLI (dev server), the Temporal
# server on PostgreSQL (test/cluster/, mutual TLS) and Jaeger (tracing tests). The tests start their own
# databases, servers and stores on free ports and remove them.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || bash scripts/install.sh
bash scripts/ensure-mariadb.sh
bash scripts/ensure-media-tools.sh
bash scripts/ensure-prometheus.sh
TEMPORAL_CLI="$(bash scripts/ensure-temporal.sh)"
export TEMPORAL_CLI
# test/cluster/: a real Temporal server (built once, cached outside the repository) on PostgreSQL.
bash scripts/ensure-postgres.sh
TEMPORAL_SERVER_PATHS="$(bash scripts/ensure-temporal-server.sh)"
{ read -r TEMPORAL_SERVER_BIN; read -r TEMPORAL_SQL_TOOL_BIN; read -r TEMPORAL_SERVER_SCHEMA_DIR; } <<<"$TEMPORAL_SERVER_PATHS"
export TEMPORAL_SERVER_BIN TEMPORAL_SQL_TOOL_BIN TEMPORAL_SERVER_SCHEMA_DIR
# The trace store of the tracing tests (test/support/jaeger.ts), built once into a cache outside the repo.
JAEGER_BIN="$(bash scripts/ensure-jaeger.sh)"
export JAEGER_BIN
npx tsgo --noEmit -p .
npm run --silent lint
if [ "$#" -eq 0 ]; then set -- "test/**/*.test.ts"; fi
npx mocha "$@"
