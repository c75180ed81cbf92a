#!/usr/bin/env bash
# Runs the database and stack tests (tests/db, tests/stack) against Debian's
# PostgreSQL instead of PGlite: installs it with apt if missing, starts a
# throw-away cluster on a free port, points DATABASE_URL at it (each test file
# makes a database of its own there), runs the tests, and removes the cluster.
# Extra arguments go to vitest, e.g. scripts/test-postgres.sh tests/db/rls.test.ts
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

# Postgres refuses to run as root: the cluster belongs to the postgres user then.
run_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

WORK=$(mktemp -d /tmp/homeward-postgres.XXXXXX)
chmod 755 "$WORK"
[ "$(id -u)" -eq 0 ] && chown postgres "$WORK"
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

stop_cluster() {
  run_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop_cluster EXIT

run_pg "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
run_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/postgres.log" -w \
  -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >/dev/null

export DATABASE_URL="postgresql://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PORT (DATABASE_URL=$DATABASE_URL)"
# npm-start.test.ts runs npm start on PGlite whatever DATABASE_URL says: npm test runs it.
npx vitest run --project db --project stack --exclude tests/stack/npm-start.test.ts "$@"
