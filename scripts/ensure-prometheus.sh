#!/usr/bin/env bash
# The alert-rule tests run promtool (`check rules`, `test rules`) and start a real Prometheus on a free
# loopback port; `npm run dev -- --observe` starts one beside the service. Both come from Debian's
# `prometheus` package (2.42 on bookworm). Installs it when missing (apt-get, as root) without letting
# the package start or keep its own system service: the tests and dev.sh start their own, with their own
# configuration, port and storage. Otherwise says in one line what to install.
set -euo pipefail
command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1 && exit 0
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ]; then
  echo "Missing prometheus and promtool: install them (Debian/Ubuntu: apt-get install prometheus; macOS: brew install prometheus)." >&2
  exit 1
fi
echo "Installing prometheus (Debian package, its service left stopped)..." >&2
# invoke-rc.d asks policy-rc.d whether a package may start its service; 101 means no. Docker images ship
# such a file already; elsewhere one is put there for the install only.
policy=/usr/sbin/policy-rc.d
placed=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" && placed=1
  trap '[ "$placed" -eq 1 ] && rm -f "$policy"' EXIT
fi
apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  -o DPkg::Lock::Timeout=600 prometheus >/dev/null
# With systemd the unit is enabled at install time: keep it from starting at the next boot too.
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  systemctl disable --now prometheus.service >/dev/null 2>&1 || true
fi
