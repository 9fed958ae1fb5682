#!/usr/bin/env bash
# Scale-out check (docs/operations.md "Deployment"): two storefront processes on one PostgreSQL database
# behind nginx (.ci/nginx.conf: round robin, no sticky sessions), and the sign-in, checkout and gift card
# journeys run through the proxy. CI runs it after the PostgreSQL server suites; run it locally too:
#
#   scripts/scale-out-check.sh            # needs nginx (/usr/sbin/nginx or NGINX=…) and PostgreSQL
#
# SCALE_OUT_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) names
# a server where this may create a database; a fresh one is made and dropped again. Everything started
# here is stopped on exit, whatever happens; the exit status is the journeys' (or the first failure's).
set -euo pipefail
cd "$(dirname "$0")/.."

NGINX="${NGINX:-/usr/sbin/nginx}"
SERVER_URL="${SCALE_OUT_DATABASE_URL:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
[ -x "$NGINX" ] || { echo "scale-out: nginx not found at $NGINX (apt-get install nginx-light, or set NGINX)" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/quokka-scale-out.XXXXXX")"
database="quokka_scale_$(date +%s)_$$"
pids=()
database_made=0

# Runs a little Node with pg against the server (no psql needed).
pg_admin() {
  SERVER_URL="$SERVER_URL" SQL="$1" node --input-type=module -e "
    import pg from 'pg';
    const client = new pg.Client({ connectionString: process.env.SERVER_URL });
    await client.connect();
    try { await client.query(process.env.SQL); } finally { await client.end(); }
  "
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$database_made" = 1 ]; then pg_admin "drop database if exists \"$database\" with (force)" || true; fi
  if [ "$status" != 0 ]; then
    echo "scale-out: FAILED (exit $status); last lines of each log:" >&2
    for log in "$work"/*.log "$work"/nginx/error.log; do
      [ -f "$log" ] && { echo "--- $log" >&2; tail -n 30 "$log" >&2; }
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

wait_healthy() { # url, pid, name
  local deadline=$(( $(date +%s) + 120 ))
  until node -e "fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "$1/healthz"; do
    kill -0 "$2" 2>/dev/null || { echo "scale-out: $3 exited before answering /healthz" >&2; return 1; }
    [ "$(date +%s)" -lt "$deadline" ] || { echo "scale-out: $3 did not answer /healthz in 120 s" >&2; return 1; }
    sleep 0.3
  done
}

echo "::: scale-out: web build, database $database"
node --input-type=module -e "import { ensureWebBuild } from './scripts/build-web.mjs'; ensureWebBuild({ quiet: true });"
pg_admin "create database \"$database\""
database_made=1
DATABASE_URL="$(SERVER_URL="$SERVER_URL" DB="$database" node -e "const u=new URL(process.env.SERVER_URL);u.pathname='/'+process.env.DB;console.log(u.toString())")"

port_a="$(free_port)"; port_b="$(free_port)"; port_proxy="$(free_port)"
while [ "$port_b" = "$port_a" ]; do port_b="$(free_port)"; done
while [ "$port_proxy" = "$port_a" ] || [ "$port_proxy" = "$port_b" ]; do port_proxy="$(free_port)"; done
base_url="http://127.0.0.1:$port_proxy"
# One secret for both processes (a token made by one is checked by the other), and one clock start.
AUTH_SECRET="$(node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))")"
clock="$(node --import tsx -e "import('./e2e/global-setup.ts').then((m) => console.log(m.nextSydneyNoon(new Date()).toISOString()))")"

# One media store for both (docs/operations.md): the same DATA_DIR, whose media/ folder stands for a file
# system the processes share (the database is PostgreSQL, so nothing else of theirs lives there). A picture
# stored by one process, the demo shop's seeded by A included, is served by the other.
start_process() { # name, port
  mkdir -p "$work/data"
  env NODE_ENV=test PORT="$2" HOST=127.0.0.1 DATA_DIR="$work/data" DATABASE_URL="$DATABASE_URL" \
    AUTH_SECRET="$AUTH_SECRET" TRUST_PROXY=1 PUBLIC_URL="$base_url" TEST_CLOCK="$clock" \
    LOG_LEVEL=warn RATE_LIMIT_PER_MINUTE=100000 SMS_SENDS_PER_HOUR=100000 SMS_SENDS_PER_PREFIX_PER_HOUR=100000 \
    MARKETING_URL=https://marketing.quokka.test/ DEV_ROUTES_REMOTE=1 \
    node scripts/start.mjs >"$work/$1.log" 2>&1 &
  pids+=("$!")
}

# One after the other: the first applies the migrations and seeds the demo shop, the second finds them.
echo "::: scale-out: process A on :$port_a, process B on :$port_b (PostgreSQL, sandbox providers)"
start_process a "$port_a"
wait_healthy "http://127.0.0.1:$port_a" "${pids[-1]}" "process A"
start_process b "$port_b"
wait_healthy "http://127.0.0.1:$port_b" "${pids[-1]}" "process B"

mkdir -p "$work/nginx"
chmod 0755 "$work" "$work/nginx" # nginx's workers drop root for nobody and must reach their temp paths
sed -e "s#@PREFIX@#$work/nginx#g" -e "s#@PORT@#$port_proxy#g" \
  -e "s#@UPSTREAM_A@#127.0.0.1:$port_a#g" -e "s#@UPSTREAM_B@#127.0.0.1:$port_b#g" \
  .ci/nginx.conf >"$work/nginx/nginx.conf"
"$NGINX" -t -q -p "$work/nginx" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf"
"$NGINX" -p "$work/nginx" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
pids+=("$!")
wait_healthy "$base_url" "${pids[-1]}" "nginx"

echo "::: scale-out: sign-in, checkout and gift card journeys through nginx at $base_url"
# /dev/messages answers through the proxy because the processes run with DEV_ROUTES_REMOTE=1 (they
# listen on 127.0.0.1 only); the outbox is a database table, so it shows what either process sent.
E2E_BASE_URL="$base_url" E2E_SERVER_CLOCK="$clock" AUTH_SECRET="$AUTH_SECRET" \
  npx vitest run --project e2e sign-in.e2e checkout.e2e gift-cards.e2e

# Round robin with no stickiness: both processes must have answered journey requests.
a_count="$(grep -c " 127.0.0.1:$port_a " "$work/nginx/access.log" || true)"
b_count="$(grep -c " 127.0.0.1:$port_b " "$work/nginx/access.log" || true)"
echo "::: scale-out: requests answered by process A: $a_count, by process B: $b_count"
if [ "$a_count" -lt 20 ] || [ "$b_count" -lt 20 ]; then
  echo "scale-out: expected both processes to answer (at least 20 requests each)" >&2
  exit 1
fi
echo "::: scale-out: ok"
