#!/usr/bin/env bash
# Run a command against a throw-away PostgreSQL server: TEST_DATABASE_URL (and DATABASE_URL for
# tools) point at a fresh database, and the server is stopped and deleted when the command ends.
# Installs Debian's postgresql first when it is missing. Listens on 127.0.0.1 only.
set -euo pipefail

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PGBIN=$(pg_bin)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "Installing PostgreSQL for the tests (apt-get)"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PGBIN=$(pg_bin)
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

DIR=$(mktemp -d /tmp/companion-pg.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres: "$DIR"
# a free port below the ephemeral range (a lingering client socket once held one there)
PORT=$(python3 -c 'import socket
for port in range(15432, 15532):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port)); print(port); break
    except OSError: pass
    finally: s.close()')

as_postgres "$PGBIN/initdb" -D "$DIR/data" -A trust -U postgres >/dev/null
as_postgres "$PGBIN/pg_ctl" -D "$DIR/data" -w -l "$DIR/server.log" \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null
stop() { as_postgres "$PGBIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$DIR"; }
trap stop EXIT

psql -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres \
  -c "CREATE ROLE companion LOGIN CREATEDB PASSWORD 'companion'" \
  -c "CREATE DATABASE companion OWNER companion" >/dev/null

export TEST_DATABASE_URL="postgresql+psycopg://companion:companion@127.0.0.1:$PORT/companion"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT for: $*"
"$@"
