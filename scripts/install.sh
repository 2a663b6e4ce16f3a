#!/usr/bin/env bash
# Installs dependencies from package-lock.json (extra arguments go to npm, e.g. --omit=dev for the
# Dockerfile's runtime stage). `npm ci` is tried first; the npm registry reachable here lacks @swc/core's
# binaries for other platforms (macOS, Windows, …), so the lockfile cannot list them and `npm ci` refuses
# it as "out of sync". `npm install` then installs the same locked versions (it leaves the lockfile
# unchanged), skipping only those unavailable optional packages.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! npm ci --no-audit --no-fund "$@" 2>/tmp/npm-ci.$$.log; then
  grep -q 'Missing: @swc/core-' /tmp/npm-ci.$$.log || { cat /tmp/npm-ci.$$.log >&2; rm -f /tmp/npm-ci.$$.log; exit 1; }
  echo "npm ci: lockfile lacks other platforms' @swc/core binaries; installing the locked versions with npm install" >&2
  npm install --no-audit --no-fund "$@"
fi
rm -f /tmp/npm-ci.$$.log
