#!/usr/bin/env bash
# `npm run dev`: the whole service on this machine, from a fresh clone. Installs dependencies, makes sure
# MariaDB runs and the Temporal CLI exists, creates and migrates the database, starts the Temporal dev
# server (state in .data/temporal.db, Web UI on 8233), the worker and the API, seeds demo data once
# (.data/seed.json), prints how to call the API, and stops everything it started on Ctrl-C.
# Settings come from the environment like everywhere else (PORT, DATABASE_URL, TEMPORAL_ADDRESS, ...).
# `npm run dev -- --prometheus` also starts Prometheus (scripts/ensure-prometheus.sh installs it) on
# 127.0.0.1:9090 scraping the API and the worker, with the rules of ops/prometheus/ (storage in .data/prometheus/).
# `npm run dev -- --jaeger` also starts Jaeger (built once by scripts/ensure-jaeger.sh; OTLP on 4318, query
# API on 16686, traces in memory) and points the API and the worker at it (OTEL_EXPORTER_OTLP_ENDPOINT).
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_PROMETHEUS=0
WITH_JAEGER=0
for arg in "$@"; do
  case "$arg" in
    --prometheus) WITH_PROMETHEUS=1 ;;
    --jaeger) WITH_JAEGER=1 ;;
    *) echo "usage: npm run dev [-- --prometheus] [--jaeger]" >&2; exit 2 ;;
  esac
done
ROOT="$PWD"
DATA="$ROOT/.data"
mkdir -p "$DATA"
TSX="$ROOT/node_modules/.bin/tsx"
PORT="${PORT:-3000}"
API_URL="http://127.0.0.1:$PORT"
export PORT PUBLIC_URL="${PUBLIC_URL:-$API_URL}"
TEMPORAL_ADDRESS="${TEMPORAL_ADDRESS:-127.0.0.1:7233}"
UI_URL="http://127.0.0.1:8233"

say() { printf '\033[1m[dev]\033[0m %s\n' "$*" >&2; }
answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

