#!/usr/bin/env bash
# make test-service: the render service (`moviemake serve`: the package in Service/, whose executable
# moviemake-serve `moviemake serve` runs).
#
# 1. Installs what it needs when missing: Debian's postgresql and libsqlite3-dev, and schemathesis
#    from PyPI (in .build/service-venv).
# 2. Builds the service's package (moviemake-serve, and moviemake beside it) and runs
#    MovieKitServiceTests one test at a time (they
#    start servers, kill them and time submissions): the API, security, durability (kill -9 and
#    SIGTERM), webhooks, load, and two servers on one PostgreSQL queue. PostgreSQL runs on a
#    private port and data folder made here, as the postgres user, and is stopped at the end.
# 3. Runs schemathesis against a server's /openapi.json: every operation, generated requests, no
#    5xx, and every response matching its schema.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi

missing=()
for p in postgresql libsqlite3-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-service: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -q
  "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
VENV=.build/service-venv
if [ ! -x "$VENV/bin/schemathesis" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "schemathesis>=4,<5"
fi

start=$SECONDS
# The tests start `moviemake serve`, which runs the moviemake-serve beside it; both are built here.
(cd Service && swift build --build-tests && swift build --product moviemake)
echo "test-service: built in $((SECONDS - start)) s"

# PostgreSQL on a private port, as the postgres user (it refuses to run as root).
PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
PGDIR="$(mktemp -d /tmp/moviekit-pg.XXXXXX)"
PGPORT=$((20000 + RANDOM % 20000))
as_postgres() { if [ "$(id -un)" = postgres ]; then "$@"; elif [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi; }
chown postgres "$PGDIR" 2>/dev/null || "${SUDO[@]}" chown postgres "$PGDIR"
cleanup() {
  as_postgres "$PGBIN/pg_ctl" -D "$PGDIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGDIR" 2>/dev/null || "${SUDO[@]}" rm -rf "$PGDIR"
  [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null || true
}
trap cleanup EXIT
as_postgres "$PGBIN/initdb" -D "$PGDIR/data" -A trust -U postgres >/dev/null
as_postgres "$PGBIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
  -o "-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
as_postgres "$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres moviekit
export MOVIEKIT_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PGPORT/moviekit"

start=$SECONDS
(cd Service && swift test --skip-build --no-parallel --filter MovieKitServiceTests)
echo "test-service: MovieKitServiceTests took $((SECONDS - start)) s"

# schemathesis against the served document.
WORK="$(mktemp -d /tmp/moviekit-schemathesis.XXXXXX)"
echo "schemathesis-token" >"$WORK/tokens"
mkdir -p "$WORK/assets"
BIN="$(cd Service && swift build --show-bin-path)/moviemake"
"$BIN" serve --port 0 --data "$WORK/data" --assets "$WORK/assets" --token-file "$WORK/tokens" \
  --max-queued-per-token 10000 >"$WORK/out" 2>"$WORK/log" &
SERVER_PID=$!
for _ in $(seq 100); do grep -q "Listening on" "$WORK/out" && break; sleep 0.1; done
PORT="$(sed -n 's/.*Listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$WORK/out")"
[ -n "$PORT" ] || { cat "$WORK/log" >&2; echo "test-service: the server did not start" >&2; exit 1; }
start=$SECONDS
"$VENV/bin/schemathesis" run "http://127.0.0.1:$PORT/openapi.json" \
  -H "Authorization: Bearer schemathesis-token" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-40}" --seed 1 --no-color
echo "test-service: schemathesis took $((SECONDS - start)) s"
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=""
rm -rf "$WORK"
