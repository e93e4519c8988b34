#!/usr/bin/env bash
# Events on the hot path: does an active webhook endpoint slow authorizations down, and how fast and how
# late do its deliveries arrive? Starts the service as bench/hotpath.sh does (Payara Micro, -Xmx512m, PostgreSQL in
# a schema of its own) with webhook targets on this machine allowed, and a receiver on this machine
# (bench/WebhookReceiver.java: answers 200 at once, logs each delivery's arrival). Registers one endpoint for every
# event type of the benchmark's project, warms up with it active, then measures authorizations (wrk, every answer
# checked) in ROUNDS pairs: the endpoint inactive (no delivery: the figure without one), then active. After each
# active run it waits until every event of the run has arrived, and reports:
#   - req/s, p50/p99 of each run and the ratio active/inactive (the goal: within 10%);
#   - delivery throughput: events delivered per second during the run, and the drain time after its end;
#   - lag, the time from an event's createdDate to its arrival at the receiver: p50, p99, max.
# The server keeps the default delivery settings (one round every PAYMENTS_WEBHOOKS_POLL_MS, default 1000 ms) unless
# they are given in the environment.
#
#   bench/webhooks.sh                                   # defaults: 180 s warm-up, 2 rounds of 25 s runs at 32 connections
#   WARMUP=30 DURATION=10 ROUNDS=1 bench/webhooks.sh    # a quick check of the set-up (figures far too low)
set -euo pipefail

BENCH_NAME=webhooks
PORT=${PORT:-18488}
BENCH_SCHEMA=${BENCH_SCHEMA:-payments_webhooks}
BENCH_DB=${BENCH_DB:-postgres}
WARMUP=${WARMUP:-180}
DURATION=${DURATION:-25}
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xmx512m}
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ROUNDS=${ROUNDS:-2}
RECEIVER_PORT=${RECEIVER_PORT:-18489}
TOKENS=${TOKENS:-100}
DRAIN_TIMEOUT=${DRAIN_TIMEOUT:-120}
whole_numbers ROUNDS RECEIVER_PORT TOKENS DRAIN_TIMEOUT
(( ROUNDS >= 1 )) || die "ROUNDS must be at least 1"
bench_check_knobs 1
export PAYMENTS_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true

RECEIVER_PID=
stop_receiver() {
  [[ -n $RECEIVER_PID ]] || return 0
  kill "$RECEIVER_PID" 2>/dev/null || true
  wait "$RECEIVER_PID" 2>/dev/null || true
  RECEIVER_PID=
}
trap 'stop_receiver; bench_cleanup' EXIT

bench_tools
bench_build
bench_database
bench_start_server
bench_setup_project

# ---- The receiver and the endpoint ------------------------------------------------------------------------------

DELIVERIES=$BENCH_DIR/deliveries.tsv
: >"$DELIVERIES"
java "$BENCH_HOME/WebhookReceiver.java" "$RECEIVER_PORT" "$DELIVERIES" >"$BENCH_DIR/receiver.log" 2>&1 &
RECEIVER_PID=$!
for _ in $(seq 1 100); do
  grep -q receiving "$BENCH_DIR/receiver.log" && break
  kill -0 "$RECEIVER_PID" 2>/dev/null || die "the receiver exited: $(cat "$BENCH_DIR/receiver.log")"
  sleep 0.2
done
grep -q receiving "$BENCH_DIR/receiver.log" || die "the receiver did not start"

admin_login() {
  ADMIN_TOKEN=$(curl -fsS -X POST "$BASE/api/auth/token" --data-urlencode grant_type=password \
    --data-urlencode "username=$BENCH_ADMIN_EMAIL" --data-urlencode "password=$BENCH_ADMIN_PASSWORD" | jq -er .access_token) \
    || die "login failed"
}
admin_login
ENDPOINT_ID=$(bench_admin 201 POST /api/adm/webhookEndpoints "$(jq -nc --arg p "$PROJECT_ID" \
  --arg u "http://127.0.0.1:$RECEIVER_PORT/hook" '{companyProjectId: $p, url: $u, enabledEvents: ["*"], description: "bench"}')" \
  | jq -er .id)
