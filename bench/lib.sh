# shellcheck shell=bash
# What the benchmark scripts share (sourced by bench/tokenize.sh and bench/transactions.sh, not run by itself):
# the knobs, the tools, the WAR and Payara Micro, the database choice, starting the server and stopping it on
# exit, the admin API set-up (company, project, API key, Simulator processor), calls with the API key, the
# warm-up, the wrk measurements with the CPU taken by each party, and the markdown table. See bench/README.md.
#
# A script sets BENCH_NAME (its outputs go to target/bench/$BENCH_NAME) and sources this file, which sets the
# shell options, the common knobs and the exit trap; then it calls, in order:
#   bench_prepare                  tools, WAR, Payara Micro, database, server, company/project/key/processor
#   bench_warmup name url script ... (one triple per endpoint; CONNECTIONS split between them, all at once)
#   bench_measure label url script name (once per endpoint, the trivial one first)
#   bench_report title line...     the table, saved to target/bench/$BENCH_NAME/results.md
set -euo pipefail

[[ -n ${BENCH_NAME:-} ]] || { echo "bench/lib.sh: set BENCH_NAME before sourcing it" >&2; exit 2; }

BENCH_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_HOME/.." && pwd)
cd "$REPO"

# ---- Knobs common to every benchmark (each script adds its own) --------------------------------------------

PORT=${PORT:-18480}
WARMUP=${WARMUP:-240}
DURATION=${DURATION:-30}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
TIMEOUT=${TIMEOUT:-10}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
BUILD=${BUILD:-0}
BENCH_DB=${BENCH_DB:-auto}                       # auto | postgres | h2 (ignored when PAYMENTS_DB_URL is set)
PG_HOST=${PG_HOST:-127.0.0.1}
PG_PORT=${PG_PORT:-5432}
PG_DATABASE=${PG_DATABASE:-test}
PG_USER=${PG_USER:-postgres}
BENCH_SCHEMA=${BENCH_SCHEMA:-payments_bench}
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
HTTP_THREADS=${HTTP_THREADS:-16}                 # --maxHttpThreads, as the run command (pom.xml) and the Dockerfile
MICRO_OPTS=${MICRO_OPTS:-}                       # extra Payara Micro options
SIMULATOR_LATENCY_MS=${SIMULATOR_LATENCY_MS:-0}
PAYARA_VERSION=${PAYARA_VERSION:-6.2025.10}
BENCH_ADMIN_EMAIL=${BENCH_ADMIN_EMAIL:-bench-admin@payments.test}
BENCH_ADMIN_PASSWORD=${BENCH_ADMIN_PASSWORD:-bench-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')}

BENCH_DIR=$REPO/target/bench/$BENCH_NAME
BENCH_REL=target/bench/$BENCH_NAME
WAR=${BENCH_WAR:-$REPO/target/payments.war}          # BENCH_WAR: another build of the WAR (bench/compare.sh)
MICRO_JAR=$REPO/target/runtime/payara-micro.jar
BASE=http://127.0.0.1:$PORT
LIVE_URL=$BASE/health/live
TRIVIAL_LABEL="GET /health/live"

SERVER_PID=
WRK_PIDS=()

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# On exit (also on failure or Ctrl-C): stop the wrk runs and the server this script started, by their PIDs.
bench_cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  local pid
  for pid in ${WRK_PIDS[@]+"${WRK_PIDS[@]}"}; do
    kill "$pid" 2>/dev/null || true
  done
  bench_stop_server
  exit "$rc"
}
trap bench_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

whole_numbers() { # variable names: each must hold a whole number
  local var
  for var in "$@"; do
    [[ ${!var} =~ ^[0-9]+$ ]] || die "$var must be a whole number, got '${!var}'"
  done
}

bench_check_knobs() { # number of endpoints the warm-up splits CONNECTIONS between
  local endpoints=$1
  whole_numbers PORT WARMUP DURATION CONNECTIONS THREADS TIMEOUT BOOT_TIMEOUT SIMULATOR_LATENCY_MS
  (( DURATION >= 1 )) || die "DURATION must be at least 1 second"
  (( CONNECTIONS >= THREADS && THREADS >= 1 )) || die "CONNECTIONS ($CONNECTIONS) must be at least THREADS ($THREADS) >= 1"
  (( WARMUP == 0 || CONNECTIONS >= endpoints )) \
    || die "the warm-up splits CONNECTIONS between $endpoints endpoints: at least $endpoints"
  [[ $BUILD == 0 || $BUILD == 1 ]] || die "BUILD must be 0 or 1"
  case $BENCH_DB in auto | postgres | h2) ;; *) die "BENCH_DB must be auto, postgres or h2" ;; esac
}

