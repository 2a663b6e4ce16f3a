#!/usr/bin/env bash
# Prints the path of Jaeger all-in-one (the trace store the tracing tests and `npm run dev --jaeger` use),
# building it once from the Go module proxy into a cache outside the repository when missing.
# `go install` refuses Jaeger (its go.mod carries replace directives), so it is built in a scratch module
# that records the tool dependency; the build takes about 5 minutes on two cores, once.
# JAEGER_BIN overrides the path (a Jaeger you already have).
set -euo pipefail
VERSION=v1.76.0
CACHE_DIR="${SALES_PRACTICE_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sales-practice-tools}"
BIN="${JAEGER_BIN:-$CACHE_DIR/jaeger-${VERSION#v}}"
if [ -x "$BIN" ]; then
  echo "$BIN"; exit 0
fi
command -v go >/dev/null 2>&1 || { echo "Jaeger needs Go to build (https://go.dev/dl/), or set JAEGER_BIN" >&2; exit 1; }
mkdir -p "$(dirname "$BIN")"
echo "Building Jaeger all-in-one $VERSION (first time only, takes about 5 minutes)..." >&2
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
(
  cd "$scratch"
  go mod init x >/dev/null 2>&1
  go get -tool "github.com/jaegertracing/jaeger/cmd/jaeger@$VERSION" >&2
  # Built to a temporary name then moved, so a second caller never runs a half-written binary.
  go build -o "$BIN.tmp.$$" github.com/jaegertracing/jaeger/cmd/jaeger >&2
)
mv -f "$BIN.tmp.$$" "$BIN"
echo "$BIN"
