#!/usr/bin/env bash
# Prints the path of the Temporal CLI (dev server + Web UI), building it with `go install` when missing.
# v1.5.1 is the last tag that `go install` accepts (later go.mod files carry a replace directive).
set -euo pipefail
VERSION=v1.5.1
GOBIN_DIR="$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"
BIN="${TEMPORAL_CLI:-$GOBIN_DIR/temporal}"
if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  echo "$BIN"; exit 0
fi
echo "Building the Temporal CLI $VERSION (first time only, takes a few minutes)..." >&2
GOBIN="$(dirname "$BIN")" go install "github.com/temporalio/cli/cmd/temporal@$VERSION" >&2
echo "$BIN"
