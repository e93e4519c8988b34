#!/usr/bin/env bash
# Tokenization benchmark: starts its own Payara Micro with the service, sets up a company, a project (with its
# first API key) and a Simulator processor, warms the JVM up, then measures GET /health/live (a trivial endpoint,
# the ceiling of this machine) and POST /api/pay/{projectId}/companyProjectCreditCardPaymentsInfo (E10) with wrk,
# and prints a markdown table. Stops the server it started on exit. See bench/README.md for the knobs.
#
#   bench/tokenize.sh                     # defaults: 240 s warm-up, 30 s per endpoint, 32 connections
#   WARMUP=10 DURATION=5 bench/tokenize.sh   # a quick try (figures 2-3x too low: not for publishing)
set -euo pipefail

BENCH_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_HOME/.." && pwd)
cd "$REPO"

PORT=${PORT:-18480}
WARMUP=${WARMUP:-240}
DURATION=${DURATION:-30}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
TIMEOUT=${TIMEOUT:-10}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
UNIQUE_CARDS=${UNIQUE_CARDS:-0}
BUILD=${BUILD:-0}
BENCH_DB=${BENCH_DB:-auto}                       # auto | postgres | h2 (ignored when PAYMENTS_DB_URL is set)
PG_HOST=${PG_HOST:-127.0.0.1}
PG_PORT=${PG_PORT:-5432}
PG_DATABASE=${PG_DATABASE:-test}
PG_USER=${PG_USER:-postgres}
BENCH_SCHEMA=${BENCH_SCHEMA:-payments_bench}
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
PAYARA_VERSION=${PAYARA_VERSION:-6.2025.10}
BENCH_ADMIN_EMAIL=${BENCH_ADMIN_EMAIL:-bench-admin@payments.test}
BENCH_ADMIN_PASSWORD=${BENCH_ADMIN_PASSWORD:-bench-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')}

BENCH_DIR=$REPO/target/bench
WAR=$REPO/target/payments.war
MICRO_JAR=$REPO/target/runtime/payara-micro.jar
BASE=http://127.0.0.1:$PORT

SERVER_PID=
WRK_PIDS=()

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  local pid
  for pid in ${WRK_PIDS[@]+"${WRK_PIDS[@]}"}; do
    kill "$pid" 2>/dev/null || true
  done
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    log "stopping Payara Micro (pid $SERVER_PID)"
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 30); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 1
    done
    if kill -0 "$SERVER_PID" 2>/dev/null; then
      log "Payara Micro still running after 30 s: killing pid $SERVER_PID"
      kill -9 "$SERVER_PID" 2>/dev/null || true
    fi
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- 0. Parameters and tools --------------------------------------------------------------------------------

for var in PORT WARMUP DURATION CONNECTIONS THREADS TIMEOUT BOOT_TIMEOUT; do
  [[ ${!var} =~ ^[0-9]+$ ]] || die "$var must be a whole number, got '${!var}'"
done
(( DURATION >= 1 )) || die "DURATION must be at least 1 second"
(( CONNECTIONS >= THREADS && THREADS >= 1 )) || die "CONNECTIONS ($CONNECTIONS) must be at least THREADS ($THREADS) >= 1"
(( WARMUP == 0 || CONNECTIONS >= 2 )) || die "the warm-up splits CONNECTIONS between two endpoints: at least 2"
[[ $UNIQUE_CARDS == 0 || $UNIQUE_CARDS == 1 ]] || die "UNIQUE_CARDS must be 0 or 1"
case $BENCH_DB in auto | postgres | h2) ;; *) die "BENCH_DB must be auto, postgres or h2" ;; esac

need() { # command [debian package]
  command -v "$1" >/dev/null 2>&1 && return 0
  local package=${2:-$1}
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    log "$1 is not installed: installing it (apt-get install -y $package)"
    apt-get install -y -q "$package" >&2 || { apt-get update -q >&2 && apt-get install -y -q "$package" >&2; } \
      || die "could not install $package"
  else
    die "$1 is not installed; install it (e.g. sudo apt-get install $package) and run again"
  fi
}
need wrk
need curl
need jq
need java default-jre-headless

mkdir -p "$BENCH_DIR"

# ---- 1. The WAR and Payara Micro ----------------------------------------------------------------------------