# ---- Tools, WAR, Payara Micro -------------------------------------------------------------------------------

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

bench_tools() {
  need wrk
  need curl
  need jq
  need java default-jre-headless
  mkdir -p "$BENCH_DIR"
}

bench_build() {
  if [[ -n ${BENCH_WAR:-} ]]; then
    [[ -f $WAR ]] || die "BENCH_WAR names no file: $WAR"
  elif [[ $BUILD == 1 || ! -f $WAR ]]; then
    need mvn maven
    log "building the WAR (mvn -q package -DskipTests)"
    mvn -B -q package -DskipTests
  fi
  [[ -f $WAR ]] || die "no $WAR after the build"
  if [[ -z ${BENCH_WAR:-} && -n $(find src pom.xml liquibase -newer "$WAR" -print -quit 2>/dev/null) ]]; then
    log "NOTE: sources are newer than target/payments.war; BUILD=1 rebuilds it"
  fi
  if [[ ! -f $MICRO_JAR ]]; then
    need mvn maven
    log "copying Payara Micro $PAYARA_VERSION to target/runtime"
    mvn -B -q dependency:copy -Dartifact="fish.payara.extras:payara-micro:$PAYARA_VERSION" \
      -DoutputDirectory="$REPO/target/runtime" -Dmdep.stripVersion=true
    [[ -f $MICRO_JAR ]] || die "no $MICRO_JAR after the copy"
  fi
}

# PROFILE=1 (hotpath.sh, trivial.sh): Payara's stacks run deeper than JFR's default 64 frames; keep whole stacks,
# so that every area is seen.
bench_profile_options() { [[ ${PROFILE:-0} == 0 ]] || BENCH_JAVA_OPTS="$BENCH_JAVA_OPTS -XX:FlightRecorderOptions:stackdepth=512"; }

# source-war dest-war: a copy of source-war with bench/trivial/Hello.java added (GET /api/diag/hello, served by the
# WAR's own application: our trivial GET), for bench/trivial.sh and bench/hotpath.sh. Compiled once per run.
# bench_with_hello WAR OUT [SOURCE...]: OUT is WAR with bench/trivial/Hello.java (and each SOURCE) compiled into it.
bench_with_hello() {
  local classes=$BENCH_DIR/hello/WEB-INF/classes
  if [[ ! -d $classes/com/paycore/diag ]]; then
    mkdir -p "$classes"
    [[ -s $BENCH_DIR/api.classpath ]] || mvn -B -ntp -q dependency:build-classpath -Dmdep.includeScope=provided \
      -Dmdep.outputFile="$BENCH_DIR/api.classpath" || die "cannot resolve the Jakarta EE API (provided scope)"
    javac -d "$classes" -cp "$(cat "$BENCH_DIR/api.classpath")" "$BENCH_HOME/trivial/Hello.java" "${@:3}" \
      || die "javac of bench/trivial/Hello.java ${*:3} failed"
  fi
  cp "$1" "$2"
  (cd "$BENCH_DIR/hello" && jar --update --file "$2" WEB-INF) || die "jar --update failed"
}

# ---- Database and server ------------------------------------------------------------------------------------

postgres_reachable() {
  command -v psql >/dev/null 2>&1 \
    && PGCONNECT_TIMEOUT=3 psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -Atqc 'select 1' >/dev/null 2>&1
}

# Sets DB_DESCRIPTION and, for the PostgreSQL it prefers, exports PAYMENTS_DB_URL and PAYMENTS_DB_USER.
bench_database() {
  if [[ -n ${PAYMENTS_DB_URL:-} ]]; then
    DB_DESCRIPTION="as given by PAYMENTS_DB_URL (${PAYMENTS_DB_URL%%\?*})"
  elif [[ $BENCH_DB != h2 ]] && postgres_reachable; then
    [[ $BENCH_SCHEMA =~ ^[a-z_][a-z0-9_]*$ ]] || die "BENCH_SCHEMA must be a plain lower-case identifier"
    log "PostgreSQL at $PG_HOST:$PG_PORT: fresh schema $BENCH_SCHEMA in database $PG_DATABASE"
    PGOPTIONS='--client-min-messages=warning' psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" \
      -v ON_ERROR_STOP=1 -q -c "DROP SCHEMA IF EXISTS $BENCH_SCHEMA CASCADE" -c "CREATE SCHEMA $BENCH_SCHEMA"
    export PAYMENTS_DB_URL="jdbc:postgresql://$PG_HOST:$PG_PORT/$PG_DATABASE?currentSchema=$BENCH_SCHEMA"
    export PAYMENTS_DB_USER=$PG_USER
    local version
    version=$(psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -Atqc 'show server_version' | cut -d' ' -f1)
    DB_DESCRIPTION="PostgreSQL $version ($PG_HOST:$PG_PORT, fresh schema $BENCH_SCHEMA)"
  elif [[ $BENCH_DB == postgres ]]; then
    die "BENCH_DB=postgres but PostgreSQL is not reachable at $PG_HOST:$PG_PORT (database $PG_DATABASE, user $PG_USER)"
  else
    DB_DESCRIPTION="embedded H2 (fresh, under $BENCH_REL/data)"
  fi
}

