#!/usr/bin/env bash
# The test command: type-check (tsgo), lint (ESLint, eslint.config.mjs; cached in node_modules/.cache), then the whole suite against real MariaDB and a real Temporal dev server
# (both started here when needed; the tests make their own database and dev server and remove them), with
# Prometheus installed for the alert-rule tests (scripts/ensure-prometheus.sh; they start their own server);
# test/cluster/ also against a real Temporal server with mutual TLS on PostgreSQL (built and started here when
# needed; the suite makes its own).
# And Jaeger for the tracing tests (built once by scripts/ensure-jaeger.sh).
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