if [[ $BUILD == 1 || ! -f $WAR ]]; then
  need mvn maven
  log "building the WAR (mvn -q package -DskipTests)"
  mvn -B -q package -DskipTests
fi
[[ -f $WAR ]] || die "no $WAR after the build"
if [[ -n $(find src pom.xml liquibase -newer "$WAR" -print -quit 2>/dev/null) ]]; then
  log "NOTE: sources are newer than target/payments.war; BUILD=1 rebuilds it"
fi

if [[ ! -f $MICRO_JAR ]]; then
  need mvn maven
  log "copying Payara Micro $PAYARA_VERSION to target/runtime"
  mvn -B -q dependency:copy -Dartifact="fish.payara.extras:payara-micro:$PAYARA_VERSION" \
    -DoutputDirectory="$REPO/target/runtime" -Dmdep.stripVersion=true
  [[ -f $MICRO_JAR ]] || die "no $MICRO_JAR after the copy"
fi

# ---- 2. Database and server ---------------------------------------------------------------------------------

if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  die "port $PORT is already in use; choose another with PORT=..."
fi

postgres_reachable() {
  command -v psql >/dev/null 2>&1 \
    && PGCONNECT_TIMEOUT=3 psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -Atqc 'select 1' >/dev/null 2>&1
}

if [[ -n ${PAYMENTS_DB_URL:-} ]]; then
  DB_DESCRIPTION="as given by PAYMENTS_DB_URL (${PAYMENTS_DB_URL%%\?*})"
elif [[ $BENCH_DB != h2 ]] && postgres_reachable; then
  [[ $BENCH_SCHEMA =~ ^[a-z_][a-z0-9_]*$ ]] || die "BENCH_SCHEMA must be a plain lower-case identifier"
  log "PostgreSQL at $PG_HOST:$PG_PORT: fresh schema $BENCH_SCHEMA in database $PG_DATABASE"
  PGOPTIONS='--client-min-messages=warning' psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -v ON_ERROR_STOP=1 -q \
    -c "DROP SCHEMA IF EXISTS $BENCH_SCHEMA CASCADE" -c "CREATE SCHEMA $BENCH_SCHEMA"
  export PAYMENTS_DB_URL="jdbc:postgresql://$PG_HOST:$PG_PORT/$PG_DATABASE?currentSchema=$BENCH_SCHEMA"
  export PAYMENTS_DB_USER=$PG_USER
  DB_VERSION=$(psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -Atqc 'show server_version' | cut -d' ' -f1)
  DB_DESCRIPTION="PostgreSQL $DB_VERSION ($PG_HOST:$PG_PORT, fresh schema $BENCH_SCHEMA)"
elif [[ $BENCH_DB == postgres ]]; then
  die "BENCH_DB=postgres but PostgreSQL is not reachable at $PG_HOST:$PG_PORT (database $PG_DATABASE, user $PG_USER)"
else
  DB_DESCRIPTION="embedded H2 (fresh, under target/bench/data)"
fi

# Local state (generated signing and master keys, H2 files): fresh each run unless PAYMENTS_DATA_DIR names one.
if [[ -n ${PAYMENTS_DATA_DIR:-} ]]; then
  DATA_DIR=$PAYMENTS_DATA_DIR
else
  DATA_DIR=$BENCH_DIR/data
  rm -rf "$DATA_DIR"
fi
# Payara Micro redeploys whatever an old root folder holds: start from an empty one.
rm -rf "$BENCH_DIR/micro-root"

SERVER_LOG=$BENCH_DIR/server.log
log "starting Payara Micro on port $PORT (log: target/bench/server.log)"
# shellcheck disable=SC2086 # BENCH_JAVA_OPTS is a list of options
java $BENCH_JAVA_OPTS \
  -Dpayments.data.dir="$DATA_DIR" \
  -Dpayments.bootstrap.admin.email="$BENCH_ADMIN_EMAIL" \
  -Dpayments.bootstrap.admin.password="$BENCH_ADMIN_PASSWORD" \
  -jar "$MICRO_JAR" --deploy "$WAR" --contextroot / --nocluster --port "$PORT" \
  --rootdir "$BENCH_DIR/micro-root" >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!