# Starts Payara Micro with the WAR in the background (SERVER_PID) and waits for /health/ready.
bench_start_server() {
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    die "port $PORT is already in use; choose another with PORT=..."
  fi
  # Local state (generated signing and master keys, H2 files): fresh each run unless PAYMENTS_DATA_DIR names one.
  local data_dir
  if [[ -n ${PAYMENTS_DATA_DIR:-} ]]; then
    data_dir=$PAYMENTS_DATA_DIR
  else
    data_dir=$BENCH_DIR/data
    rm -rf "$data_dir"
  fi
  # Payara Micro redeploys whatever an old root folder holds: start from an empty one.
  rm -rf "$BENCH_DIR/micro-root"

  SERVER_LOG=$BENCH_DIR/server.log
  log "starting Payara Micro on port $PORT (log: $BENCH_REL/server.log)"
  # shellcheck disable=SC2086 # BENCH_JAVA_OPTS and MICRO_OPTS are lists of options
  java $BENCH_JAVA_OPTS \
    -Dpayments.data.dir="$data_dir" \
    -Dpayments.bootstrap.admin.email="$BENCH_ADMIN_EMAIL" \
    -Dpayments.bootstrap.admin.password="$BENCH_ADMIN_PASSWORD" \
    -Dpayments.simulator.latency-ms="$SIMULATOR_LATENCY_MS" \
    -jar "$MICRO_JAR" --deploy "$WAR" --contextroot / --nohazelcast --maxHttpThreads "$HTTP_THREADS" --port "$PORT" \
    --rootdir "$BENCH_DIR/micro-root" $MICRO_OPTS >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!

  local started=$SECONDS launched
  launched=$(date +%s.%N)
  until curl -fsS -o /dev/null "$BASE/health/ready" 2>/dev/null; do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      tail -n 40 "$SERVER_LOG" >&2 || true
      SERVER_PID=
      die "Payara Micro exited during startup (see $BENCH_REL/server.log)"
    fi
    if grep -q 'Exception while loading the app' "$SERVER_LOG"; then
      # Payara Micro stays up without the application (/health/ready answers 503): no point in waiting.
      grep -E '^Caused by: ' "$SERVER_LOG" | sort -u | head -n 10 >&2 || true
      die "the application failed to deploy (see $BENCH_REL/server.log)"
    fi
    if (( SECONDS - started > BOOT_TIMEOUT )); then
      tail -n 40 "$SERVER_LOG" >&2 || true
      die "not ready after $BOOT_TIMEOUT s (see $BENCH_REL/server.log)"
    fi
    sleep 0.2
  done
  # From the java launch to the first 200 of /health/ready, polled every 0.2 s.
  BOOT_SECONDS=$(awk -v a="$launched" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  log "ready after $BOOT_SECONDS s (pid $SERVER_PID)"
}

# Stops the server bench_start_server started (SIGTERM, then SIGKILL after 30 s) and forgets its PID.
bench_stop_server() {
  [[ -n $SERVER_PID ]] || return 0
  if kill -0 "$SERVER_PID" 2>/dev/null; then
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
  SERVER_PID=
}

# ---- HTTP calls ---------------------------------------------------------------------------------------------

ADMIN_TOKEN=
API_KEY=

# expected-status method path [json body]: with the admin's bearer token; prints the response body.
bench_admin() { bench_call "Authorization: Bearer $ADMIN_TOKEN" "$@"; }
# expected-status method path [json body]: with the project's API key (X-API-Key); prints the response body.
bench_pay() { bench_call "X-API-Key: $API_KEY" "$@"; }

bench_call() { # auth-header expected-status method path [json body]
  local auth=$1 expected=$2 method=$3 path=$4 body=${5:-} status response=$BENCH_DIR/last-response.json
  local args=(-sS -o "$response" -w '%{http_code}' -X "$method" -H 'Accept: application/json' -H "$auth")
  [[ -n $body ]] && args+=(-H 'Content-Type: application/json' --data "$body")
  status=$(curl "${args[@]}" "$BASE$path") || die "$method $path failed"
  [[ $status == "$expected" ]] || die "$method $path answered $status, expected $expected: $(head -c 600 "$response")"
  cat "$response"
  rm -f "$response"
}

# Many POSTs with the API key in one curl process (connections reused): path, then the JSON bodies on stdin,
# one per line. Prints one line per request, in order: the status, a tab, the response body (compact JSON).
bench_pay_many() {
  local path=$1 body separator=
  while IFS= read -r body; do
    printf '%surl = "%s"\n' "$separator" "$BASE$path"
    printf 'header = "Content-Type: application/json"\nheader = "Accept: application/json"\n'
    printf 'header = "X-API-Key: %s"\n' "$API_KEY"
    printf 'data = "%s"\n' "${body//\"/\\\"}"
    printf 'write-out = "\\t%%{http_code}\\n"\nsilent\nshow-error\n'
    separator=$'next\n'
  done | curl -K - | awk -F '\t' '{ print $NF "\t" substr($0, 1, length($0) - length($NF) - 1) }'
}

# The body of a card tokenization (E10) with the given card number.
bench_card_json() {
  printf '{"creditCard":{"cardNumber":"%s","expirationMonth":12,"expirationYear":2031,"cvv":"123","cardholderName":"Bench Mark"},"personAddress":{"firstName":"Bench","lastName":"Mark","email":"bench@example.com","addressLine1":"1 Main St","city":"Springfield","state":"IL","zip":"62701","country":"US"}}' "$1"
}

# Logs in the bootstrap administrator and creates a company, a project (its first API key comes with it) and a
# Simulator processor; reveals the key and checks it authenticates. Sets PROJECT_ID and API_KEY (exported as
# BENCH_API_KEY for the wrk scripts).
bench_setup_project() {
  local status response=$BENCH_DIR/last-response.json suffix company_id key_id processor_id
  status=$(curl -sS -o "$response" -w '%{http_code}' -X POST "$BASE/api/auth/token" \
    --data-urlencode grant_type=password --data-urlencode "username=$BENCH_ADMIN_EMAIL" \
    --data-urlencode "password=$BENCH_ADMIN_PASSWORD") || die "POST /api/auth/token failed"
  [[ $status == 200 ]] || die "login of $BENCH_ADMIN_EMAIL answered $status: $(head -c 300 "$response")" \
    " (with your own database, set BENCH_ADMIN_EMAIL and BENCH_ADMIN_PASSWORD to an existing platform administrator)"
  ADMIN_TOKEN=$(jq -er .access_token "$response") || die "no access_token in the token answer"
  rm -f "$response"

  suffix=$(date +%Y%m%d-%H%M%S)-$$
  company_id=$(bench_admin 201 POST /api/adm/companies "$(jq -nc --arg n "Bench $suffix" '{companyName: $n}')" | jq -er .id)
  PROJECT_ID=$(bench_admin 201 POST /api/adm/companyProjects \
    "$(jq -nc --arg c "$company_id" --arg n "Bench $suffix" '{companyId: $c, projectName: $n}')" | jq -er .id)
  key_id=$(bench_admin 200 GET "/api/adm/companyProjectKeys?CompanyProjectId=$PROJECT_ID&limit=1000" | jq -er '.entries[0].id')
  API_KEY=$(bench_admin 200 GET "/api/adm/companyProjectKeys/actual?keyId=$key_id" | jq -er .entry.keyValue)
  processor_id=$(bench_admin 201 POST /api/adm/projectPaymentProcessors \
    "$(jq -nc --arg p "$PROJECT_ID" \
      '{companyProjectId: $p, projectPaymentProcessorName: "Simulator", gateway: 1, paymentType: 1, settings: {}}')" \
    | jq -er .id)
  ADMIN_TOKEN=
  log "company $company_id, project $PROJECT_ID, processor $processor_id, key $key_id (…${API_KEY: -4})"

  bench_pay 200 GET "/api/pay/$PROJECT_ID" >/dev/null
  export BENCH_API_KEY=$API_KEY
}

# Everything up to a server ready for load: tools, WAR, Payara Micro, database, server, project and API key.
bench_prepare() {
  bench_tools
  bench_build
  bench_database
  bench_start_server
  bench_setup_project
}

# ---- Warm-up ------------------------------------------------------------------------------------------------

# name url lua-script [name url lua-script ...]: WARMUP seconds of wrk on every endpoint at once, one thread each,
# CONNECTIONS split between them. Sets WARMUP_DESCRIPTION for the report.
bench_warmup() {
  (( $# > 0 && $# % 3 == 0 )) || die "bench_warmup: name url script triples"
  if (( WARMUP == 0 )); then
    WARMUP_DESCRIPTION="Warm-up: none (WARMUP=0): figures are not representative."
    return
  fi
  local endpoints=$(( $# / 3 )) i=0 connections parts=() names=() pid name
  log "warming up for $WARMUP s (until $(date -d "+$WARMUP seconds" +%H:%M:%S)), $endpoints endpoints at once:"
  while (( $# > 0 )); do
    connections=$(( CONNECTIONS / endpoints + (i < CONNECTIONS % endpoints ? 1 : 0) ))
    log "  wrk -t1 -c$connections on $1"
    wrk -t1 -c"$connections" -d"${WARMUP}s" --timeout "${TIMEOUT}s" -s "$3" "$2" >"$BENCH_DIR/warmup-$1.txt" 2>&1 &
    WRK_PIDS+=("$!")
    parts+=("-c$connections on $1")
    names+=("$1")
    shift 3
    i=$(( i + 1 ))
  done
  for pid in "${WRK_PIDS[@]}"; do
    wait "$pid" || die "a warm-up wrk failed: see $BENCH_REL/warmup-*.txt"
  done
  WRK_PIDS=()
  for name in "${names[@]}"; do
    log "warm-up $name: $(grep '^requests/s' "$BENCH_DIR/warmup-$name.txt" || echo '?')"
  done
  WARMUP_DESCRIPTION="Warm-up: $WARMUP s, all $endpoints endpoints at once (wrk -t1 each: $(IFS=,; echo "${parts[*]}" | sed 's/,/, /g'))."
}

# ---- Measurements -------------------------------------------------------------------------------------------

# This machine may be shared: measure how much CPU went to processes other than this server, wrk and PostgreSQL
# while each endpoint was measured (from /proc/stat, the server's /proc/PID/stat and wrk's CPU time as a reaped
# child).
CLOCK_TICKS=$(getconf CLK_TCK)
cpu_ticks() { awk '/^cpu / { print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat; } # busy total
server_ticks() { awk '{ print $14+$15 }' "/proc/$SERVER_PID/stat"; }
postgres_snapshot() { # file: "pid ticks" of every PostgreSQL process of the machine (this server's backends among them)
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk '$2 == "(postgres)" { print $1, $14 + $15 }' >"$1"
}
postgres_ticks() { # before-file after-file: CPU ticks PostgreSQL used between the two snapshots. Per process, so
  # that a backend that ends in between takes none of the others' ticks away (its own last ticks are lost).
  awk 'NR == FNR { before[$1] = $2; next } { t += $2 - ($1 in before ? before[$1] : 0) } END { printf "%d", t }' "$1" "$2"
}
children_ticks() { # sets $1 to the CPU time of this shell's reaped children (`times`, second line), in ticks
  times >"$BENCH_DIR/times.txt" # in this shell: a subshell would count only its own children
  printf -v "$1" '%s' "$(awk -v hz="$CLOCK_TICKS" 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) {
    split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%d", t * hz }' "$BENCH_DIR/times.txt")"
}

ROW_LABELS=()
ROW_RPS=()
ROW_P50=()
ROW_P99=()
ROW_NON2XX=()
ROW_BAD=()
ROW_CPU=()
NOTES=()
BUSY_MACHINE=
bench_measure() { # label url lua-script file-name; run in this shell (not in $(...)): it counts wrk's CPU time
  local label=$1 url=$2 script=$3 out=$BENCH_DIR/wrk-$4.txt line kv rps= p50= p99= non2xx= socket= bad=0
  local busy0 total0 busy1 total1 server0 server1 children0 children1 pg usage cpu_server cpu_wrk cpu_pg others
  log "measuring $label for $DURATION s: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency"
  read -r busy0 total0 < <(cpu_ticks)
  server0=$(server_ticks)
  postgres_snapshot "$BENCH_DIR/postgres-before.txt"
  children_ticks children0
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --timeout "${TIMEOUT}s" --latency -s "$script" "$url" \
    >"$out" 2>&1 || { cat "$out" >&2; die "wrk failed on $label"; }
  read -r busy1 total1 < <(cpu_ticks)
  server1=$(server_ticks)
  postgres_snapshot "$BENCH_DIR/postgres-after.txt"
  children_ticks children1
  pg=$(postgres_ticks "$BENCH_DIR/postgres-before.txt" "$BENCH_DIR/postgres-after.txt")
  # Percentages of the whole machine (all cores = 100%): server, wrk, PostgreSQL, everything else.
  usage=$(awk -v b=$((busy1 - busy0)) -v t=$((total1 - total0)) -v s=$((server1 - server0)) -v w=$((children1 - children0)) \
    -v p="$pg" 'BEGIN { if (t <= 0) t = 1; o = b - s - w - p; if (o < 0) o = 0
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
      bad) bad=${kv#*=} ;;
    esac
  done
  (( socket == 0 )) || non2xx="$non2xx (+$socket socket errors)"
  ROW_LABELS+=("$label")
  ROW_RPS+=("$rps")
  ROW_P50+=("$p50")
  ROW_P99+=("$p99")
  ROW_NON2XX+=("$non2xx")
  ROW_BAD+=("$bad")
  ROW_CPU+=("$cpu_server $cpu_pg $cpu_wrk $others")
}

# The trivial endpoint, measured first by every benchmark: the ceiling the other figures are compared with.
bench_measure_live() { bench_measure "$TRIVIAL_LABEL" "$LIVE_URL" "$BENCH_HOME/live.lua" live; }

# ---- The table ----------------------------------------------------------------------------------------------

# title [line ...]: the lines describe what this benchmark sends. Prints the table (also to results.md):
# each endpoint's req/s also as a share of the trivial endpoint's in the same run.
bench_report() {
  local title=$1 commit i live_rps= share
  shift
  for i in "${!ROW_LABELS[@]}"; do
    [[ ${ROW_LABELS[$i]} == "$TRIVIAL_LABEL" ]] && live_rps=${ROW_RPS[$i]}
  done
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  git diff --quiet HEAD -- src pom.xml liquibase 2>/dev/null || commit="$commit (with local changes)"
  {
    echo
    echo "### $title, $(date '+%Y-%m-%d %H:%M %Z')"
    echo
    echo "Machine: nproc $(nproc), $(java -version 2>&1 | head -n 1); Payara Micro $PAYARA_VERSION (--nohazelcast --maxHttpThreads $HTTP_THREADS $MICRO_OPTS, $BENCH_JAVA_OPTS);" \
      "database: $DB_DESCRIPTION; Simulator latency ${SIMULATOR_LATENCY_MS} ms; commit $commit."
    echo "${WARMUP_DESCRIPTION:-Warm-up: none.}"
    echo "Then $DURATION s per endpoint, one after the other on the same server: wrk -t$THREADS -c$CONNECTIONS --latency."
    (( $# == 0 )) || printf '%s\n' "$@"
    (( WARMUP >= 180 )) || echo "Short warm-up: expect figures 2-3x below a warmed-up JVM (docs/PERFORMANCE.md)."
    echo
    echo "| endpoint | req/s | % of /health/live | p50 ms | p99 ms | non-2xx | bad answers |"
    echo "|---|---|---|---|---|---|---|"
    for i in "${!ROW_LABELS[@]}"; do
      share=$(awk -v r="${ROW_RPS[$i]}" -v l="$live_rps" 'BEGIN { if (l > 0) printf "%.0f%%", r * 100 / l; else print "?" }')
      printf '| %s | %.0f | %s | %s | %s | %s | %s |\n' "${ROW_LABELS[$i]}" "${ROW_RPS[$i]}" "$share" "${ROW_P50[$i]}" \
        "${ROW_P99[$i]}" "${ROW_NON2XX[$i]}" "${ROW_BAD[$i]}"
    done
    echo
    echo "CPU during the measurements (share of all $(nproc) cores): $(IFS=';'; echo "${NOTES[*]}" | sed 's/;/; /g')."
    [[ -z $BUSY_MACHINE ]] || echo "WARNING: other processes used more than 5% of the CPU: the machine was not quiet, the figures are low."
    echo
  } | tee "$BENCH_DIR/results.md"
  log "table saved to $BENCH_REL/results.md; wrk outputs in $BENCH_REL/wrk-*.txt, server log in $BENCH_REL/server.log"
}