PIDS=()
NAMES=()
cleanup() {
  trap - INT TERM EXIT
  [ "${#PIDS[@]}" -eq 0 ] && return
  # Newest first (API, worker, then Temporal), so nothing loses its server while shutting down. Each
  # child leads its own process group (setsid): the signal reaches tsx's node child too.
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    local pid="${PIDS[$i]}"
    say "stopping ${NAMES[$i]}"
    kill -TERM -- "-$pid" 2>/dev/null || continue
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# start NAME COMMAND...: runs in the background with its log in .data/NAME.log.
start() {
  local name="$1"; shift
  setsid "$@" >"$DATA/$name.log" 2>&1 < /dev/null &
  PIDS+=("$!")
  NAMES+=("$name")
  say "started $name (pid $!, log .data/$name.log)"
}

fail_with_log() {
  say "$1 — last lines of .data/$2.log:"
  tail -n 30 "$DATA/$2.log" >&2 || true
  exit 1
}

# 1. Dependencies, MariaDB, the Temporal CLI.
if [ ! -d node_modules ]; then
  say "installing dependencies"
  bash scripts/install.sh
fi
bash scripts/ensure-mariadb.sh
bash scripts/ensure-media-tools.sh --worker || exit 1
TEMPORAL="$(bash scripts/ensure-temporal.sh)"

# Secrets of this machine, generated once and kept under .data/ (there are no defaults in code): the keys
# that encrypt Temporal payloads, and the token the Web UI and `temporal --codec-auth` decode them with.
secret_file() {
  local file="$DATA/$1"
  if [ ! -s "$file" ]; then (umask 077; node -e "$2" >"$file"); fi
  cat "$file"
}
export TEMPORAL_PAYLOAD_KEYS="${TEMPORAL_PAYLOAD_KEYS:-$(secret_file temporal-payload-keys "process.stdout.write('dev-' + Date.now().toString(36) + ':' + require('crypto').randomBytes(32).toString('base64'))")}"
export TEMPORAL_CODEC_TOKEN="${TEMPORAL_CODEC_TOKEN:-$(secret_file temporal-codec-token "process.stdout.write(require('crypto').randomBytes(24).toString('base64url'))")}"
export TEMPORAL_CODEC_CORS_ORIGINS="${TEMPORAL_CODEC_CORS_ORIGINS:-$UI_URL,http://localhost:8233}"

# 2. Database.
say "migrating the database"
"$TSX" db/migrate.ts latest >/dev/null

# 3. Temporal: the dev server on 7233 unless something already answers there (or TEMPORAL_ADDRESS points elsewhere).
temporal_healthy() { "$TEMPORAL" operator cluster health --address "$TEMPORAL_ADDRESS" >/dev/null 2>&1; }
if temporal_healthy; then
  say "Temporal already answers on $TEMPORAL_ADDRESS; using it"
  # Fairness between companies is a server setting (docs/operations.md, "Fairness between companies"): a server
  # this script did not start may have it off, and then one company's backlog delays everyone's work.
  say "  it was not started here: fairness between companies may be off on it (matching.enableFairness)."
  say "  check a dev server's command line: ps -eo args | grep -o 'matching.enableFairness=[a-z]*' (a full server: its"
  say "  dynamic config file); start it with --dynamic-config-value matching.enableFairness=true, or stop it and rerun"
elif [ "$TEMPORAL_ADDRESS" = "127.0.0.1:7233" ] || [ "$TEMPORAL_ADDRESS" = "localhost:7233" ]; then
  # The Web UI decodes payloads through the API's codec endpoint (docs/security.md, "Temporal payloads").
  # Task queue fairness on (docs/operations.md, "Fairness"): one company's backlog does not hold up another's.
  args=(server start-dev --db-filename "$DATA/temporal.db" --ip 127.0.0.1 --port 7233 --ui-port 8233 --log-level warn --ui-codec-endpoint "$API_URL/codec"
    --dynamic-config-value matching.enableFairness=true)
  start temporal "$TEMPORAL" "${args[@]}"
  for _ in $(seq 1 120); do
    temporal_healthy && break
    kill -0 "${PIDS[-1]}" 2>/dev/null || fail_with_log "the Temporal dev server exited" temporal
    sleep 0.5
  done
  temporal_healthy || fail_with_log "the Temporal dev server did not come up within 60 s" temporal
else
  say "Temporal does not answer on $TEMPORAL_ADDRESS"; exit 1
fi
# The namespace (TEMPORAL_NAMESPACE) and the search attributes, through the same command as docker-compose
# and a production cluster (docs/operations.md, "Running in production"); what exists is left as it is.
say "registering the Temporal namespace and search attributes (admin temporal:setup)"
"$TSX" cli/admin.ts temporal:setup >/dev/null

# 3b. Jaeger (--jaeger): traces in memory, on loopback; its own tracing off (it would send to 4317).
TRACES="off (npm run dev -- --jaeger starts Jaeger; or set OTEL_EXPORTER_OTLP_ENDPOINT, docs/operations.md \"Traces\")"
if [ "$WITH_JAEGER" = 1 ]; then
  JAEGER="$(bash scripts/ensure-jaeger.sh)"
  cat >"$DATA/jaeger.yaml" <<'YAML'
service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces: { receivers: [otlp], processors: [batch], exporters: [jaeger_storage_exporter] }
  telemetry: { metrics: { level: none }, logs: { level: warn } }
extensions:
  jaeger_storage: { backends: { memstore: { memory: { max_traces: 10000 } } } }
  jaeger_query:
    enable_tracing: false
    storage: { traces: memstore }
    http: { endpoint: 127.0.0.1:16686 }
    grpc: { endpoint: 127.0.0.1:16685 }
receivers:
  otlp: { protocols: { http: { endpoint: 127.0.0.1:4318 } } }
processors:
  batch: {}
exporters:
  jaeger_storage_exporter: { trace_storage: memstore }
YAML
  start jaeger "$JAEGER" --config "$DATA/jaeger.yaml"
  for _ in $(seq 1 120); do
    curl -fsS http://127.0.0.1:16686/api/services >/dev/null 2>&1 && break
    kill -0 "${PIDS[-1]}" 2>/dev/null || fail_with_log "Jaeger exited" jaeger
    sleep 0.5
  done
  export OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318
fi
if [ -n "${OTEL_EXPORTER_OTLP_ENDPOINT:-}${OTEL_EXPORTER_OTLP_TRACES_ENDPOINT:-}" ]; then
  TRACES="exported to ${OTEL_EXPORTER_OTLP_TRACES_ENDPOINT:-$OTEL_EXPORTER_OTLP_ENDPOINT}"
  # The Go-built Jaeger has no UI (its assets come with Jaeger's release builds); its query API answers JSON.
  [ "$WITH_JAEGER" = 1 ] && TRACES="Jaeger: curl 'http://127.0.0.1:16686/api/traces?service=sales-practice-api&limit=5'
                 (one trace: /api/traces/<traceId>; the traceId is in every log line of a request)"
fi

# 4. Worker and API. The media-link secret has no default in code: made once here (kept in
#    .data/media-url-secret, readable by this user only), so links stay valid across restarts.
if [ -z "${MEDIA_URL_SECRET:-}" ]; then
  SECRET_FILE="$DATA/media-url-secret"
  if [ ! -s "$SECRET_FILE" ]; then
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(48).toString('base64'))" >"$SECRET_FILE")
    say "generated MEDIA_URL_SECRET in .data/media-url-secret"
  fi
  MEDIA_URL_SECRET="$(cat "$SECRET_FILE")"
