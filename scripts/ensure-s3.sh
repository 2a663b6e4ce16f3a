#!/usr/bin/env bash
# Prints the path of versitygw, an S3-compatible server (posix directory backend, real SigV4 checks) that the
# tests and `STORAGE_BACKEND=s3` development run on loopback; builds it with `go install` when missing
# (first time only, a few minutes), as scripts/ensure-temporal.sh does for the Temporal CLI.
set -euo pipefail
VERSION=v1.8.0
GOBIN_DIR="$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"
BIN="${VERSITYGW:-$GOBIN_DIR/versitygw}"
if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  echo "$BIN"; exit 0
fi
echo "Building versitygw $VERSION (S3-compatible test server; first time only, takes a few minutes)..." >&2
GOBIN="$(dirname "$BIN")" go install "github.com/versity/versitygw/cmd/versitygw@$VERSION" >&2
echo "$BIN"
