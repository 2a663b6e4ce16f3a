#!/usr/bin/env bash
# Prints the paths of a real Temporal server (all four services in one process), of its SQL schema tool and
# of the module's PostgreSQL schema directory (schema/postgresql/v12), one per line in that order. Both are built once with `go install` and cached outside
# the repository under names carrying the version, beside the Temporal CLI. The tests that need a cluster
# with mutual TLS (test/cluster/) start it; everything else keeps using the CLI's dev server.
# The schema files the sql tool applies come from the same module (printed by `go env GOMODCACHE`).
set -euo pipefail
VERSION=v1.29.1
GOBIN_DIR="$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"
SERVER="${TEMPORAL_SERVER_BIN:-$GOBIN_DIR/temporal-server-$VERSION}"
SQL_TOOL="${TEMPORAL_SQL_TOOL_BIN:-$GOBIN_DIR/temporal-sql-tool-$VERSION}"
build() { # build <package> <target path>
  local pkg="$1" target="$2" tmp
  tmp="$(mktemp -d)"
  echo "Building $pkg@$VERSION (first time only, the server takes a few minutes)..." >&2
  # Built under its package's name in a directory of its own, then moved to the versioned name.
  GOBIN="$tmp" go install "$pkg@$VERSION" >&2 || { rm -rf "$tmp"; return 1; }
  mkdir -p "$(dirname "$target")"
  mv "$tmp/$(basename "$pkg")" "$target"
  rm -rf "$tmp"
}
[ -x "$SQL_TOOL" ] || build go.temporal.io/server/cmd/tools/sql "$SQL_TOOL"
[ -x "$SERVER" ] || build go.temporal.io/server/cmd/server "$SERVER"
SCHEMA_DIR="$(go env GOMODCACHE)/go.temporal.io/server@$VERSION/schema/postgresql/v12"
[ -d "$SCHEMA_DIR" ] || (cd "$(mktemp -d)" && go mod download "go.temporal.io/server@$VERSION" >&2)
echo "$SERVER"
echo "$SQL_TOOL"
echo "$SCHEMA_DIR"