log "webhook endpoint $ENDPOINT_ID -> http://127.0.0.1:$RECEIVER_PORT/hook (every event type)"
endpoint_active() { # true|false
  admin_login
  bench_admin 200 PUT "/api/adm/webhookEndpoints/$ENDPOINT_ID" "{\"isActive\":$1}" >/dev/null
}

# ---- Tokens, warm-up -----------------------------------------------------------------------------------------------

TRANSACTIONS_PATH=/api/pay/$PROJECT_ID/transactions
TRANSACTIONS_URL=$BASE$TRANSACTIONS_PATH
TOKENIZE_PATH=/api/pay/$PROJECT_ID/companyProjectCreditCardPaymentsInfo
export BENCH_TOKENS_FILE=$BENCH_DIR/tokens.txt BENCH_AMOUNT=12.34 BENCH_CURRENCY=USD
for _ in $(seq 1 "$TOKENS"); do bench_card_json 4111111111111111; echo; done | bench_pay_many "$TOKENIZE_PATH" \
  | awk -F '\t' '$1 != 201 { exit 1 } { print $2 }' | jq -er .paymentToken >"$BENCH_TOKENS_FILE" \
  || die "tokenizing failed"
probe=$(bench_pay 201 POST "$TRANSACTIONS_PATH" "{\"paymentToken\":\"$(head -n 1 "$BENCH_TOKENS_FILE")\",\"amount\":12.34,\"currency\":\"USD\"}")
grep -qF '"status":"Approved"' <<<"$probe" || die "the probe authorization was not Approved: $probe"
for _ in $(seq 1 100); do [[ -s $DELIVERIES ]] && break; sleep 0.2; done
[[ -s $DELIVERIES ]] || die "the probe's event did not reach the receiver in 20 s (server log: $BENCH_REL/server.log)"
log "the probe's event arrived: $(head -n 1 "$DELIVERIES" | cut -f 3)"

bench_warmup authorize "$TRANSACTIONS_URL" "$BENCH_HOME/authorize.lua"
# The warm-up's events (all made with the endpoint active) arrive before the rounds start, so they add no backlog.
project_events() {
  psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -Atc \
    "select count(*) from $BENCH_SCHEMA.events where project_id = '$PROJECT_ID'" || die "cannot count the events"
}
made=$(project_events)
for _ in $(seq 1 $(( DRAIN_TIMEOUT * 2 ))); do
  (( $(wc -l <"$DELIVERIES") < made )) || break
  sleep 0.5
done
log "the warm-up's events: $made made, $(wc -l <"$DELIVERIES") delivered"

# ---- Rounds ----------------------------------------------------------------------------------------------------

