#!/usr/bin/env bash
# The worker's media step runs ffmpeg and ffprobe; the tests also speak with espeak-ng and join audio
# with sox, and make the TLS tests' certificates with openssl. Installs what is missing from Debian's packages when apt-get is there (as root), otherwise
# says in one line what to install. `--worker` asks only for what the worker needs (ffmpeg).
set -euo pipefail
need=(ffmpeg)
[ "${1:-}" = "--worker" ] || need+=(espeak-ng sox openssl)
missing=()
for tool in "${need[@]}"; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
[ "${#missing[@]}" -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
  echo "Installing ${missing[*]} (Debian packages)..." >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing ${missing[*]}: install them (Debian/Ubuntu: apt-get install ${missing[*]}; macOS: brew install ${missing[*]})." >&2
  exit 1
fi
