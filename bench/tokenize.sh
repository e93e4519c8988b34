#!/usr/bin/env bash
# Tokenization benchmark: starts its own Payara Micro with the service, sets up a company, a project (with its
# first API key) and a Simulator processor, warms the JVM up, then measures GET /health/live (a trivial endpoint,
# the ceiling of this machine) and POST /api/pay/{projectId}/companyProjectCreditCardPaymentsInfo (E10) with wrk,
# and prints a markdown table. Stops the server it started on exit. See bench/README.md for the knobs; what the
# benchmarks share is in bench/lib.sh.
#
#   bench/tokenize.sh                     # defaults: 240 s warm-up, 30 s per endpoint, 32 connections
#   WARMUP=10 DURATION=5 bench/tokenize.sh   # a quick try (figures 2-3x too low: not for publishing)
set -euo pipefail

BENCH_NAME=tokenize
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

UNIQUE_CARDS=${UNIQUE_CARDS:-0}
bench_check_knobs 2
[[ $UNIQUE_CARDS == 0 || $UNIQUE_CARDS == 1 ]] || die "UNIQUE_CARDS must be 0 or 1"
export UNIQUE_CARDS

bench_prepare

TOKENIZE_PATH=/api/pay/$PROJECT_ID/companyProjectCreditCardPaymentsInfo
TOKENIZE_URL=$BASE$TOKENIZE_PATH

# One request by hand, to say early what the tokenization endpoint answers.
probe_status=$(curl -sS -o "$BENCH_DIR/tokenize-probe.json" -w '%{http_code}' -X POST \
  -H 'Content-Type: application/json' -H 'Accept: application/json' -H "X-API-Key: $API_KEY" \
  --data "$(bench_card_json 4242424242424242)" "$TOKENIZE_URL") || die "POST $TOKENIZE_PATH failed"
if [[ $probe_status == 201 ]]; then
  log "tokenization probe: 201 (token $(jq -r '.maskedCardNumber // .entry.maskedCardNumber // "?"' "$BENCH_DIR/tokenize-probe.json"))"
else
  log "WARNING: tokenization probe answered $probe_status, not 201: its non-2xx column will show it" \
    "($(head -c 200 "$BENCH_DIR/tokenize-probe.json"))"
fi

bench_warmup live "$LIVE_URL" "$BENCH_HOME/live.lua" \
  tokenize "$TOKENIZE_URL" "$BENCH_HOME/tokenize.lua"

bench_measure_live
bench_measure "POST /api/pay/{projectId}/companyProjectCreditCardPaymentsInfo" "$TOKENIZE_URL" "$BENCH_HOME/tokenize.lua" tokenize

cards=$([[ $UNIQUE_CARDS == 1 ]] && echo "a different Luhn-valid Visa number per request" || echo "card 4242424242424242 every time")
bench_report "Tokenization benchmark" "Tokenization with $cards."
