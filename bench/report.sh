#!/usr/bin/env bash
# Report benchmark (E3): starts its own Payara Micro on PostgreSQL (schema payments_reportbench, dropped and created
# afresh), creates a company with PROJECTS projects through the API, loads ROWS fact rows (default 10 million events
# over 13 months, bench/report-data.sql) straight into the report's fact table and its hourly rollup, then times five
# reports through HTTP, each beside the hand-written SQL over the fact table for the same answer, run in psql in the
# same session:
#   (a) 30 days grouped by date, (b) a year grouped by month and ccType, (d) a year grouped by projectName and
#   eventResult (these three from the rollup), (c) 90 days grouped by billingState with a filter (ccType = VISA) and
#   (e) 30 days by date in Asia/Kolkata, +05:30 (these two from the facts).
# Then the sync: SYNC_EVENTS authorizations written into the transaction tables, copied by one sync run.
# Prints a markdown table (also saved to target/bench/report-results.md). Stops the server it started on exit.
#
#   bench/report.sh                      # 10 million rows: the load takes several minutes
#   ROWS=1000000 RUNS=3 bench/report.sh  # a quicker try
#   REUSE=1 bench/report.sh              # keep the loaded schema of an earlier run: only the timings
#   REUSE=1 PG_SETTINGS="jit=off random_page_cost=1.1" bench/report.sh   # both sides with these session settings
set -euo pipefail

BENCH_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_HOME/.." && pwd)
cd "$REPO"

PORT=${PORT:-18482}
ROWS=${ROWS:-10000000}
PROJECTS=${PROJECTS:-40}
RUNS=${RUNS:-5}
WARMUP_RUNS=${WARMUP_RUNS:-3}
REUSE=${REUSE:-0}
BUILD=${BUILD:-0}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
PG_HOST=${PG_HOST:-127.0.0.1}
PG_PORT=${PG_PORT:-5432}
PG_DATABASE=${PG_DATABASE:-test}
PG_USER=${PG_USER:-postgres}
BENCH_SCHEMA=${BENCH_SCHEMA:-payments_reportbench}
PG_SETTINGS=${PG_SETTINGS:-}   # "name=value ...": PostgreSQL settings for the server's connections and the psql timings
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
PAYARA_VERSION=${PAYARA_VERSION:-6.2025.10}
# A throwaway schema's administrator: fixed, so that REUSE=1 can sign in again.
BENCH_ADMIN_EMAIL=${BENCH_ADMIN_EMAIL:-report-bench@payments.test}
BENCH_ADMIN_PASSWORD=${BENCH_ADMIN_PASSWORD:-report-bench-password-1}
ZONE=America/New_York   # E3's default zone, Eastern Standard Time
YEAR_END=2026-11-01     # the data covers the DAYS days before this (UTC)
DAYS=${DAYS:-396}       # 13 months

BENCH_DIR=$REPO/target/bench
WAR=$REPO/target/payments.war
MICRO_JAR=$REPO/target/runtime/payara-micro.jar
BASE=http://127.0.0.1:$PORT
SERVER_PID=

