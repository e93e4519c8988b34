#!/usr/bin/env bash
# Gateway 2 benchmark: authorizations on an ISO 8583 acquirer host that answers at once (jPOS,
# bench/IsoHost.java, on ISO_PORT) beside authorizations on the Simulator, in the same run on the same server.
# Starts its own Payara Micro (bench/lib.sh) and the host, sets up two projects (Simulator; gateway 2 with
# CONNECTIONS_TO_HOST connections to the host), tokenizes TOKENS cards for each, warms both up at once, then
# measures each at every level of LEVELS (default "16 32") and prints the table with gateway 2's req/s as a share
# of the Simulator's at the same level. Goal: at least 0.8x, no bad answer. Stops what it started on exit.
#
#   bench/acquirer.sh                                   # 120 s warm-up, 25 s per run
#   WARMUP=20 DURATION=10 bench/acquirer.sh             # a quick try
set -euo pipefail

BENCH_NAME=acquirer
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

TOKENS=${TOKENS:-100}
CARD=${CARD:-4111111111111111}
ISO_PORT=${ISO_PORT:-18583}
CONNECTIONS_TO_HOST=${CONNECTIONS_TO_HOST:-4}
LEVELS=${LEVELS:-16 32}
WARMUP=${WARMUP:-120}
DURATION=${DURATION:-25}
bench_check_knobs 2
whole_numbers TOKENS ISO_PORT CONNECTIONS_TO_HOST

# The host: jPOS from the project's test classpath (never in the WAR).
JPOS_CP=$BENCH_DIR/jpos.classpath
mkdir -p "$BENCH_DIR"
(cd "$REPO" && mvn -B -ntp -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$JPOS_CP") \
  || die "cannot resolve the test classpath (jPOS)"
java -cp "$(cat "$JPOS_CP")" "$BENCH_HOME/IsoHost.java" "$ISO_PORT" >"$BENCH_DIR/iso-host.log" 2>&1 &
HOST_PID=$!
# On exit: the host by its PID, then what bench/lib.sh stops (wrk runs, the server), with the script's exit status.
trap 'rc=$?; kill "$HOST_PID" 2>/dev/null || true; (exit $rc); bench_cleanup' EXIT
for _ in $(seq 1 100); do
  grep -q listening "$BENCH_DIR/iso-host.log" 2>/dev/null && break
  sleep 0.2
done
grep -q listening "$BENCH_DIR/iso-host.log" || die "the ISO 8583 host did not start: $(tail -5 "$BENCH_DIR/iso-host.log")"

bench_prepare
SIM_PROJECT=$PROJECT_ID SIM_KEY=$API_KEY
sleep 1 # the company name has the second in it
bench_setup_project
ISO_PROJECT=$PROJECT_ID ISO_KEY=$API_KEY

# The second project's processor becomes gateway 2, and its merchant information gives field 42.
response=$BENCH_DIR/last-response.json
status=$(curl -sS -o "$response" -w '%{http_code}' -X POST "$BASE/api/auth/token" \
  --data-urlencode grant_type=password --data-urlencode "username=$BENCH_ADMIN_EMAIL" \
  --data-urlencode "password=$BENCH_ADMIN_PASSWORD") || die "POST /api/auth/token failed"
[[ $status == 200 ]] || die "login answered $status"
ADMIN_TOKEN=$(jq -er .access_token "$response")
processor=$(bench_admin 200 GET "/api/adm/projectPaymentProcessors?companyProjectId=$ISO_PROJECT" | jq -er '.entries[0].id')
bench_admin 200 PUT "/api/adm/projectPaymentProcessors/$processor" "$(jq -nc --argjson port "$ISO_PORT" \
  --argjson n "$CONNECTIONS_TO_HOST" '{gateway: 2, settings: {host: "127.0.0.1", port: $port, terminalId: "BENCH001",
  acquirerId: "4711", timeoutMs: 5000, connections: $n}}')" >/dev/null
bench_admin 200 PUT "/api/adm/companyProjects/$ISO_PROJECT/merchant" \
  '{"processorGateway": 2, "merchantId": "BENCHSHOP", "apiKey": "bench-acquirer-key"}' >/dev/null
ADMIN_TOKEN=

tokens_for() { # project key file
  PROJECT_ID=$1 API_KEY=$2
  for _ in $(seq 1 "$TOKENS"); do bench_card_json "$CARD"; echo; done \
    | bench_pay_many "/api/pay/$1/companyProjectCreditCardPaymentsInfo" \
    | awk -F '\t' '$1 != 201 { print "tokenization answered " $1 ": " substr($2, 1, 300) > "/dev/stderr"; bad = 1; exit }
        { print $2 } END { exit bad }' | jq -er .paymentToken >"$3" || die "tokenizing for project $1 failed"
}
tokens_for "$SIM_PROJECT" "$SIM_KEY" "$BENCH_DIR/tokens-simulator.txt"
tokens_for "$ISO_PROJECT" "$ISO_KEY" "$BENCH_DIR/tokens-gateway2.txt"
export BENCH_AMOUNT=12.34 BENCH_CURRENCY=USD

with() { # simulator|gateway2: the environment authorize.lua reads
  if [[ $1 == simulator ]]; then
    PROJECT_ID=$SIM_PROJECT API_KEY=$SIM_KEY
  else
    PROJECT_ID=$ISO_PROJECT API_KEY=$ISO_KEY
  fi
  export BENCH_API_KEY=$API_KEY BENCH_TOKENS_FILE=$BENCH_DIR/tokens-$1.txt
}

# A probe of each: 201 Approved.
for which in simulator gateway2; do
  with "$which"
  bench_pay 201 POST "/api/pay/$PROJECT_ID/transactions" \
    "$(jq -nc --arg t "$(head -1 "$BENCH_TOKENS_FILE")" '{paymentToken: $t, amount: 12.34, currency: "USD"}')" \
    | jq -e '.status == "Approved"' >/dev/null || die "the $which probe was not Approved"
done
log "probes: Simulator and gateway 2 authorizations approved"

with simulator
bench_warmup authorize-simulator "$BASE/api/pay/$SIM_PROJECT/transactions" "$BENCH_HOME/authorize.lua"
with gateway2
bench_warmup authorize-gateway2 "$BASE/api/pay/$ISO_PROJECT/transactions" "$BENCH_HOME/authorize.lua"

bench_measure_live
for level in $LEVELS; do
  CONNECTIONS=$level
  with simulator
  bench_measure "authorize, Simulator, $level connections" "$BASE/api/pay/$SIM_PROJECT/transactions" \
    "$BENCH_HOME/authorize.lua" "authorize-simulator-$level"
  with gateway2
  bench_measure "authorize, gateway 2 (ISO 8583), $level connections" "$BASE/api/pay/$ISO_PROJECT/transactions" \
    "$BENCH_HOME/authorize.lua" "authorize-gateway2-$level"
done

bench_report "Gateway 2 benchmark" \
  "Authorizations of 12.34 USD round-robin over $TOKENS tokens each: on the Simulator (latency 0), and on gateway 2" \
  "against a jPOS host on this machine that approves at once ($CONNECTIONS_TO_HOST connections). Goal: gateway 2 at 0.8x the Simulator or better."
