#!/usr/bin/env bash
# The real Temporal cluster of test/cluster/ keeps its state in PostgreSQL: makes sure one answers on
# 127.0.0.1:5432 and lets user postgres in from there without a password (test databases only; each run
# makes and drops its own). Starts this machine's cluster if it is stopped; installs Debian's postgresql
# when apt-get is there (as root); otherwise says in one line what to do.
set -euo pipefail
ping() { pg_isready -q -h 127.0.0.1 -p 5432 -U postgres 2>/dev/null && psql -h 127.0.0.1 -U postgres -Atc 'select 1' >/dev/null 2>&1; }
if command -v pg_isready >/dev/null 2>&1 && ping; then exit 0; fi
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    echo "Installing PostgreSQL (Debian package postgresql)..." >&2
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "PostgreSQL is needed on 127.0.0.1:5432 (user postgres, no password) for test/cluster/: install it (Debian/Ubuntu: apt-get install postgresql)." >&2
    exit 1
  fi
fi
version="$(ls /etc/postgresql | sort -V | tail -n 1)"
hba="/etc/postgresql/$version/main/pg_hba.conf"
if ! grep -Eq '^host\s+all\s+(all|postgres)\s+127\.0\.0\.1/32\s+trust' "$hba"; then
  echo "Letting user postgres connect from 127.0.0.1 without a password ($hba)" >&2
  sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
fi
pg_ctlcluster "$version" main start 2>/dev/null || pg_ctlcluster "$version" main reload
for _ in $(seq 1 30); do
  if ping; then exit 0; fi
  sleep 1
done
echo "PostgreSQL did not answer on 127.0.0.1:5432 within 30 s" >&2
exit 1