log() { printf '[report-bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
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

for var in PORT ROWS PROJECTS RUNS WARMUP_RUNS BOOT_TIMEOUT; do
  [[ ${!var} =~ ^[0-9]+$ ]] || die "$var must be a whole number, got '${!var}'"
done
(( RUNS >= 1 && PROJECTS >= 1 && ROWS >= 1 )) || die "RUNS, PROJECTS and ROWS must be at least 1"
[[ $BENCH_SCHEMA =~ ^[a-z_][a-z0-9_]*$ ]] || die "BENCH_SCHEMA must be a plain lower-case identifier"
for tool in curl jq psql java; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed"
done
mkdir -p "$BENCH_DIR"

psql_bench() { psql -X -q -v ON_ERROR_STOP=1 -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" "$@"; }
SESSION_OPTIONS=
for setting in $PG_SETTINGS; do
  [[ $setting =~ ^[a-z_]+=[A-Za-z0-9_.]+$ ]] || die "PG_SETTINGS: '$setting' is not name=value"
  SESSION_OPTIONS+="${SESSION_OPTIONS:+ }-c $setting"
done
psql_timed() { PGOPTIONS=$SESSION_OPTIONS psql_bench "$@"; }

# ---- 1. The WAR, Payara Micro, the database, the server -----------------------------------------------------

if [[ $BUILD == 1 || ! -f $WAR ]]; then
  log "building the WAR (mvn -q package -DskipTests)"
  mvn -B -q package -DskipTests
fi
[[ -f $WAR ]] || die "no $WAR after the build"
if [[ -n $(find src pom.xml liquibase -newer "$WAR" -print -quit 2>/dev/null) ]]; then
  log "NOTE: sources are newer than target/payments.war; BUILD=1 rebuilds it"
fi
if [[ ! -f $MICRO_JAR ]]; then
  log "copying Payara Micro $PAYARA_VERSION to target/runtime"
  mvn -B -q dependency:copy -Dartifact="fish.payara.extras:payara-micro:$PAYARA_VERSION" \
    -DoutputDirectory="$REPO/target/runtime" -Dmdep.stripVersion=true
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  die "port $PORT is already in use; choose another with PORT=..."
fi
PGCONNECT_TIMEOUT=3 psql_bench -Atc 'select 1' >/dev/null || die "PostgreSQL not reachable at $PG_HOST:$PG_PORT"
DB_VERSION=$(psql_bench -Atc 'show server_version' | cut -d' ' -f1)

if [[ $REUSE != 1 ]]; then
  log "fresh schema $BENCH_SCHEMA in database $PG_DATABASE"
  PGOPTIONS='--client-min-messages=warning' psql_bench -c "DROP SCHEMA IF EXISTS $BENCH_SCHEMA CASCADE" \
    -c "CREATE SCHEMA $BENCH_SCHEMA"
fi
export PAYMENTS_DB_URL="jdbc:postgresql://$PG_HOST:$PG_PORT/$PG_DATABASE?currentSchema=$BENCH_SCHEMA"
[[ -z $SESSION_OPTIONS ]] || PAYMENTS_DB_URL+="&options=${SESSION_OPTIONS// /%20}"
export PAYMENTS_DB_USER=$PG_USER
DATA_DIR=$BENCH_DIR/report-data
[[ $REUSE == 1 ]] || rm -rf "$DATA_DIR"
rm -rf "$BENCH_DIR/report-micro-root"

SERVER_LOG=$BENCH_DIR/report-server.log
log "starting Payara Micro on port $PORT (log: target/bench/report-server.log); periodic report sync off"
# shellcheck disable=SC2086 # BENCH_JAVA_OPTS is a list of options
java $BENCH_JAVA_OPTS \
  -Dpayments.data.dir="$DATA_DIR" \
  -Dpayments.bootstrap.admin.email="$BENCH_ADMIN_EMAIL" \
  -Dpayments.bootstrap.admin.password="$BENCH_ADMIN_PASSWORD" \
  -Dpayments.reports.sync-interval-seconds=off \
  -jar "$MICRO_JAR" --deploy "$WAR" --contextroot / --nocluster --port "$PORT" \
  --rootdir "$BENCH_DIR/report-micro-root" >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!
started=$SECONDS
until curl -fsS -o /dev/null "$BASE/health/ready" 2>/dev/null; do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    tail -n 40 "$SERVER_LOG" >&2 || true
    SERVER_PID=
    die "Payara Micro exited during startup"
  fi
  (( SECONDS - started <= BOOT_TIMEOUT )) || die "not ready after $BOOT_TIMEOUT s"
  sleep 1
done
log "ready after $((SECONDS - started)) s (pid $SERVER_PID)"

# ---- 2. Company, projects, data -----------------------------------------------------------------------------

TOKEN=
RESPONSE=$BENCH_DIR/report-last-response.json
login() {
  local status
  status=$(curl -sS -o "$RESPONSE" -w '%{http_code}' -X POST "$BASE/api/auth/token" --data-urlencode grant_type=password \
    --data-urlencode "username=$BENCH_ADMIN_EMAIL" --data-urlencode "password=$BENCH_ADMIN_PASSWORD")
  [[ $status == 200 ]] || die "login answered $status: $(head -c 300 "$RESPONSE")"
  TOKEN=$(jq -er .access_token "$RESPONSE")
}
api() { # expected-status method path [json body]; prints the body
  local expected=$1 method=$2 path=$3 body=${4:-} status
  local args=(-sS -o "$RESPONSE" -w '%{http_code}' -X "$method" -H 'Accept: application/json' -H "Authorization: Bearer $TOKEN")
  [[ -n $body ]] && args+=(-H 'Content-Type: application/json' --data "$body")
  status=$(curl "${args[@]}" "$BASE$path") || die "$method $path failed"
  [[ $status == "$expected" ]] || die "$method $path answered $status, expected $expected: $(head -c 600 "$RESPONSE")"
  cat "$RESPONSE"
}

login
COMPANY_ID=$(api 200 GET "/api/adm/companies?name=Report%20bench&limit=1" | jq -r '.entries[0].id // empty')
if [[ -z $COMPANY_ID ]]; then
  COMPANY_ID=$(api 201 POST /api/adm/companies '{"companyName":"Report bench"}' | jq -er .id)
  log "company $COMPANY_ID: creating $PROJECTS projects"
  for i in $(seq 1 "$PROJECTS"); do
    api 201 POST /api/adm/companyProjects \
      "$(jq -nc --arg c "$COMPANY_ID" --arg n "Store $(printf '%03d' "$i")" '{companyId: $c, projectName: $n}')" >/dev/null
  done
fi
LOADED=$(psql_bench -Atc "select count(*) from $BENCH_SCHEMA.report_transaction_events where company_id = '$COMPANY_ID'")
if (( LOADED < ROWS )); then
  log "loading $ROWS fact rows (bench/report-data.sql) ..."
  psql_bench -c "delete from $BENCH_SCHEMA.report_transaction_tags" -c "delete from $BENCH_SCHEMA.report_transaction_events" \
    -c "delete from $BENCH_SCHEMA.report_event_hours" -c "delete from $BENCH_SCHEMA.report_company_hours"
  load_started=$SECONDS
  PGOPTIONS="-c search_path=$BENCH_SCHEMA" psql_bench -v company="$COMPANY_ID" -v rows="$ROWS" -v days="$DAYS" -v year_end="$YEAR_END" \
    -f "$BENCH_HOME/report-data.sql" | tee "$BENCH_DIR/report-load.txt" >&2
  LOAD_SECONDS=$((SECONDS - load_started))
  log "loaded in $LOAD_SECONDS s"
else
  LOAD_SECONDS=
  log "reusing the $LOADED fact rows already loaded"
fi
TABLE_SIZE=$(psql_bench -Atc "select pg_size_pretty(pg_total_relation_size('$BENCH_SCHEMA.report_transaction_events'))")
FACT_ROWS=$(psql_bench -Atc "select count(*) from $BENCH_SCHEMA.report_transaction_events")
HOUR_SIZE=$(psql_bench -Atc "select pg_size_pretty(pg_total_relation_size('$BENCH_SCHEMA.report_event_hours'))")
HOUR_ROWS=$(psql_bench -Atc "select count(*) from $BENCH_SCHEMA.report_event_hours")
COMPANY_HOUR_SIZE=$(psql_bench -Atc "select pg_size_pretty(pg_total_relation_size('$BENCH_SCHEMA.report_company_hours'))")
COMPANY_HOUR_ROWS=$(psql_bench -Atc "select count(*) from $BENCH_SCHEMA.report_company_hours")

# ---- 3. The cases: E3 bodies and hand-written SQL -----------------------------------------------------------

# Every metric E3 answers, as one would write it by hand for PostgreSQL (FILTER clauses).
METRICS=""
for pair in paymentAuthorizations:Authorize paymentSettlements:Settle refundAuthorizations:Refund \
            refundSettlements:RefundSettle paymentReverseAuthorizations:ReverseAuthorize chargebacks:Chargeback; do
  name=${pair%%:*} type=${pair#*:}
  METRICS+="count(*) FILTER (WHERE event_type = '$type' AND event_result = 'Approved') AS \"${name}Count\", "
  METRICS+="coalesce(sum(amount) FILTER (WHERE event_type = '$type' AND event_result = 'Approved'), 0) AS \"${name}Value\", "
done
METRICS+="sum(amount) AS amount, "
METRICS+="to_char(min(occurred_at) AT TIME ZONE '$ZONE', 'YYYY-MM-DD') AS \"firstEventDate\", "
METRICS+="to_char(max(occurred_at) AT TIME ZONE '$ZONE', 'YYYY-MM-DD') AS \"lastEventDate\", "
METRICS+="min(occurred_at) AS \"firstEventDateTime\", max(occurred_at) AS \"lastEventDateTime\", count(*) AS \"eventCount\", "
METRICS+="(ARRAY['Authorize','Capture','Chargeback','Refund','RefundSettle','ReverseAuthorize','Settle'])[substr(max(event_order), 34, 1)::int + 1] AS \"lastEventType\", "
METRICS+="(ARRAY['Approved','Declined','Error','Pending'])[substr(max(event_order), 36, 1)::int + 1] AS \"lastEventResult\""

hand_sql() { # dimensions start end extra-where group-by [zone]
  local zone=${6:-$ZONE}
  echo "SELECT $1, ${METRICS//$ZONE/$zone} FROM $BENCH_SCHEMA.report_transaction_events" \
    "WHERE company_id = '$COMPANY_ID' AND occurred_at >= '$2 00:00:00 $zone' AND occurred_at < '$3 00:00:00 $zone' $4" \
    "GROUP BY $5 ORDER BY $5;"
}

# Which table E3 reads (report.ReportHours): the hourly rollup for whole-hour zones and the keys it has; the facts
# for billingState and for a half-hour zone.
LABELS=("(a) 30 days by date (rollup)" "(b) a year by month and ccType (rollup)"
  "(c) 90 days by billingState, ccType = VISA (facts)" "(d) a year by projectName and eventResult (rollup)"
  "(e) 30 days by date in Asia/Kolkata (facts)")
BODIES=(
  "$(jq -nc --arg c "$COMPANY_ID" '{companyId: $c, startDate: "2026-09-01", endDate: "2026-09-30",
      group: {date: {index: 0}}, limit: 1000}')"
  "$(jq -nc --arg c "$COMPANY_ID" '{companyId: $c, startDate: "2025-11-01", endDate: "2026-10-31",
      group: {month: {index: 0}, ccType: {index: 1}}, limit: 1000}')"
  "$(jq -nc --arg c "$COMPANY_ID" '{companyId: $c, startDate: "2026-08-01", endDate: "2026-10-29",
      group: {billingState: {index: 0}}, filter: {ccType: [{value: "VISA", condition: "Equals"}]}, limit: 1000}')"
  "$(jq -nc --arg c "$COMPANY_ID" '{companyId: $c, startDate: "2025-11-01", endDate: "2026-10-31",
      group: {projectName: {index: 0}, eventResult: {index: 1}}, limit: 1000}')"
  "$(jq -nc --arg c "$COMPANY_ID" '{companyId: $c, startDate: "2026-09-01", endDate: "2026-09-30",
      timeZoneId: "Asia/Kolkata", group: {date: {index: 0}}, limit: 1000}')"
)
SQLS=(
  "$(hand_sql "to_char(created_at AT TIME ZONE '$ZONE', 'YYYY-MM-DD') AS date" 2026-09-01 2026-10-01 "" 1)"
  "$(hand_sql "EXTRACT(MONTH FROM created_at AT TIME ZONE '$ZONE')::int AS month, cc_type AS \"ccType\"" 2025-11-01 2026-11-01 "" "1, 2")"
  "$(hand_sql "billing_state AS \"billingState\"" 2026-08-01 2026-10-30 "AND cc_type = 'VISA'" "1")"
  "$(hand_sql "project_name AS \"projectName\", event_result AS \"eventResult\"" 2025-11-01 2026-11-01 "" "1, 2")"
  "$(hand_sql "to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS date" 2026-09-01 2026-10-01 "" 1 Asia/Kolkata)"
)