started=$SECONDS
until curl -fsS -o /dev/null "$BASE/health/ready" 2>/dev/null; do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    tail -n 40 "$SERVER_LOG" >&2 || true
    SERVER_PID=
    die "Payara Micro exited during startup (see target/bench/server.log)"
  fi
  if (( SECONDS - started > BOOT_TIMEOUT )); then
    tail -n 40 "$SERVER_LOG" >&2 || true
    die "not ready after $BOOT_TIMEOUT s (see target/bench/server.log)"
  fi
  sleep 1
done
log "ready after $((SECONDS - started)) s (pid $SERVER_PID)"

# ---- 3. Company, project, API key, processor ----------------------------------------------------------------

TOKEN=
RESPONSE=$BENCH_DIR/last-response.json

api() { # expected-status method path [json body]; prints the response body
  local expected=$1 method=$2 path=$3 body=${4:-} status
  local args=(-sS -o "$RESPONSE" -w '%{http_code}' -X "$method" -H 'Accept: application/json')
  [[ -n $TOKEN ]] && args+=(-H "Authorization: Bearer $TOKEN")
  [[ -n $body ]] && args+=(-H 'Content-Type: application/json' --data "$body")
  status=$(curl "${args[@]}" "$BASE$path") || die "$method $path failed"
  [[ $status == "$expected" ]] || die "$method $path answered $status, expected $expected: $(head -c 600 "$RESPONSE")"
  cat "$RESPONSE"
}

status=$(curl -sS -o "$RESPONSE" -w '%{http_code}' -X POST "$BASE/api/auth/token" \
  --data-urlencode grant_type=password --data-urlencode "username=$BENCH_ADMIN_EMAIL" \
  --data-urlencode "password=$BENCH_ADMIN_PASSWORD") || die "POST /api/auth/token failed"
[[ $status == 200 ]] || die "login of $BENCH_ADMIN_EMAIL answered $status: $(head -c 300 "$RESPONSE")" \
  " (with your own database, set BENCH_ADMIN_EMAIL and BENCH_ADMIN_PASSWORD to an existing platform administrator)"
TOKEN=$(jq -er .access_token "$RESPONSE") || die "no access_token in the token answer"

suffix=$(date +%Y%m%d-%H%M%S)-$$
COMPANY_ID=$(api 201 POST /api/adm/companies "$(jq -nc --arg n "Bench $suffix" '{companyName: $n}')" | jq -er .id)
PROJECT_ID=$(api 201 POST /api/adm/companyProjects \
  "$(jq -nc --arg c "$COMPANY_ID" --arg n "Bench $suffix" '{companyId: $c, projectName: $n}')" | jq -er .id)
KEY_ID=$(api 200 GET "/api/adm/companyProjectKeys?CompanyProjectId=$PROJECT_ID&limit=1000" | jq -er '.entries[0].id')
API_KEY=$(api 200 GET "/api/adm/companyProjectKeys/actual?keyId=$KEY_ID" | jq -er .entry.keyValue)
PROCESSOR_ID=$(api 201 POST /api/adm/projectPaymentProcessors \
  "$(jq -nc --arg p "$PROJECT_ID" \
    '{companyProjectId: $p, projectPaymentProcessorName: "Simulator", gateway: 1, paymentType: 1, settings: {}}')" \
  | jq -er .id)
rm -f "$RESPONSE"
TOKEN=
log "company $COMPANY_ID, project $PROJECT_ID, processor $PROCESSOR_ID, key $KEY_ID (…${API_KEY: -4})"

status=$(curl -sS -o /dev/null -w '%{http_code}' -H "X-API-Key: $API_KEY" "$BASE/api/pay/$PROJECT_ID") || die "GET /api/pay failed"
[[ $status == 200 ]] || die "the revealed API key does not authenticate GET /api/pay/$PROJECT_ID (answered $status)"

LIVE_URL=$BASE/health/live
TOKENIZE_PATH=/api/pay/$PROJECT_ID/companyProjectCreditCardPaymentsInfo
TOKENIZE_URL=$BASE$TOKENIZE_PATH
export BENCH_API_KEY=$API_KEY UNIQUE_CARDS

