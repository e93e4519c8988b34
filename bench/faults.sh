#!/usr/bin/env bash
# The fault suite (see bench/README.md, "Fault suite", and docs/RELIABILITY.md): its own PostgreSQL 15
# cluster, two Payara Micro instances of target/payments.war behind HAProxy, a merchant that retries with the same
# Idempotency-Key (bench/FaultClient.java, 16 workers), and meanwhile kill -9 of an instance (started again at
# once), a PostgreSQL restart, a graceful restart (SIGTERM) and processor calls that time out (the Simulator's
# timeout cards). Then checks the
# database and the API and prints one table (also target/faults/results.md). Exits 1 when a must-be-0 line is not 0.
#
#   nice -n 19 bench/faults.sh                        # about 3 minutes of load (longer while instances restart)
#   DURATION=60 KILLS=1 nice -n 19 bench/faults.sh    # shorter
#
# Everything it starts (PostgreSQL, HAProxy, both instances, the client) is stopped on exit, also on Ctrl-C or a
# failure. Needs root (or the postgres user) for initdb, and apt-get to install HAProxy when it is missing.
BENCH_NAME=faults
BOOT_TIMEOUT=${BOOT_TIMEOUT:-900}               # a restart under load on a busy machine can take minutes
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# ---- Knobs ----------------------------------------------------------------------------------------------------

DURATION=${DURATION:-180}                      # seconds of load at least (it goes on until the faults recovered)
FIRST_FAULT=${FIRST_FAULT:-30}                 # seconds of load before the first kill -9
KILLS=${KILLS:-2}                              # kill -9 of instance a, then (2) of instance b; 0 to 2
PG_RESTART=${PG_RESTART:-1}                    # 1: stop PostgreSQL (fast) between the kills, start it PG_DOWN s later
TERMS=${TERMS:-1}                              # 1: after the kills, SIGTERM instance a (a graceful restart) and start it again
PG_DOWN=${PG_DOWN:-5}
GAP=${GAP:-10}                                 # seconds between a recovery and the next fault
SETTLE=${SETTLE:-20}                           # seconds of load after the last recovery
FAULT_PG_PORT=${FAULT_PG_PORT:-55432}
LB_PORT=${LB_PORT:-18490}
PORT_A=${PORT_A:-18491}
PORT_B=${PORT_B:-18492}
STATS_PORT=${STATS_PORT:-18493}
FAULT_JAVA_OPTS=${FAULT_JAVA_OPTS:--Xmx512m}
PROCESSOR_TIMEOUT_MS=${PROCESSOR_TIMEOUT_MS:-2000}
RECONCILIATION_INTERVAL_SECONDS=${RECONCILIATION_INTERVAL_SECONDS:-10}
IDEMPOTENCY_LEASE_SECONDS=${IDEMPOTENCY_LEASE_SECONDS:-30}
REPORTS_SYNC_INTERVAL_SECONDS=${REPORTS_SYNC_INTERVAL_SECONDS:-30}

PBKDF2_ITERATIONS=${PBKDF2_ITERATIONS:-10000}      # the admin's password hash: one login, not under test (210000 took over 60 s on a starved machine)
CHECK_TIMEOUT=${CHECK_TIMEOUT:-180}            # seconds to wait for reconciliation and report sync after the load
export FAULT_WORKERS=${FAULT_WORKERS:-16}
export FAULT_RETRY_SECONDS=${FAULT_RETRY_SECONDS:-300}
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

whole_numbers DURATION FIRST_FAULT KILLS PG_RESTART TERMS PG_DOWN GAP SETTLE FAULT_PG_PORT LB_PORT PORT_A PORT_B STATS_PORT \
  PBKDF2_ITERATIONS PROCESSOR_TIMEOUT_MS RECONCILIATION_INTERVAL_SECONDS IDEMPOTENCY_LEASE_SECONDS REPORTS_SYNC_INTERVAL_SECONDS \
  BOOT_TIMEOUT CHECK_TIMEOUT FAULT_WORKERS FAULT_RETRY_SECONDS
(( KILLS <= 2 )) || die "KILLS must be 0, 1 or 2"
(( PG_RESTART <= 1 )) || die "PG_RESTART must be 0 or 1"
(( TERMS <= 1 )) || die "TERMS must be 0 or 1"