fi
export MEDIA_URL_SECRET
if answers 127.0.0.1 "$PORT"; then
  say "port $PORT is already in use (another npm run dev?); stop it or set PORT"; exit 1
fi
# `npm run worker` and `npm start` run the build (dist/); here the same processes run their TypeScript
# through tsx, so an edit needs no build: the worker bundles workflows/ at start (worker/workflowBundle.ts),
# and both take the node flags of `npm start`'s and `npm run worker`'s scripts.
start worker bash scripts/start.sh worker --source
start api bash scripts/start.sh api --source
for _ in $(seq 1 120); do
  curl -fsS "$API_URL/readyz" >/dev/null 2>&1 && break
  kill -0 "${PIDS[-1]}" 2>/dev/null || fail_with_log "the API exited" api
  kill -0 "${PIDS[-2]}" 2>/dev/null || fail_with_log "the worker exited" worker
  sleep 0.5
done
curl -fsS "$API_URL/readyz" >/dev/null || fail_with_log "the API is not ready after 60 s ($API_URL/readyz)" api

# Prometheus beside the service (--prometheus): the real rules, the API and the worker as the jobs they
# expect (ops/prometheus/prometheus.example.yml), every 5 s.
WORKER_METRICS_URL="http://127.0.0.1:${WORKER_METRICS_PORT:-9464}/metrics"
PROMETHEUS_URL="http://127.0.0.1:9090"
if [ "$WITH_PROMETHEUS" = 1 ]; then
  bash scripts/ensure-prometheus.sh || exit 1
  if answers 127.0.0.1 9090; then
    say "port 9090 is already in use; not starting Prometheus"
    WITH_PROMETHEUS=0
  else
    mkdir -p "$DATA/prometheus"
    {
      printf 'global: {scrape_interval: 5s, evaluation_interval: 5s}\n'
      printf 'rule_files: ["%s", "%s"]\n' "$ROOT/ops/prometheus/recording.rules.yml" "$ROOT/ops/prometheus/alerts.rules.yml"
      printf 'scrape_configs:\n'
      printf '  - job_name: sales-practice-api\n'
      [ -n "${METRICS_TOKEN:-}" ] && printf '    authorization: {credentials_file: "%s"}\n' "$DATA/prometheus/metrics-token"
      printf '    static_configs: [{targets: ["127.0.0.1:%s"]}]\n' "$PORT"
      printf '  - job_name: sales-practice-worker\n'
      printf '    static_configs: [{targets: ["127.0.0.1:%s"]}]\n' "${WORKER_METRICS_PORT:-9464}"
    } >"$DATA/prometheus/prometheus.yml"
    if [ -n "${METRICS_TOKEN:-}" ]; then (umask 077; printf '%s' "$METRICS_TOKEN" >"$DATA/prometheus/metrics-token"); fi
    start prometheus prometheus --config.file="$DATA/prometheus/prometheus.yml" \
      --storage.tsdb.path="$DATA/prometheus/data" --web.listen-address=127.0.0.1:9090
  fi