ms() { date +%s%3N; }
percentile() { # p: of the numbers on stdin
  sort -n | awk -v p="$1" '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit } i = int(NR * p / 100 + 0.999999); if (i < 1) i = 1; print v[i] }'
}
DELIVERY_LINES=()
for round in $(seq 1 "$ROUNDS"); do
  endpoint_active false
  sleep 3 # deliveries in flight from the warm-up or the previous round arrive first
  bench_measure "authorize, no active endpoint (round $round)" "$TRANSACTIONS_URL" "$BENCH_HOME/authorize.lua" "inactive-$round"
  endpoint_active true
  sleep 3
  before=$(wc -l <"$DELIVERIES")
  started=$(ms)
  bench_measure "authorize, endpoint active (round $round)" "$TRANSACTIONS_URL" "$BENCH_HOME/authorize.lua" "active-$round"
  ended=$(ms)
  # Every event of the project created during the run, by the database (the run's authorizations' events).
  made=$(psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -Atc "select count(*) from $BENCH_SCHEMA.events
    where project_id = '$PROJECT_ID' and created_at >= to_timestamp($started / 1000.0) and created_at <= to_timestamp($ended / 1000.0)") \
    || die "cannot count the run's events"
  # The run's events (created between its start and end): wait until all have arrived, or DRAIN_TIMEOUT.
  for _ in $(seq 1 $(( DRAIN_TIMEOUT * 2 ))); do
    count=$(tail -n +"$(( before + 1 ))" "$DELIVERIES" | awk -F '\t' -v a="$started" -v b="$ended" '$4 >= a && $4 <= b' | wc -l)
    (( count < made )) || break
    sleep 0.5
  done
  run_events=$BENCH_DIR/run-$round.tsv
  tail -n +"$(( before + 1 ))" "$DELIVERIES" | awk -F '\t' -v a="$started" -v b="$ended" '$4 >= a && $4 <= b' >"$run_events"
  delivered=$(wc -l <"$run_events")
  during=$(awk -F '\t' -v b="$ended" '$1 <= b' "$run_events" | wc -l)
  last_arrival=$(cut -f 1 "$run_events" | sort -n | tail -n 1)
  drain=$(awk -v l="${last_arrival:-0}" -v e="$ended" 'BEGIN { d = (l - e) / 1000; if (d < 0) d = 0; printf "%.1f", d }')
  twice=$(cut -f 2 "$run_events" | sort | uniq -d | wc -l)
  lags=$BENCH_DIR/lags-$round.txt
  awk -F '\t' '{ print $1 - $4 }' "$run_events" >"$lags"
  DELIVERY_LINES+=("| $round | $made | $delivered | $(awk -v n="$during" -v d="$DURATION" 'BEGIN { printf "%.0f", n / d }') | ${drain} s | $(percentile 50 <"$lags") | $(percentile 99 <"$lags") | $(percentile 100 <"$lags") | $twice |")
done
endpoint_active false
stop_receiver

# ---- The tables --------------------------------------------------------------------------------------------------

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- src pom.xml liquibase 2>/dev/null || commit="$commit (with local changes)"
{
  echo
  echo "### Webhooks on the hot path, $(date '+%Y-%m-%d %H:%M %Z'), commit $commit"
  echo
  echo "Machine: nproc $(nproc), $(java -version 2>&1 | head -n 1); Payara Micro $PAYARA_VERSION (--nohazelcast, $BENCH_JAVA_OPTS);" \
    "database: $DB_DESCRIPTION; Simulator latency 0 ms; delivery round every ${PAYMENTS_WEBHOOKS_POLL_MS:-1000} ms."
  echo "${WARMUP_DESCRIPTION:-Warm-up: none.} Then $ROUNDS rounds of two runs of $DURATION s (wrk -t$THREADS -c$CONNECTIONS), the endpoint inactive then active."
  (( WARMUP >= 180 )) || echo "Short warm-up: expect figures 2-3x below a warmed-up JVM."
  echo
  echo "| run | req/s | p50 ms | p99 ms | non-2xx | bad answers | CPU server/PG/wrk/other % |"
  echo "|---|---|---|---|---|---|---|"
  for i in "${!ROW_LABELS[@]}"; do
    printf '| %s | %.0f | %s | %s | %s | %s | %s |\n' "${ROW_LABELS[$i]}" "${ROW_RPS[$i]}" "${ROW_P50[$i]}" \
      "${ROW_P99[$i]}" "${ROW_NON2XX[$i]}" "${ROW_BAD[$i]}" "${ROW_CPU[$i]// //}"
  done
  inactive=$(for i in "${!ROW_LABELS[@]}"; do if [[ ${ROW_LABELS[$i]} == *"no active"* ]]; then echo "${ROW_RPS[$i]}"; fi; done | awk '{ s += $1 } END { print s / NR }')
  active=$(for i in "${!ROW_LABELS[@]}"; do if [[ ${ROW_LABELS[$i]} == *"endpoint active"* ]]; then echo "${ROW_RPS[$i]}"; fi; done | awk '{ s += $1 } END { print s / NR }')
  echo
  echo "Mean req/s: no active endpoint $(printf '%.0f' "$inactive"), endpoint active $(printf '%.0f' "$active"):" \
    "active/inactive = $(awk -v a="$active" -v i="$inactive" 'BEGIN { printf "%.3f", a / i }') (the goal: at least 0.90)."
  echo
  echo "Deliveries of the events made during each active run (one per authorization):"
  echo
  echo "| round | events made | events delivered | delivered/s during the run | drain after the run | lag p50 ms | lag p99 ms | lag max ms | delivered twice |"
  echo "|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${DELIVERY_LINES[@]}"
  echo
  echo "Lag: the receiver's arrival time minus the event's createdDate (same machine clock)."
  echo
} | tee "$BENCH_DIR/results.md"
log "table saved to $BENCH_REL/results.md; deliveries in $BENCH_REL/deliveries.tsv, server log in $BENCH_REL/server.log"
