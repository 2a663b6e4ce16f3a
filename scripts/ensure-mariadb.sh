#!/usr/bin/env bash
# Makes sure a MySQL-compatible server answers on 127.0.0.1:3306 (starts this machine's MariaDB if not).
set -euo pipefail
ping() { mysqladmin --protocol=tcp -h 127.0.0.1 -P 3306 -u root status >/dev/null 2>&1; }
if ping; then exit 0; fi
echo "MariaDB is not answering; starting it" >&2
start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
for _ in $(seq 1 60); do
  if ping; then exit 0; fi
  sleep 1
done
echo "MariaDB did not come up within 60 s" >&2
exit 1
