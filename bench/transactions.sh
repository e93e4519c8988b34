#!/usr/bin/env bash
# Transactions benchmark: starts its own Payara Micro with the service, sets up a company, a project (with its
# first API key) and a Simulator processor, tokenizes TOKENS cards and authorizes TRANSACTIONS transactions on
# them, warms the JVM up on all three endpoints at once, then measures one after the other with wrk:
#   GET /health/live                                    the trivial endpoint, the ceiling of this machine
#   POST /api/pay/{projectId}/transactions              authorizations (Simulator, approving card)
#   GET /api/pay/{projectId}/transactions?id=<uuid>     E16 by id, over the pre-created transactions
# and prints a markdown table with each endpoint's req/s also as a share of /health/live's in the same run.
# Stops the server it started on exit. See bench/README.md for the knobs; what the benchmarks share is in
# bench/lib.sh.
#
#   bench/transactions.sh                     # defaults: 240 s warm-up, 30 s per endpoint, 32 connections
#   WARMUP=10 DURATION=5 bench/transactions.sh   # a quick try (figures 2-3x too low: not for publishing)
set -euo pipefail

BENCH_NAME=transactions
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

TOKENS=${TOKENS:-100}
TRANSACTIONS=${TRANSACTIONS:-1000}
CARD=${CARD:-4111111111111111}
AMOUNT=${AMOUNT:-12.34}
CURRENCY=${CURRENCY:-USD}
bench_check_knobs 3
whole_numbers TOKENS TRANSACTIONS
(( TOKENS >= 1 && TRANSACTIONS >= 1 )) || die "TOKENS and TRANSACTIONS must be at least 1"
[[ $CARD =~ ^[0-9]{12,19}$ ]] || die "CARD must be a card number (digits only)"
[[ $AMOUNT =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "AMOUNT must be a positive decimal number, got '$AMOUNT'"
[[ $CURRENCY =~ ^[A-Z]{3}$ ]] || die "CURRENCY must be an ISO 4217 code, got '$CURRENCY'"

bench_prepare

TOKENIZE_PATH=/api/pay/$PROJECT_ID/companyProjectCreditCardPaymentsInfo
TRANSACTIONS_PATH=/api/pay/$PROJECT_ID/transactions
TRANSACTIONS_URL=$BASE$TRANSACTIONS_PATH
export BENCH_TOKENS_FILE=$BENCH_DIR/tokens.txt BENCH_IDS_FILE=$BENCH_DIR/transaction-ids.txt BENCH_AMOUNT=$AMOUNT \
  BENCH_CURRENCY=$CURRENCY

authorization_json() { # payment-token
  jq -nc --arg t "$1" --argjson a "$AMOUNT" --arg c "$CURRENCY" '{paymentToken: $t, amount: $a, currency: $c}'
}

# One of each by hand, to say early what the endpoints answer (the full answers stay in $BENCH_DIR/probe-*.json).
token=$(bench_pay 201 POST "$TOKENIZE_PATH" "$(bench_card_json "$CARD")" | tee "$BENCH_DIR/probe-tokenize.json" \
  | jq -er .paymentToken) || die "no paymentToken in the tokenization answer: $(head -c 300 "$BENCH_DIR/probe-tokenize.json")"
probe_status=$(curl -sS -o "$BENCH_DIR/probe-authorize.json" -w '%{http_code}' -X POST \
  -H 'Content-Type: application/json' -H 'Accept: application/json' -H "X-API-Key: $API_KEY" \
  --data "$(authorization_json "$token")" "$TRANSACTIONS_URL") || die "POST $TRANSACTIONS_PATH failed"
[[ $probe_status == 201 ]] && jq -e '.id and .status == "Approved"' "$BENCH_DIR/probe-authorize.json" >/dev/null \
  || die "the authorization probe answered $probe_status, expected 201 with status Approved: $(head -c 600 "$BENCH_DIR/probe-authorize.json")" \
    " (server log: $BENCH_REL/server.log)"
id=$(jq -r .id "$BENCH_DIR/probe-authorize.json")
bench_pay 200 GET "$TRANSACTIONS_PATH?id=$id" >"$BENCH_DIR/probe-get.json"
jq -e --arg id "$id" '(.entries | length) == 1 and .entries[0].id == $id' "$BENCH_DIR/probe-get.json" >/dev/null \
  || die "GET $TRANSACTIONS_PATH?id=$id did not answer that transaction in entries: $(head -c 600 "$BENCH_DIR/probe-get.json")"
log "probes: tokenization 201 ($(jq -r .maskedCardNumber "$BENCH_DIR/probe-tokenize.json")), authorization 201 Approved, E16 by id 200"

# The data the load runs on: TOKENS payment tokens, and TRANSACTIONS authorizations on them (round-robin).
log "tokenizing $TOKENS cards ($CARD) and authorizing $TRANSACTIONS transactions of $AMOUNT $CURRENCY on them"
created() { # what: checks bench_pay_many's lines (status TAB body) on stdin are all 201 and prints field $1 of each
  awk -F '\t' -v what="$2" '$1 != 201 { printf "%s %d answered %s: %.600s\n", what, NR, $1, $2 > "/dev/stderr"; bad = 1; exit }
    { print $2 } END { exit bad }' | jq -er "$1"
}
for _ in $(seq 1 "$TOKENS"); do bench_card_json "$CARD"; echo; done \
  | bench_pay_many "$TOKENIZE_PATH" | created .paymentToken tokenization >"$BENCH_TOKENS_FILE" \
  || die "pre-creating the payment tokens failed"
(( $(wc -l <"$BENCH_TOKENS_FILE") == TOKENS )) || die "expected $TOKENS payment tokens in $BENCH_TOKENS_FILE"
mapfile -t tokens <"$BENCH_TOKENS_FILE"
for i in $(seq 0 $(( TRANSACTIONS - 1 ))); do authorization_json "${tokens[i % TOKENS]}"; done \
  | bench_pay_many "$TRANSACTIONS_PATH" | created .id authorization >"$BENCH_IDS_FILE" \
  || die "pre-creating the transactions failed (server log: $BENCH_REL/server.log)"
(( $(wc -l <"$BENCH_IDS_FILE") == TRANSACTIONS )) || die "expected $TRANSACTIONS transaction ids in $BENCH_IDS_FILE"
log "done: $TOKENS tokens, $TRANSACTIONS transactions"

bench_warmup live "$LIVE_URL" "$BENCH_HOME/live.lua" \
  authorize "$TRANSACTIONS_URL" "$BENCH_HOME/authorize.lua" \
  get-by-id "$TRANSACTIONS_URL" "$BENCH_HOME/transaction-get.lua"

bench_measure_live
bench_measure "POST /api/pay/{projectId}/transactions" "$TRANSACTIONS_URL" "$BENCH_HOME/authorize.lua" authorize
bench_measure "GET /api/pay/{projectId}/transactions?id={id}" "$TRANSACTIONS_URL" "$BENCH_HOME/transaction-get.lua" get-by-id

bench_report "Transactions benchmark" \
  "Authorizations (capture false) of $AMOUNT $CURRENCY on the Simulator, round-robin over $TOKENS payment tokens of card $CARD;" \
  "E16 by id round-robin over $TRANSACTIONS transactions created before the warm-up (the warm-up and the measurement add more to the table)."