# One request by hand, to say early what the tokenization endpoint answers.
probe_status=$(curl -sS -o "$BENCH_DIR/tokenize-probe.json" -w '%{http_code}' -X POST \
  -H 'Content-Type: application/json' -H 'Accept: application/json' -H "X-API-Key: $API_KEY" \
  --data '{"creditCard":{"cardNumber":"4242424242424242","expirationMonth":12,"expirationYear":2031,"cvv":"123","cardholderName":"Bench Mark"},"personAddress":{"firstName":"Bench","lastName":"Mark","email":"bench@example.com","addressLine1":"1 Main St","city":"Springfield","state":"IL","zip":"62701","country":"US"}}' \
  "$TOKENIZE_URL") || die "POST $TOKENIZE_PATH failed"
if [[ $probe_status == 201 ]]; then
  log "tokenization probe: 201 (token $(jq -r '.maskedCardNumber // .entry.maskedCardNumber // "?"' "$BENCH_DIR/tokenize-probe.json"))"
else
  log "WARNING: tokenization probe answered $probe_status, not 201: its non-2xx column will show it" \
    "($(head -c 200 "$BENCH_DIR/tokenize-probe.json"))"
fi

# ---- 4. Warm-up: both endpoints at once, the connections split between them ---------------------------------

if (( WARMUP > 0 )); then
  live_connections=$(( CONNECTIONS / 2 ))
  tokenize_connections=$(( CONNECTIONS - live_connections ))
  log "warming up for $WARMUP s (until $(date -d "+$WARMUP seconds" +%H:%M:%S)): wrk -t1 -c$live_connections on" \
    "/health/live and wrk -t1 -c$tokenize_connections on the tokenization endpoint, concurrently"
  wrk -t1 -c"$live_connections" -d"${WARMUP}s" --timeout "${TIMEOUT}s" -s "$BENCH_HOME/live.lua" "$LIVE_URL" \
    >"$BENCH_DIR/warmup-live.txt" 2>&1 &
  WRK_PIDS+=("$!")
  wrk -t1 -c"$tokenize_connections" -d"${WARMUP}s" --timeout "${TIMEOUT}s" -s "$BENCH_HOME/tokenize.lua" "$TOKENIZE_URL" \
    >"$BENCH_DIR/warmup-tokenize.txt" 2>&1 &
  WRK_PIDS+=("$!")
  for pid in "${WRK_PIDS[@]}"; do
    wait "$pid" || die "a warm-up wrk failed: see target/bench/warmup-*.txt"
  done
  WRK_PIDS=()
  log "warm-up /health/live:  $(grep '^requests/s' "$BENCH_DIR/warmup-live.txt" || echo '?')"
  log "warm-up tokenization:  $(grep '^requests/s' "$BENCH_DIR/warmup-tokenize.txt" || echo '?')"
fi

# ---- 5. Measurements ----------------------------------------------------------------------------------------