fi
if [ "$WITH_PROMETHEUS" = 1 ]; then
  METRICS_NOTE="Prometheus     $PROMETHEUS_URL   (alerts: $PROMETHEUS_URL/alerts; log .data/prometheus.log)
  Dashboard      import ops/grafana/sales-practice.json into Grafana, data source $PROMETHEUS_URL"
else
  METRICS_NOTE="Prometheus     not started: npm run dev -- --prometheus starts one with the rules of ops/prometheus/"
fi

# 5. Demo data, once: .data/seed.json keeps the ids and API keys. A key the database no longer knows
#    (the database was dropped or recreated) means seeding again.
seed_key() { node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).apiKey)' "$DATA/seed.json"; }
status_with() { curl -s -o /dev/null -w '%{http_code}' -H "x-api-key: $1" "$API_URL/api/roleplay"; }
if [ -f "$DATA/seed.json" ] && [ "$(status_with "$(seed_key)")" = "401" ]; then
  say "the API key in .data/seed.json is unknown to this database; seeding again"
  rm -f "$DATA/seed.json"
fi
if [ ! -f "$DATA/seed.json" ]; then
  say "seeding demo data"
  "$TSX" cli/admin.ts seed >"$DATA/seed.json.tmp"
  mv "$DATA/seed.json.tmp" "$DATA/seed.json"
fi
API_KEY="$(seed_key)"
STATUS="$(status_with "$API_KEY")"
[ "$STATUS" = "200" ] || say "warning: GET /api/roleplay answered $STATUS"

cat <<EOF

  Sales Practice Service is running.

  API            $API_URL   (OpenAPI: $API_URL/openapi.json)
  Temporal UI    $UI_URL
  API key        $API_KEY   (demo parent company; ids of everything seeded: .data/seed.json)
  Logs           .data/api.log .data/worker.log .data/temporal.log
  Metrics        $API_URL/metrics (API)   $WORKER_METRICS_URL (worker)   (docs/operations.md, "Measures and alerts")
  $METRICS_NOTE
  Traces         $TRACES
  Payloads       encrypted (keys: .data/temporal-payload-keys); the Web UI decodes them through $API_URL/codec
                 once you sign in at $API_URL/codec/session with the token in .data/temporal-codec-token;
                 CLI: temporal workflow show --codec-endpoint $API_URL/codec --codec-auth "Bearer \$(cat .data/temporal-codec-token)" …

  Try:  curl -H "x-api-key: $API_KEY" $API_URL/api/roleplay

  A call transcript (WebVTT, no audio, no provider key needed), then its result:
        curl -H "x-api-key: $API_KEY" -H 'content-type: application/json' \\
          -d @scripts/sample-transcript.json $API_URL/api/recording
        curl -H "x-api-key: $API_KEY" $API_URL/api/recording/<recordingId>
        curl -H "x-api-key: $API_KEY" -H 'accept: text/vtt' $API_URL/api/recording/<recordingId>/transcript

  Audio needs a file the worker can fetch and STT_API_KEY (README).

  Ctrl-C stops everything started here.
EOF

# Runs until Ctrl-C, or until one of the processes dies (then the rest are stopped too).
set +e
wait -n "${PIDS[@]}"
code=$?
for i in "${!PIDS[@]}"; do
  kill -0 "${PIDS[$i]}" 2>/dev/null || say "${NAMES[$i]} exited (code $code); see .data/${NAMES[$i]}.log"
done
exit 1