# Outputs under target/faults (not target/bench/faults): PostgreSQL's data directory is there too.
BENCH_DIR=$REPO/target/faults
BENCH_REL=target/faults
OUT=$BENCH_DIR
PG_DIR=$OUT/pg
PG_DATA=$PG_DIR/data
BASE=http://127.0.0.1:$LB_PORT
DB_URL="jdbc:postgresql://127.0.0.1:$FAULT_PG_PORT/payments"

declare -A PID=([a]= [b]=) INSTANCE_PORT=([a]=$PORT_A [b]=$PORT_B)
HAPROXY_PID=
CLIENT_PID=
PG_STARTED=

pg_as_owner() { # command...: as the owner of the cluster (initdb refuses root)
  if [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
fpsql() { psql -h 127.0.0.1 -p "$FAULT_PG_PORT" -U postgres -d payments -X -v ON_ERROR_STOP=1 -Atq "$@"; }

stop_instance() { # name: SIGKILL (the cleanup: nothing to drain)
  local pid=${PID[$1]}
  [[ -n $pid ]] || return 0
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  PID[$1]=
}

faults_cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [[ -n $CLIENT_PID ]]; then
    kill "$CLIENT_PID" 2>/dev/null || true
    wait "$CLIENT_PID" 2>/dev/null || true
  fi
  stop_instance a
  stop_instance b
  if [[ -n $HAPROXY_PID ]]; then
    kill "$HAPROXY_PID" 2>/dev/null || true
    wait "$HAPROXY_PID" 2>/dev/null || true
  fi
  if [[ -n $PG_STARTED ]]; then
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  (( rc == 0 )) || log "exit status $rc; logs and data under $BENCH_REL"
  exit "$rc"
}
trap faults_cleanup EXIT

now_ms() { date +%s%3N; }
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
ready() { curl -fsS -m 2 -o /dev/null "http://127.0.0.1:$1/health/ready" 2>/dev/null; }

# ---- PostgreSQL -----------------------------------------------------------------------------------------------

start_postgres() {
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/postgresql.log" -w -t 60 \
    -o "-p $FAULT_PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_DIR -c max_connections=200" \
    start >/dev/null || { tail -n 20 "$PG_DIR/postgresql.log" >&2; die "PostgreSQL did not start"; }
  PG_STARTED=1
}

setup_postgres() {
  [[ -x $PG_BIN/initdb ]] || die "no $PG_BIN/initdb (Debian package postgresql-15)"
  rm -rf "$PG_DIR"
  mkdir -p "$PG_DATA"
  [[ $(id -u) != 0 ]] || chown -R postgres: "$PG_DIR"
  log "PostgreSQL 15: initdb into $BENCH_REL/pg/data, port $FAULT_PG_PORT (trust, 127.0.0.1 only)"
  pg_as_owner "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$OUT/initdb.log" 2>&1 \
    || { cat "$OUT/initdb.log" >&2; die "initdb failed"; }
  start_postgres
  psql -h 127.0.0.1 -p "$FAULT_PG_PORT" -U postgres -d postgres -Atqc 'CREATE DATABASE payments' >/dev/null
}

# ---- Instances and HAProxy ------------------------------------------------------------------------------------

start_instance() { # name: starts it in the background (PID[name]); does not wait
  local name=$1 port=${INSTANCE_PORT[$1]} dir=$OUT/$1
  mkdir -p "$dir/data"
  rm -rf "$dir/micro-root" # Payara Micro redeploys whatever an old root folder holds
  port_free "$port" || die "port $port (instance $name) is in use"
  # shellcheck disable=SC2086 # FAULT_JAVA_OPTS is a list of options
  PAYMENTS_DB_URL=$DB_URL PAYMENTS_DB_USER=postgres PAYMENTS_DB_PASSWORD=unused \
    PAYMENTS_DATA_DIR=$dir/data \
    PAYMENTS_CRYPTO_MASTER_KEY=$MASTER_KEY PAYMENTS_JWT_SIGNING_KEY=$OUT/jwt-signing-key.pem \
    PAYMENTS_BOOTSTRAP_ADMIN_EMAIL=$BENCH_ADMIN_EMAIL PAYMENTS_BOOTSTRAP_ADMIN_PASSWORD=$BENCH_ADMIN_PASSWORD \
    PAYMENTS_SECURITY_PBKDF2_ITERATIONS=$PBKDF2_ITERATIONS PAYMENTS_PROCESSOR_TIMEOUT_MS=$PROCESSOR_TIMEOUT_MS \
    PAYMENTS_RECONCILIATION_INTERVAL_SECONDS=$RECONCILIATION_INTERVAL_SECONDS \
    PAYMENTS_IDEMPOTENCY_LEASE_SECONDS=$IDEMPOTENCY_LEASE_SECONDS \
    PAYMENTS_REPORTS_SYNC_INTERVAL_SECONDS=$REPORTS_SYNC_INTERVAL_SECONDS \
    java $FAULT_JAVA_OPTS -jar "$MICRO_JAR" --deploy "$WAR" --nohazelcast --contextroot / --port "$port" \
    --rootdir "$dir/micro-root" >>"$dir/server.log" 2>&1 &
  PID[$name]=$!
  echo "$(now_ms) start $name pid ${PID[$name]}" >>"$OUT/server-starts.txt"
  log "instance $name: Payara Micro on port $port, pid ${PID[$name]} (log $BENCH_REL/$name/server.log)"
}

wait_ready() { # name: until /health/ready answers 200; prints the epoch ms it did
  local name=$1 started=$SECONDS
  until ready "${INSTANCE_PORT[$name]}"; do
    kill -0 "${PID[$name]}" 2>/dev/null || { tail -n 30 "$OUT/$name/server.log" >&2; die "instance $name exited"; }
    (( SECONDS - started <= BOOT_TIMEOUT )) || die "instance $name not ready after $BOOT_TIMEOUT s"
    sleep 0.2
  done
  now_ms
}

start_haproxy() {
  need haproxy
  port_free "$LB_PORT" || die "port $LB_PORT (HAProxy) is in use"
  # Health checks on /health/ready every second (3 failures: down, 2 successes: up; an answer may take 5 s, as it
  # does on a starved machine, without counting as a failure). A connection refused by a dead instance is retried on
  # the other one (retry-on: connection failures only, never a sent POST).
  cat >"$OUT/haproxy.cfg" <<EOF
global
    maxconn 512
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 120s
    retries 2
    option redispatch
frontend payments
    bind 127.0.0.1:$LB_PORT
    default_backend instances
backend instances
    balance roundrobin
    option httpchk GET /health/ready
    http-check expect status 200
    timeout check 5s
    default-server inter 1s fall 3 rise 2
    http-response set-header X-Fault-Server %s
    server a 127.0.0.1:$PORT_A check
    server b 127.0.0.1:$PORT_B check
listen stats
    bind 127.0.0.1:$STATS_PORT
    stats enable
    stats uri /stats
EOF
  haproxy -c -q -f "$OUT/haproxy.cfg" || die "HAProxy refused $BENCH_REL/haproxy.cfg"
  haproxy -db -f "$OUT/haproxy.cfg" >"$OUT/haproxy.log" 2>&1 &
  HAPROXY_PID=$!
  log "HAProxy on port $LB_PORT (pid $HAPROXY_PID; stats http://127.0.0.1:$STATS_PORT/stats)"
}

# ---- Faults ---------------------------------------------------------------------------------------------------

FAULT_LINES=()   # "label|fault epoch ms|recovered epoch ms" (recovered: the instance or both instances ready)
record_fault() { echo "$1|$2|$3" >>"$OUT/faults.txt"; FAULT_LINES+=("$1|$2|$3"); }

kill_instance() { # name
  local name=$1 at back
  at=$(now_ms)
  log "FAULT: kill -9 instance $name (pid ${PID[$name]}), then start it again"
  kill -9 "${PID[$name]}"
  wait "${PID[$name]}" 2>/dev/null || true
  PID[$name]=
  start_instance "$name"
  back=$(wait_ready "$name")
  log "instance $name ready again $(( (back - at) / 1000 )) s after the kill"
  record_fault "kill -9 instance $name" "$at" "$back"
}

term_instance() { # name: SIGTERM, as a supervisor stops an instance; it drains (not ready, then its requests finish)
  local name=$1 at gone back status=0
  at=$(now_ms)
  log "FAULT: SIGTERM instance $name (pid ${PID[$name]}), a graceful restart: it drains, exits, and is started again"
  kill -TERM "${PID[$name]}"
  wait "${PID[$name]}" 2>/dev/null || status=$?
  gone=$(now_ms)
  PID[$name]=
  log "instance $name exited with status $status $(( (gone - at) / 1000 )) s after SIGTERM"
  start_instance "$name"
  back=$(wait_ready "$name")
  log "instance $name ready again $(( (back - at) / 1000 )) s after SIGTERM"
  record_fault "SIGTERM instance $name (exit $status after $(( (gone - at) / 1000 )) s)" "$at" "$back"
}

restart_postgres() {
  local at back other
  at=$(now_ms)
  log "FAULT: PostgreSQL stop (fast), start again $PG_DOWN s later"
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null
  sleep "$PG_DOWN"
  start_postgres
  back=$(wait_ready a)
  other=$(wait_ready b)
  (( other <= back )) || back=$other
  log "both instances ready $(( (back - at) / 1000 )) s after the stop"
  record_fault "PostgreSQL restart (${PG_DOWN} s down)" "$at" "$back"
}

client_alive() { [[ -n $CLIENT_PID ]] && kill -0 "$CLIENT_PID" 2>/dev/null; }

pause_load() { # seconds: sleeps while the client runs
  local until=$(( SECONDS + $1 ))
  while (( SECONDS < until )); do
    client_alive || die "the client stopped early (see $BENCH_REL/client.log)"
    sleep 1
  done
}

# ---- After the load -------------------------------------------------------------------------------------------

admin_login() {
  ADMIN_TOKEN=$(curl -fsS -X POST "$BASE/api/auth/token" --data-urlencode grant_type=password \
    --data-urlencode "username=$BENCH_ADMIN_EMAIL" --data-urlencode "password=$BENCH_ADMIN_PASSWORD" | jq -er .access_token) \
    || die "admin login failed"
}

admin_post() { # path: 200 or 202 expected
  local status
  status=$(curl -sS -o "$OUT/last-admin.json" -w '%{http_code}' -X POST -H "Authorization: Bearer $ADMIN_TOKEN" \
    -H 'Accept: application/json' "$BASE$1") || die "POST $1 failed"
  [[ $status == 200 || $status == 202 ]] || die "POST $1 answered $status: $(head -c 300 "$OUT/last-admin.json")"
  log "POST $1: $status $(head -c 200 "$OUT/last-admin.json")"
}

# Runs the reconciliation and the report sync (as the API offers them, and as their schedules do) until nothing
# is Pending and every event is in the report's fact table, or CHECK_TIMEOUT.
settle_outcomes() {
  local started=$SECONDS pending missing
  admin_login
  while :; do
    admin_post /api/adm/reconciliation/run
    admin_post /api/adm/reportTransactions/sync
    pending=$(fpsql -c "SELECT count(*) FROM transaction_events WHERE event_result = 'Pending'")
    missing=$(fpsql -c "SELECT count(*) FROM transaction_events e WHERE e.event_result <> 'Pending' AND NOT EXISTS
      (SELECT 1 FROM report_transaction_events f WHERE f.event_id = e.id)")
    log "after the load: $pending Pending events, $missing events not yet in the report's fact table"
    (( pending == 0 && missing == 0 )) && break
    (( SECONDS - started < CHECK_TIMEOUT )) || { log "still so after $CHECK_TIMEOUT s: the checks will say"; break; }
    sleep 5
  done
}

# Failed attempts (5xx, no answer, time-outs) and 409s, by outcome, with the seconds of the load they fell in.
failures_by_outcome() { # load-start-ms
  awk -F '\t' -v t0="$1" 'NR > 1 && ($5 ~ /^5/ || $5 == "IO" || $5 == "TIMEOUT" || $5 == "409") {
      s = int(($1 - t0) / 1000); n[$5]++; k = $5 SUBSEP s; if (!(k in seen)) { seen[k] = 1; secs[$5] = secs[$5] " " s } }
    END { for (o in n) print o "\t" n[o] "\t" secs[o] }' "$OUT/attempts.tsv" | sort |
  while IFS=$'\t' read -r outcome count seconds; do
    # collapse the seconds into ranges: +30-34 s, +95 s
    ranges=$(tr ' ' '\n' <<<"$seconds" | grep . | sort -n | awk '
      { if (NR == 1) { a = b = $1 } else if ($1 <= b + 2) { b = $1 } else { out = out sep r(a, b); sep = ", "; a = b = $1 } }
      function r(x, y) { return x == y ? "+" x " s" : "+" x "-" y " s" }
      END { if (NR) print out sep r(a, b) }')
    printf '%s x%s (%s)\n' "$outcome" "$count" "$ranges"
  done
}

# For a fault: seconds from the fault to the last failed client attempt (5xx, no answer, time-out) before the
# next fault (or the end of the load): how long clients saw errors.
errors_until() { # from-ms to-ms
  awk -F '\t' -v a="$1" -v b="$2" 'NR > 1 && $1 >= a && $1 < b && ($5 ~ /^5/ || $5 == "IO" || $5 == "TIMEOUT") {
      if ($1 > last) last = $1; n++ }
    END { if (n) printf "%.1f s (%d failed attempts)", (last - a) / 1000, n; else print "none" }' "$OUT/attempts.tsv"
}

check_value() { awk -F '|' -v k="$1" '$1 == k { print $2; exit }' "$OUT/checks.txt"; }
check_examples() { awk -F '|' -v k="$1" '$1 == k { print $3; exit }' "$OUT/checks.txt"; }
summary_value() { sed -n "s/^$1=//p" "$OUT/load-summary.txt" "$OUT/replay-summary.txt" 2>/dev/null | head -n 1; }

# ---- Run ------------------------------------------------------------------------------------------------------

need curl
need jq
need java default-jre-headless
need openssl
need psql postgresql-client
bench_build
for port in "$FAULT_PG_PORT" "$LB_PORT" "$PORT_A" "$PORT_B" "$STATS_PORT"; do
  port_free "$port" || die "port $port is in use (knobs FAULT_PG_PORT, LB_PORT, PORT_A, PORT_B, STATS_PORT)"
done
rm -rf "$OUT"
mkdir -p "$OUT"
setup_postgres
MASTER_KEY=$(openssl rand -base64 32)
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$OUT/jwt-signing-key.pem" 2>/dev/null
chmod 600 "$OUT/jwt-signing-key.pem"
start_haproxy
# One after the other: the first start migrates the empty database.
start_instance a
BOOT_A=$(wait_ready a)
start_instance b
wait_ready b >/dev/null
log "both instances ready"
haproxy_up() { curl -fsS -m 5 "http://127.0.0.1:$STATS_PORT/stats;csv" | awk -F, '$1 == "instances" && $2 ~ /^[ab]$/ && $18 == "UP"' | wc -l; }
until [[ $(haproxy_up) == 2 ]]; do sleep 1; done # HAProxy's checks see both (the set-up goes through it)
bench_setup_project # company, project, its API key and a Simulator processor, through HAProxy

LOAD_MAX=$(( DURATION + FIRST_FAULT + (KILLS + TERMS) * (BOOT_TIMEOUT + GAP) + PG_RESTART * (BOOT_TIMEOUT + GAP) + SETTLE + 60 ))
log "load: $FAULT_WORKERS workers through HAProxy for at least $DURATION s (client log $BENCH_REL/client.log)"
rm -f "$OUT/stop"
java bench/FaultClient.java load "$BASE" "$PROJECT_ID" "$API_KEY" "$OUT" "$LOAD_MAX" "$OUT/stop" >"$OUT/client.log" 2>&1 &
CLIENT_PID=$!
LOAD_STARTED=$SECONDS
pause_load "$FIRST_FAULT"
(( KILLS < 1 )) || { kill_instance a; pause_load "$GAP"; }
(( PG_RESTART < 1 )) || { restart_postgres; pause_load "$GAP"; }
(( KILLS < 2 )) || kill_instance b
(( TERMS < 1 )) || { pause_load "$GAP"; term_instance a; }
pause_load "$SETTLE"
(( SECONDS - LOAD_STARTED >= DURATION )) || pause_load $(( DURATION - (SECONDS - LOAD_STARTED) ))
log "stopping the load (the requests in flight finish, with their retries)"
touch "$OUT/stop"
wait "$CLIENT_PID" || die "the client failed (see $BENCH_REL/client.log)"
CLIENT_PID=

settle_outcomes
log "replaying every answered request with its key"
java bench/FaultClient.java replay "$BASE" "$PROJECT_ID" "$API_KEY" "$OUT" >>"$OUT/client.log" 2>&1 \
  || die "the replay failed (see $BENCH_REL/client.log)"
fpsql -v project="$PROJECT_ID" -v requests="$OUT/requests.tsv" -f bench/faults-checks.sql >"$OUT/checks.txt" \
  || die "the checks failed"

# ---- The table ------------------------------------------------------------------------------------------------

T0=$(summary_value load_start_ms)
T_END=$(summary_value load_end_ms)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- src pom.xml liquibase bench 2>/dev/null || commit="$commit (with local changes)"
must_be_zero() { # label check-name
  printf '| %s | %s | 0 |\n' "$1" "$(check_value "$2")"
}
lost=$(( $(check_value lost) + $(summary_value replay_differs) ))
{
  echo
  echo "### Fault suite, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
  echo
  echo "Two Payara Micro $PAYARA_VERSION instances ($FAULT_JAVA_OPTS) behind HAProxy $(haproxy -v | head -n 1 | awk '{print $3}'), " \
    "PostgreSQL $(fpsql -c 'show server_version' | cut -d' ' -f1) (own cluster, port $FAULT_PG_PORT); nproc $(nproc);" \
    "$FAULT_WORKERS workers for $(( (T_END - T0) / 1000 )) s; processor timeout $PROCESSOR_TIMEOUT_MS ms," \
    "reconciliation every $RECONCILIATION_INTERVAL_SECONDS s, idempotency lease $IDEMPOTENCY_LEASE_SECONDS s."
  echo
  echo "| | result | must be |"
  echo "|---|---|---|"
  echo "| requests (by kind) | $(summary_value requests) ($(summary_value by_kind | tr -d '{}' | sed 's/,/, /g')) | |"
  echo "| acknowledged (answered below 500, not 409) | $(summary_value answered) | |"
  echo "| not answered within ${FAULT_RETRY_SECONDS} s of retries | $(summary_value unanswered) | |"
  echo "| retried (attempts in all) | $(summary_value retried) ($(summary_value attempts)) | |"
  echo "| failed attempts seen and when (s of the load) | $(failures_by_outcome "$T0" | paste -sd ';' | sed 's/;/; /g') | |"
  echo "| lost (acknowledged, effect missing or replay differs) | $lost | 0 |"
  must_be_zero "duplicated (extra effects of one request)" duplicated
  must_be_zero "half-done by an unanswered request" half_done_unanswered
  must_be_zero "acknowledged 4xx although the effect exists" wrong_answer
  must_be_zero "effects no request made" unexplained_effects
  must_be_zero "invariant breaks (transactions)" invariant_breaks
  must_be_zero "stuck idempotency claims" stuck_claims
  must_be_zero "answered requests without a stored answer" answered_without_stored_answer
  must_be_zero "Pending after reconciliation" pending_events
  must_be_zero "timeout cards with a wrong outcome (of $(check_value timeout_card_transactions))" timeout_cards_wrong_outcome
  must_be_zero "report fact table: events missing (of $(check_value events))" report_missing
  must_be_zero "report fact table: rows that differ from their event" report_stale
  echo "| replays (same key again after the run) | $(summary_value replay_checked) checked, $(summary_value replay_not_replayed) not replayed, $(summary_value replay_differs) different | 0 |"
  echo "| transactions by status | $(check_value transactions): $(check_examples transactions | sed 's/,/, /g') | |"
  for line in "${FAULT_LINES[@]}"; do
    IFS='|' read -r label at back <<<"$line"
    next=$T_END
    for other in "${FAULT_LINES[@]}"; do
      IFS='|' read -r _ oat _ <<<"$other"
      (( oat > at && oat < next )) && next=$oat
    done
    echo "| recovery: $label at +$(( (at - T0) / 1000 )) s | clients saw errors until $(errors_until "$at" "$next") after it; instance(s) ready again after $(( (back - at) / 1000 )) s | |"
  done
  echo
  for name in lost duplicated half_done_unanswered wrong_answer unexplained_effects invariant_breaks stuck_claims \
    answered_without_stored_answer pending_events timeout_cards_wrong_outcome report_missing report_stale unexpected_4xx; do
    examples=$(check_examples "$name")
    [[ -z $examples ]] || echo "- $name: $examples"
  done
  [[ $(summary_value replay_not_replayed) == 0 && $(summary_value replay_differs) == 0 ]] \
    || echo "- replay problems: see $BENCH_REL/replay.tsv"
  echo
} | tee "$OUT/results.md"
FAILED=0
for name in duplicated half_done_unanswered wrong_answer unexplained_effects invariant_breaks stuck_claims \
  answered_without_stored_answer pending_events timeout_cards_wrong_outcome report_missing report_stale; do
  [[ $(check_value "$name") == 0 ]] || FAILED=1
done
[[ $lost == 0 && $(summary_value replay_not_replayed) == 0 ]] || FAILED=1
log "table saved to $BENCH_REL/results.md; requests in $BENCH_REL/requests.tsv, attempts in $BENCH_REL/attempts.tsv"
exit "$FAILED"