median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.1f\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
minimum() { sort -n | head -n 1 | awk '{ printf "%.1f\n", $1 }'; }

login # the load may have outlived the first token
ROWS_OUT=()
for i in "${!LABELS[@]}"; do
  label=${LABELS[$i]} body=${BODIES[$i]} sql=${SQLS[$i]}
  out=$BENCH_DIR/report-case-$i.json
  log "$label: $WARMUP_RUNS warm-up and $RUNS timed E3 requests"
  http_times=()
  for run in $(seq 1 $((WARMUP_RUNS + RUNS))); do
    result=$(curl -sS -o "$out" -w '%{http_code} %{time_total}' -X POST -H 'Content-Type: application/json' \
      -H 'Accept: application/json' -H "Authorization: Bearer $TOKEN" --data "$body" "$BASE/api/adm/reportTransactions/reports")
    [[ ${result%% *} == 200 ]] || die "$label answered ${result%% *}: $(head -c 400 "$out")"
    (( run > WARMUP_RUNS )) && http_times+=("$(awk -v s="${result#* }" 'BEGIN { printf "%.1f", s * 1000 }')")
  done
  groups=$(jq -r '.total' "$out")
  returned=$(jq -r '.entries | length' "$out")
  log "$label: E3 answered $groups groups ($returned returned); $((RUNS + 1)) runs of the SQL in psql"
  printf '%s\n' "$sql" >"$BENCH_DIR/report-case-$i.sql"
  sql_times=$( { echo '\timing on'; echo '\o /dev/null'; for _ in $(seq 0 "$RUNS"); do echo "$sql"; done; } \
    | psql_timed | awk '/^Time:/ { print $2 }' | tail -n "$RUNS")
  sql_rows=$(psql_bench -Atc "select count(*) from (${sql%;}) q")
  [[ $sql_rows == "$groups" ]] || log "WARNING: the SQL gave $sql_rows rows, E3 $groups groups"
  psql_timed -c "EXPLAIN (ANALYZE, BUFFERS) ${sql%;}" >"$BENCH_DIR/report-case-$i-plan.txt"
  http_median=$(printf '%s\n' "${http_times[@]}" | median)
  http_min=$(printf '%s\n' "${http_times[@]}" | minimum)
  sql_median=$(printf '%s\n' "$sql_times" | median)
  sql_min=$(printf '%s\n' "$sql_times" | minimum)
  events=$(jq -r '[.entries[].eventCount] | add // 0' "$out")
  ratio=$(awk -v a="$http_median" -v b="$sql_median" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  ROWS_OUT+=("$(printf '| %s | %s | %s | %s (%s) | %s (%s) | %s |' "$label" "$events" "$groups" "$http_median" "$http_min" \
    "$sql_median" "$sql_min" "$ratio")")
done

# ---- 4. The sync at 2,000 authorizations a second --------------------------------------------------------------

# SYNC_EVENTS authorizations (one minute of 2,000 a second by default) written straight into transactions and
# transaction_events (bench/report-sync.sql), then one sync copies them into the facts and the rollups; twice (on a
# fresh schema the first sync looks at every event, the second reads since its watermark, as the periodic job does).
SYNC_EVENTS=${SYNC_EVENTS:-120000}
[[ $SYNC_EVENTS =~ ^[0-9]+$ ]] || die "SYNC_EVENTS must be a whole number"
sync_seconds() { # one sync run through the API; prints its seconds, request to the run's end
  local started run state
  started=$(date +%s%N)
  run=$(api 202 POST /api/adm/reportTransactions/sync | jq -er .id)
  while state=$(api 200 GET "/api/adm/runs/$run" | jq -er .entry.state) && [[ $state == Running ]]; do
    sleep 0.05
  done
  [[ $state == Succeeded ]] || die "the sync run $run ended $state: $(head -c 400 "$RESPONSE")"
  awk -v n="$(date +%s%N)" -v s="$started" 'BEGIN { printf "%.1f", (n - s) / 1e9 }'
}
SYNC_ROWS=()
if (( SYNC_EVENTS > 0 )); then
  for round in 1 2; do
    log "sync $round: writing $SYNC_EVENTS authorizations, then one sync"
    PGOPTIONS="-c search_path=$BENCH_SCHEMA" psql_bench -v company="$COMPANY_ID" -v count="$SYNC_EVENTS" \
      -f "$BENCH_HOME/report-sync.sql" >/dev/null
    login
    seconds=$(sync_seconds)
    rate=$(awk -v n="$SYNC_EVENTS" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }')
    SYNC_ROWS+=("| $round: $SYNC_EVENTS authorizations | $seconds s | $rate events/s |")
  done
fi

# ---- 5. The table -------------------------------------------------------------------------------------------

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- src pom.xml liquibase 2>/dev/null || commit="$commit (with local changes)"
load_note=${LOAD_SECONDS:+, loaded in $LOAD_SECONDS s}
{
  echo
  echo "### Report benchmark, $(date '+%Y-%m-%d %H:%M %Z')"
  echo
  echo "Machine: nproc $(nproc), $(java -version 2>&1 | head -n 1); Payara Micro $PAYARA_VERSION (--nocluster, $BENCH_JAVA_OPTS);" \
    "PostgreSQL $DB_VERSION ($PG_HOST:$PG_PORT, schema $BENCH_SCHEMA); commit $commit."
  echo "Data: $FACT_ROWS fact rows, one company, $PROJECTS projects, the $DAYS days before $YEAR_END (table with indexes: $TABLE_SIZE$load_note);" \
    "rollups: $HOUR_ROWS rows per project ($HOUR_SIZE), $COMPANY_HOUR_ROWS per company ($COMPANY_HOUR_SIZE)."
  echo "Each case: $WARMUP_RUNS warm-up requests, then $RUNS timed (curl time_total, one at a time); the SQL $((RUNS + 1)) times in one psql session (\\timing), the first not counted."
  echo "Zone: Eastern Standard Time ($ZONE). PostgreSQL settings: ${PG_SETTINGS:-server defaults} (both sides). Milliseconds, median (minimum)."
  echo
  echo "| case | events | groups | E3 over HTTP ms | SQL in psql ms | E3 / SQL |"
  echo "|---|---|---|---|---|---|"
  printf '%s\n' "${ROWS_OUT[@]}"
  echo
  if (( ${#SYNC_ROWS[@]} > 0 )); then
    echo "The sync (facts and rollups, one run through the API; goal: 2,000 authorizations a second):"
    echo
    echo "| sync | took | rate |"
    echo "|---|---|---|"
    printf '%s\n' "${SYNC_ROWS[@]}"
    echo
  fi
} | tee "$BENCH_DIR/report-results.md"
log "table saved to target/bench/report-results.md; SQL, plans and answers in target/bench/report-case-*"