# This machine may be shared: measure how much CPU went to processes other than this server and wrk while each
# endpoint was measured (from /proc/stat, the server's /proc/PID/stat and wrk's CPU time as a reaped child).
CLOCK_TICKS=$(getconf CLK_TCK)
cpu_ticks() { awk '/^cpu / { print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat; } # busy total
server_ticks() { awk '{ print $14+$15 }' "/proc/$SERVER_PID/stat"; }
postgres_ticks() { # all PostgreSQL processes of the machine (this server's backends among them)
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk '$2 == "(postgres)" { t += $14 + $15 } END { printf "%d", t }'
}
children_ticks() { # sets $1 to the CPU time of this shell's reaped children (`times`, second line), in ticks
  times >"$BENCH_DIR/times.txt" # in this shell: a subshell would count only its own children
  printf -v "$1" '%s' "$(awk -v hz="$CLOCK_TICKS" 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) {
    split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%d", t * hz }' "$BENCH_DIR/times.txt")"
}

ROWS=()
NOTES=()
BUSY_MACHINE=
measure() { # label url lua-script file-name
  local label=$1 url=$2 script=$3 out=$BENCH_DIR/wrk-$4.txt line kv rps= p50= p99= non2xx= socket=
  local busy0 total0 busy1 total1 server0 server1 children0 children1 pg0 pg1 usage cpu_server cpu_wrk cpu_pg others
  log "measuring $label for $DURATION s: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency"
  read -r busy0 total0 < <(cpu_ticks)
  server0=$(server_ticks)
  pg0=$(postgres_ticks)
  children_ticks children0
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --timeout "${TIMEOUT}s" --latency -s "$script" "$url" \
    >"$out" 2>&1 || { cat "$out" >&2; die "wrk failed on $label"; }
  read -r busy1 total1 < <(cpu_ticks)
  server1=$(server_ticks)
  pg1=$(postgres_ticks)
  children_ticks children1
  # Percentages of the whole machine (all cores = 100%): server, wrk, PostgreSQL, everything else.
  usage=$(awk -v b=$((busy1 - busy0)) -v t=$((total1 - total0)) -v s=$((server1 - server0)) -v w=$((children1 - children0)) \
    -v p=$((pg1 - pg0)) 'BEGIN { if (t <= 0) t = 1; o = b - s - w - p; if (o < 0) o = 0
      printf "%.0f %.0f %.0f %.0f", s * 100 / t, w * 100 / t, p * 100 / t, o * 100 / t }')
  read -r cpu_server cpu_wrk cpu_pg others <<<"$usage"
  NOTES+=("$label: server ${cpu_server}%, wrk ${cpu_wrk}%, PostgreSQL ${cpu_pg}%, other processes ${others}%")
  (( others <= 5 )) || BUSY_MACHINE=1
  sed 's/^/    /' "$out" | grep -v BENCH_RESULT >&2
  line=$(grep '^BENCH_RESULT ' "$out") || die "no result line from wrk for $label"
  for kv in ${line#BENCH_RESULT }; do
    case ${kv%%=*} in
      rps) rps=${kv#*=} ;;
      p50_ms) p50=${kv#*=} ;;
      p99_ms) p99=${kv#*=} ;;
      non2xx) non2xx=${kv#*=} ;;
      socket_errors) socket=${kv#*=} ;;
    esac
  done
  (( socket == 0 )) || non2xx="$non2xx (+$socket socket errors)"
  ROWS+=("$(printf '| %s | %.0f | %s | %s | %s |' "$label" "$rps" "$p50" "$p99" "$non2xx")")
}

measure "GET /health/live" "$LIVE_URL" "$BENCH_HOME/live.lua" live
measure "POST /api/pay/{projectId}/companyProjectCreditCardPaymentsInfo" "$TOKENIZE_URL" "$BENCH_HOME/tokenize.lua" tokenize

# ---- 6. The table -------------------------------------------------------------------------------------------

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- src pom.xml liquibase 2>/dev/null || commit="$commit (with local changes)"
cards=$([[ $UNIQUE_CARDS == 1 ]] && echo "a different Luhn-valid Visa number per request" || echo "card 4242424242424242 every time")
{
  echo
  echo "### Tokenization benchmark, $(date '+%Y-%m-%d %H:%M %Z')"
  echo
  echo "Machine: nproc $(nproc), $(java -version 2>&1 | head -n 1); Payara Micro $PAYARA_VERSION (--nocluster, $BENCH_JAVA_OPTS);" \
    "database: $DB_DESCRIPTION; commit $commit."
  if (( WARMUP > 0 )); then
    echo "Warm-up: $WARMUP s, both endpoints at once (wrk -t1 -c$live_connections on /health/live, -t1 -c$tokenize_connections on tokenization)."
  else
    echo "Warm-up: none (WARMUP=0): figures are not representative."
  fi
  echo "Then $DURATION s per endpoint, one after the other on the same server: wrk -t$THREADS -c$CONNECTIONS --latency; tokenization with $cards."
  (( WARMUP >= 180 )) || echo "Short warm-up: expect figures 2-3x below a warmed-up JVM (docs/PERFORMANCE.md)."
  echo
  echo "| endpoint | req/s | p50 ms | p99 ms | non-2xx |"
  echo "|---|---|---|---|---|"
  printf '%s\n' "${ROWS[@]}"
  echo
  echo "CPU during the measurements (share of all $(nproc) cores): $(IFS=';'; echo "${NOTES[*]}" | sed 's/;/; /g')."
  [[ -z ${BUSY_MACHINE:-} ]] || echo "WARNING: other processes used more than 5% of the CPU: the machine was not quiet, the figures are low."
  echo
} | tee "$BENCH_DIR/results.md"
log "table saved to target/bench/results.md; wrk outputs in target/bench/wrk-*.txt"
