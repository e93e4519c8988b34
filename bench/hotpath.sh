#!/usr/bin/env bash
# The hot-path benchmark (docs/PERFORMANCE.md), in one command: starts the service as the README's run command
# does (Payara Micro, --nohazelcast, context root /, -Xmx512m) on PostgreSQL in a fresh schema of its own, times its
# boots to /health/ready, sets up a company, a project with its API key and a Simulator processor (latency 0),
# tokens and transactions, warms up for WARMUP seconds on every endpoint at once, then measures one after the
# other, at each of LEVELS connections:
#   GET /api/diag/hello                                              our trivial GET: bench/trivial/Hello.java added
#                                                                    to a copy of the WAR (the goals' yardstick)
#   GET /health/live                                                 Payara's health servlet
#   POST /api/pay/{projectId}/companyProjectCreditCardPaymentsInfo   E10, a fresh Luhn-valid card per request
#   POST /api/pay/{projectId}/transactions                           authorization on the Simulator
#   GET /api/pay/{projectId}/transactions?id={id}                    E16 by id
#   GET /api/diag/floor?id={id}, POST /api/diag/floor                the floors: one row read by its key, one row
#   POST /api/diag/floor?id={id}                                     inserted and committed, and the two on one
#                                                                    connection, through the service's pool with
#                                                                    nothing else (bench/trivial/Floor.java)
# Every answer is checked (status and body, bench/report.lua). Prints a table with req/s, p50/p99, non-2xx, bad
# answers, the CPU share of server, PostgreSQL, wrk and other processes, the share of our trivial GET (with the
# goal for it), and the ratio to the Kill Bill figures and to the absolute goals; the server's peak RSS. PROFILE=1 also records a JDK Flight Recorder profile of each
# workload at the highest level and sums it up (bench/jfr-top.sh); QUERIES=1 (default) counts the statements per
# request from the schema's table statistics. See bench/README.md.
#
#   bench/hotpath.sh                              # defaults: 3 boots, 180 s warm-up, 25 s per run: about 12 minutes
#   WARMUP=30 DURATION=10 BOOTS=1 bench/hotpath.sh   # a quick check (figures far too low: not for publishing)
set -euo pipefail

BENCH_NAME=hotpath
PORT=${PORT:-18486}
BENCH_SCHEMA=${BENCH_SCHEMA:-payments_perf}
BENCH_DB=${BENCH_DB:-postgres}
WARMUP=${WARMUP:-180}
DURATION=${DURATION:-25}
# As the run command (pom.xml) and the Dockerfile give it.
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xmx512m}
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

LEVELS=${LEVELS:-16 32}
BOOTS=${BOOTS:-3}
PROFILE=${PROFILE:-0}
QUERIES=${QUERIES:-1}
QUERY_REQUESTS=${QUERY_REQUESTS:-200}
# 1: a statements-only run: the server's own database sessions log every statement (log_statement=all, set through
# the JDBC URL's options: no other session is touched), no warm-up or load; the statements of 10 requests of each
# workload are cut out of PostgreSQL's log (PG_LOG, readable by this user) into statements-<workload>.txt.
STATEMENT_LOG=${STATEMENT_LOG:-0}
# 1 (default): ANALYZE the schema's tables after the data is made and again after the warm-up, as autovacuum's
# autoanalyze does on a default PostgreSQL. This machine's PostgreSQL runs with autovacuum = off: its planner then
# never has statistics, and a prepared statement's generic plan may read E16's transaction through the whole
# (project_id, created_at, id) index instead of the primary key (docs/PERFORMANCE.md). 0: no statistics, as before.
ANALYZE=${ANALYZE:-1}
PG_LOG=${PG_LOG:-/var/log/postgresql/postgresql-15-main.log}
TOKENS=${TOKENS:-100}
TRANSACTIONS=${TRANSACTIONS:-1000}
CARD=4111111111111111
whole_numbers BOOTS TOKENS TRANSACTIONS QUERY_REQUESTS
(( BOOTS >= 1 )) || die "BOOTS must be at least 1"
[[ $PROFILE == 0 || $PROFILE == 1 ]] || die "PROFILE must be 0 or 1"
[[ $QUERIES == 0 || $QUERIES == 1 ]] || die "QUERIES must be 0 or 1"
for level in $LEVELS; do [[ $level =~ ^[1-9][0-9]*$ ]] || die "LEVELS must be connection counts, got '$LEVELS'"; done
CONNECTIONS=$(tr ' ' '\n' <<<"$LEVELS" | sort -n | tail -n 1)
bench_check_knobs 5
bench_profile_options

# The reference figures (docs/PERFORMANCE.md): Kill Bill 0.22.26 on this machine kind at 32 connections, and the goals.
declare -A KILLBILL=([tokenize]=240 [authorize]=157 [get-by-id]=1318)
declare -A GOAL_RPS=([tokenize]=4000 [authorize]=2400 [get-by-id]=4500)
declare -A GOAL_P99=([tokenize]=50 [authorize]=80 [get-by-id]=40)
# The goals: each hot path as a share of our trivial GET, in the same run.
declare -A GOAL_SHARE=([tokenize]=0.35 [authorize]=0.3 [get-by-id]=0.6)
KILLBILL_BOOT="8-14"
GOAL_BOOT=15

# ---- Boots ----------------------------------------------------------------------------------------------------

bench_tools
bench_build
bench_database
# Our trivial GET: the WAR under test plus bench/trivial/Hello.java, served by the service's own application at
# /api/diag/hello with everything the WAR asks of the container per request (as bench/trivial.sh adds it).
rm -rf "$BENCH_DIR/hello"
bench_with_hello "$WAR" "$BENCH_DIR/payments-with-hello.war" "$BENCH_HOME/trivial/Floor.java"
WAR=$BENCH_DIR/payments-with-hello.war
HELLO_URL=$BASE/api/diag/hello
FLOOR_URL=$BASE/api/diag/floor
if [[ $STATEMENT_LOG == 1 ]]; then
  [[ -r $PG_LOG ]] || die "STATEMENT_LOG=1 needs PostgreSQL's log readable at PG_LOG ($PG_LOG)"
  PAYMENTS_DB_URL+="&options=-c%20log_statement%3Dall%20-c%20log_parameter_max_length%3D0&ApplicationName=payments-hotpath"
  BOOTS=1 WARMUP=0 LEVELS= QUERIES=1 QUERY_REQUESTS=10 PROFILE=0
fi
# One data folder for every boot (the master key wraps the keystore: a restart must find the same one).
rm -rf "$BENCH_DIR/data"
export PAYMENTS_DATA_DIR=$BENCH_DIR/data
export UNIQUE_CARDS=1

BOOT_TIMES=()
PLAIN_JAVA_OPTS=$BENCH_JAVA_OPTS
for boot in $(seq 1 "$BOOTS"); do
  # PROFILE=1: the last boot (the server then measured) is recorded too, up to /health/ready.
  [[ $PROFILE == 0 || $boot != "$BOOTS" ]] || BENCH_JAVA_OPTS="$PLAIN_JAVA_OPTS -XX:StartFlightRecording=name=boot,settings=profile"
  bench_start_server
  if [[ $PROFILE == 1 && $boot == "$BOOTS" ]]; then
    jcmd "$SERVER_PID" JFR.stop name=boot filename="$BENCH_DIR/profile-boot.jfr" >/dev/null || log "WARNING: no boot profile"
  fi
  BENCH_JAVA_OPTS=$PLAIN_JAVA_OPTS
  BOOT_TIMES+=("$BOOT_SECONDS")
  cp "$SERVER_LOG" "$BENCH_DIR/server-boot-$boot.log"
  log "boot $boot: $BOOT_SECONDS s to /health/ready ($([[ $boot == 1 ]] && echo 'first start: empty schema, keys generated' || echo 'restart: schema and keys in place'))"
  (( boot == BOOTS )) || bench_stop_server
done
FIRST_BOOT=${BOOT_TIMES[0]}
RESTART_MEDIAN=$(printf '%s\n' "${BOOT_TIMES[@]:1}" | sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
RSS_AFTER_BOOT=$(awk '/^VmRSS/ { printf "%d", $2 / 1024 }' "/proc/$SERVER_PID/status")

bench_setup_project

# ---- Data and probes ------------------------------------------------------------------------------------------

TOKENIZE_PATH=/api/pay/$PROJECT_ID/companyProjectCreditCardPaymentsInfo
TOKENIZE_URL=$BASE$TOKENIZE_PATH
TRANSACTIONS_PATH=/api/pay/$PROJECT_ID/transactions
TRANSACTIONS_URL=$BASE$TRANSACTIONS_PATH
export BENCH_TOKENS_FILE=$BENCH_DIR/tokens.txt BENCH_IDS_FILE=$BENCH_DIR/transaction-ids.txt BENCH_AMOUNT=12.34 \
  BENCH_CURRENCY=USD
authorization_json() { jq -nc --arg t "$1" '{paymentToken: $t, amount: 12.34, currency: "USD"}'; }
created() { # field what: checks bench_pay_many's lines (status TAB body) are all 201 and prints the field of each
  awk -F '\t' -v what="$2" '$1 != 201 { printf "%s %d answered %s: %.600s\n", what, NR, $1, $2 > "/dev/stderr"; bad = 1; exit }
    { print $2 } END { exit bad }' | jq -er "$1"
}

log "tokenizing $TOKENS cards and authorizing $TRANSACTIONS transactions on them"
for _ in $(seq 1 "$TOKENS"); do bench_card_json "$CARD"; echo; done \
  | bench_pay_many "$TOKENIZE_PATH" | created .paymentToken tokenization >"$BENCH_TOKENS_FILE" \
  || die "pre-creating the payment tokens failed"
mapfile -t tokens <"$BENCH_TOKENS_FILE"
for i in $(seq 0 $(( TRANSACTIONS - 1 ))); do authorization_json "${tokens[i % TOKENS]}"; done \
  | bench_pay_many "$TRANSACTIONS_PATH" | created .id authorization >"$BENCH_IDS_FILE" \
  || die "pre-creating the transactions failed (server log: $BENCH_REL/server.log)"
(( $(wc -l <"$BENCH_IDS_FILE") == TRANSACTIONS )) || die "expected $TRANSACTIONS transaction ids"
id=$(head -n 1 "$BENCH_IDS_FILE")
bench_pay 200 GET "$TRANSACTIONS_PATH?id=$id" | jq -e --arg id "$id" '(.entries | length) == 1 and .entries[0].id == $id' \
  >/dev/null || die "E16 by id did not answer transaction $id"
# The wrk scripts check every answer by a piece of its text: make sure that text is what the service writes.
for probe in "tokenize|$TOKENIZE_PATH|$(bench_card_json 4012888888881881)|\"paymentToken\":\"tok_" \
  "authorize|$TRANSACTIONS_PATH|$(authorization_json "${tokens[0]}")|\"status\":\"Approved\""; do
  IFS='|' read -r name path body text <<<"$probe"
  answer=$(bench_pay 201 POST "$path" "$body")
  grep -qF "$text" <<<"$answer" || die "the $name answer lacks $text, which its wrk script checks: $(head -c 300 <<<"$answer")"
done
grep -qF '"success":true' <<<"$(bench_pay 200 GET "$TRANSACTIONS_PATH?id=$id")" || die "E16's answer lacks \"success\":true"
grep -qF '"UP"' <<<"$(curl -fsS "$LIVE_URL")" || die "/health/live does not answer UP"
grep -qF '"greeting":"hello"' <<<"$(curl -fsS "$HELLO_URL")" || die "GET /api/diag/hello did not answer hello"
grep -qF '"floor":"read"' <<<"$(curl -fsS "$FLOOR_URL?id=$id")" || die "GET /api/diag/floor did not read transaction $id"
grep -qF '"floor":"written"' <<<"$(curl -fsS -X POST "$FLOOR_URL")" || die "POST /api/diag/floor did not write"
grep -qF '"floor":"read-written"' <<<"$(curl -fsS -X POST "$FLOOR_URL?id=$id")" \
  || die "POST /api/diag/floor?id= did not read transaction $id and write"
log "data: $TOKENS tokens, $TRANSACTIONS transactions; probes answered as the wrk scripts expect"

analyze_schema() { # what autovacuum's autoanalyze would have done by now (ANALYZE=1, PostgreSQL only)
  [[ $ANALYZE == 1 && ${PAYMENTS_DB_URL:-} == *"currentSchema=$BENCH_SCHEMA"* ]] || return 0
  printf "SELECT format('ANALYZE %%I.%%I', schemaname, tablename) FROM pg_tables WHERE schemaname = '%s' \\gexec\n" \
    "$BENCH_SCHEMA" | psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -v ON_ERROR_STOP=1 -Atq \
    >/dev/null || die "ANALYZE of schema $BENCH_SCHEMA failed"
  log "statistics: ANALYZE of every table of $BENCH_SCHEMA ($1)"
}
analyze_schema "after the data"

# ---- Warm-up and measurements ---------------------------------------------------------------------------------

CONNECTIONS=$(tr ' ' '\n' <<<"$LEVELS" | sort -n | tail -n 1)
bench_warmup hello "$HELLO_URL" "$BENCH_HOME/hello.lua" \
  live "$LIVE_URL" "$BENCH_HOME/live.lua" \
  tokenize "$TOKENIZE_URL" "$BENCH_HOME/tokenize.lua" \
  authorize "$TRANSACTIONS_URL" "$BENCH_HOME/authorize.lua" \
  get-by-id "$TRANSACTIONS_URL" "$BENCH_HOME/transaction-get.lua" \
  floor-read "$FLOOR_URL" "$BENCH_HOME/floor-read.lua" \
  floor-write "$FLOOR_URL" "$BENCH_HOME/floor-write.lua" \
  floor-readwrite "$FLOOR_URL" "$BENCH_HOME/floor-readwrite.lua"
analyze_schema "after the warm-up"

jfr_start() { [[ $PROFILE == 1 && $CONNECTIONS == "$TOP_LEVEL" ]] || return 0
  jcmd "$SERVER_PID" JFR.start name="$1" settings=profile >/dev/null || die "JFR.start failed"; }
jfr_stop() { [[ $PROFILE == 1 && $CONNECTIONS == "$TOP_LEVEL" ]] || return 0
  jcmd "$SERVER_PID" JFR.stop name="$1" filename="$BENCH_DIR/profile-$1.jfr" >/dev/null || die "JFR.stop failed"; }
TOP_LEVEL=$CONNECTIONS

ROW_WORKLOAD=()
ROW_LEVEL=()
for level in $LEVELS; do
  CONNECTIONS=$level
  [[ $STATEMENT_LOG == 0 ]] || break
  for workload in hello live tokenize authorize get-by-id floor-read floor-write floor-readwrite; do
    case $workload in
      hello) label="GET /api/diag/hello (our trivial GET)"; url=$HELLO_URL; script=hello.lua ;;
      live) label="GET /health/live"; url=$LIVE_URL; script=live.lua ;;
      tokenize) label="E10 tokenize (fresh card)"; url=$TOKENIZE_URL; script=tokenize.lua ;;
      authorize) label="authorize (Simulator, 0 ms)"; url=$TRANSACTIONS_URL; script=authorize.lua ;;
      get-by-id) label="E16 by id"; url=$TRANSACTIONS_URL; script=transaction-get.lua ;;
      floor-read) label="floor: one row read by its key (Floor.java)"; url=$FLOOR_URL; script=floor-read.lua ;;
      floor-write) label="floor: one row inserted and committed (Floor.java)"; url=$FLOOR_URL; script=floor-write.lua ;;
      floor-readwrite) label="floor: one row read by its key, then one inserted (Floor.java)"; url=$FLOOR_URL
        script=floor-readwrite.lua ;;
    esac
    jfr_start "$workload"
    bench_measure "$label" "$url" "$BENCH_HOME/$script" "$workload-c$level"
    jfr_stop "$workload"
    ROW_WORKLOAD+=("$workload")
    ROW_LEVEL+=("$level")
  done
done
PEAK_RSS=$(awk '/^VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$SERVER_PID/status")
HEAP_ERRORS=$(grep -c 'OutOfMemoryError' "$SERVER_LOG" || true)

# ---- Statements per request -----------------------------------------------------------------------------------

# The schema is this server's alone: the growth of its tables' statistics over QUERY_REQUESTS requests, one at a
# time, says what each request reads and writes (index and sequential scans, rows inserted and updated; a foreign
# key check on insert counts as an index read of the referenced table). The report tables are left out: the
# periodic report sync (every 60 s by default) writes them whatever the requests do.
table_stats() {
  psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -AtF ' ' -c \
    "select relname, coalesce(idx_scan, 0), coalesce(seq_scan, 0), n_tup_ins, n_tup_upd, n_tup_del
       from pg_stat_user_tables where schemaname = '$BENCH_SCHEMA' and relname not like 'report%' order by relname" >"$1"
}
QUERY_LINES=()
if [[ $QUERIES == 1 && -n ${PAYMENTS_DB_URL:-} && ${PAYMENTS_DB_URL} == *"currentSchema=$BENCH_SCHEMA"* ]]; then
  log "counting table accesses over $QUERY_REQUESTS requests of each workload, one at a time"
  for workload in tokenize authorize get-by-id; do
    case $workload in
      tokenize) requests() { for _ in $(seq 1 "$QUERY_REQUESTS"); do bench_card_json "$CARD"; echo; done \
                  | bench_pay_many "$TOKENIZE_PATH"; } ;;
      authorize) requests() { for i in $(seq 1 "$QUERY_REQUESTS"); do authorization_json "${tokens[i % TOKENS]}"; done \
                  | bench_pay_many "$TRANSACTIONS_PATH"; } ;;
      get-by-id) requests() { local separator=; head -n "$QUERY_REQUESTS" "$BENCH_IDS_FILE" | while IFS= read -r tid; do
                    printf '%surl = "%s?id=%s"\nheader = "X-API-Key: %s"\nwrite-out = "\\t%%{http_code}\\n"\nsilent\n' \
                      "$separator" "$TRANSACTIONS_URL" "$tid" "$API_KEY"
                    separator=$'next\n'
                  done | curl -K - | awk -F '\t' '{ print $NF }'; } ;;
    esac
    # Backends publish their counts when idle, at most every 10 s (PostgreSQL 15): wait for it on both sides.
    sleep 11
    table_stats "$BENCH_DIR/tables-before-$workload.txt"
    log_start=$(( $(stat -c %s "$PG_LOG" 2>/dev/null || echo 0) + 1 ))
    requests | awk -F '\t' '$1 !~ /^20[01]$/ { bad++ } END { exit bad > 0 }' || log "WARNING: some $workload requests did not succeed"
    sleep 11
    table_stats "$BENCH_DIR/tables-after-$workload.txt"
    if [[ $STATEMENT_LOG == 1 ]]; then
      # This server's sessions only (log_statement is set on them alone); bound values are left out of the file.
      tail -c +"$log_start" "$PG_LOG" | grep -E 'LOG:  (execute [^:]*|statement): ' | grep -v 'pg_stat_user_tables' \
        | sed -E 's/^.*LOG:  (execute [^:]*|statement): //' >"$BENCH_DIR/statements-$workload.txt" || true
      QUERY_LINES+=("$workload: $(awk -v n="$QUERY_REQUESTS" 'END { printf "%.1f", NR / n }' "$BENCH_DIR/statements-$workload.txt") statements per request logged ($BENCH_REL/statements-$workload.txt, by frequency: sort | uniq -c)")
    fi
    QUERY_LINES+=("$(awk -v n="$QUERY_REQUESTS" -v w="$workload" '
      NR == FNR { i[$1] = $2; s[$1] = $3; ins[$1] = $4; up[$1] = $5; next }
      { di = $2 - i[$1]; ds = $3 - s[$1]; dn = $4 - ins[$1]; du = $5 - up[$1]
        if (di + ds + dn + du > 0) {
          part = sprintf("%s %s", $1, "")
          if (di > 0) part = part sprintf("%.1f index reads ", di / n)
          if (ds > 0) part = part sprintf("%.1f scans ", ds / n)
          if (dn > 0) part = part sprintf("%.1f inserts ", dn / n)
          if (du > 0) part = part sprintf("%.1f updates ", du / n)
          sub(/ $/, "", part); parts = parts (parts == "" ? "" : "; ") part
          reads += di + ds; writes += dn + du } }
      END { printf "%s: %.1f table reads and %.1f row writes per request (%s)", w, reads / n, writes / n, parts }' \
      "$BENCH_DIR/tables-before-$workload.txt" "$BENCH_DIR/tables-after-$workload.txt")")
  done
fi

bench_stop_server

# ---- Profiles -------------------------------------------------------------------------------------------------

if [[ $PROFILE == 1 ]]; then
  for workload in boot hello live tokenize authorize get-by-id floor-read floor-write floor-readwrite; do
    [[ -f $BENCH_DIR/profile-$workload.jfr ]] || continue
    "$BENCH_HOME/jfr-top.sh" "$BENCH_DIR/profile-$workload.jfr" >"$BENCH_DIR/profile-$workload.txt" \
      || log "WARNING: could not sum up profile-$workload.jfr"
  done
fi

# ---- The table ------------------------------------------------------------------------------------------------

if [[ -n ${BENCH_COMMIT:-} ]]; then
  commit=$BENCH_COMMIT # bench/compare.sh: the commit the WAR under test was built from
else
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  git diff --quiet HEAD -- src pom.xml liquibase 2>/dev/null || commit="$commit (with local changes)"
fi
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
{
  echo
  echo "### Hot-path benchmark, $(date '+%Y-%m-%d %H:%M %Z'), commit $commit"
  echo
  echo "Machine: nproc $(nproc), $(java -version 2>&1 | head -n 1); Payara Micro $PAYARA_VERSION (--nohazelcast --maxHttpThreads $HTTP_THREADS $MICRO_OPTS, $BENCH_JAVA_OPTS);" \
    "database: $DB_DESCRIPTION; Simulator latency 0 ms."
  echo "${WARMUP_DESCRIPTION:-Warm-up: none.}"
  echo "Then $DURATION s per run, one after the other on the same server: wrk -t$THREADS -c<level> --latency, levels $LEVELS."
  echo "Every answer checked: /api/diag/hello 200 hello, /health/live 200 UP, E10 201 with a token (a new Luhn-valid card each request), authorize 201"
  echo "Approved (round-robin over $TOKENS tokens), E16 200 success (round-robin over $TRANSACTIONS transactions made before the warm-up)."
  (( WARMUP >= 180 )) || echo "Short warm-up: expect figures 2-3x below a warmed-up JVM."
  echo
  echo "| workload | conns | req/s | % of live | x our trivial GET (goal) | p50 ms | p99 ms | non-2xx | bad answers | CPU server/PG/wrk/other % | x Kill Bill (c32) | goal |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  for i in "${!ROW_LABELS[@]}"; do
    live_rps= hello_rps=
    for j in "${!ROW_LABELS[@]}"; do
      [[ ${ROW_WORKLOAD[$j]} == live && ${ROW_LEVEL[$j]} == "${ROW_LEVEL[$i]}" ]] && live_rps=${ROW_RPS[$j]}
      [[ ${ROW_WORKLOAD[$j]} == hello && ${ROW_LEVEL[$j]} == "${ROW_LEVEL[$i]}" ]] && hello_rps=${ROW_RPS[$j]}
    done
    w=${ROW_WORKLOAD[$i]}
    kb=-; goal=-; share=-
    if [[ -n ${KILLBILL[$w]:-} ]]; then
      kb="$(ratio "${ROW_RPS[$i]}" "${KILLBILL[$w]}") (of ${KILLBILL[$w]})"
      goal="$(ratio "${ROW_RPS[$i]}" "${GOAL_RPS[$w]}") of >= ${GOAL_RPS[$w]}, p99 < ${GOAL_P99[$w]} ms"
      share="$(ratio "${ROW_RPS[$i]}" "$hello_rps") (>= ${GOAL_SHARE[$w]})"
    elif [[ $w == floor-* ]]; then
      share="$(ratio "${ROW_RPS[$i]}" "$hello_rps")"
    fi
    printf '| %s | %s | %.0f | %s%% | %s | %s | %s | %s | %s | %s | %s | %s |\n' "${ROW_LABELS[$i]}" "${ROW_LEVEL[$i]}" \
      "${ROW_RPS[$i]}" "$(awk -v r="${ROW_RPS[$i]}" -v l="$live_rps" 'BEGIN { printf "%.0f", (l > 0) ? r * 100 / l : 0 }')" \
      "$share" "${ROW_P50[$i]}" "${ROW_P99[$i]}" "${ROW_NON2XX[$i]}" "${ROW_BAD[$i]}" "${ROW_CPU[$i]// //}" "$kb" "$goal"
  done
  echo "| boot to /health/ready, first start | - | ${FIRST_BOOT} s | | | | | | | | Kill Bill $KILLBILL_BOOT s | <= $GOAL_BOOT s |"
  echo "| boot to /health/ready, restart (median of $(( BOOTS - 1 ))) | - | ${RESTART_MEDIAN} s | | | | | | | | Kill Bill $KILLBILL_BOOT s | <= $GOAL_BOOT s |"
  echo
  echo "Boots: ${BOOT_TIMES[*]} s (the first on an empty schema: migrations and key generation). Phases from each boot's log:"
  for boot in $(seq 1 "$BOOTS"); do
    # Payara's own milestones: the runtime (Hazelcast, Grizzly...), the deployment of the WAR, the schema check.
    printf -- '- boot %s: %s\n' "$boot" "$(grep -ohE 'startup time : [^[]*|payments was successfully deployed in [0-9,]+ milliseconds|Database schema is up to date[^(]*\([0-9]+ ms\)|ready in [0-9,]+ \(ms\)' \
      "$BENCH_DIR/server-boot-$boot.log" | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
  done
  # Each hot path against its floor: the least database work of its kind through the same pool, same run.
  floors=
  for level in $LEVELS; do
    declare -A at=()
    for j in "${!ROW_LABELS[@]}"; do [[ ${ROW_LEVEL[$j]} == "$level" ]] && at[${ROW_WORKLOAD[$j]}]=${ROW_RPS[$j]}; done
    [[ -n ${at[floor-read]:-} && -n ${at[floor-write]:-} && -n ${at[floor-readwrite]:-} ]] || continue
    floors+="c$level: E16 by id $(ratio "${at[get-by-id]:-0}" "${at[floor-read]}")x the read floor; tokenize $(ratio "${at[tokenize]:-0}" "${at[floor-write]}")x and authorize $(ratio "${at[authorize]:-0}" "${at[floor-write]}")x the write floor; tokenize $(ratio "${at[tokenize]:-0}" "${at[floor-readwrite]}")x and authorize $(ratio "${at[authorize]:-0}" "${at[floor-readwrite]}")x the read-then-write floor. "
    unset at
  done
  [[ -z $floors ]] || echo "Against the floors (Floor.java: one row read by its key; one row inserted and committed; the two on one connection; nothing else): $floors"
  echo "Server memory ($BENCH_JAVA_OPTS): RSS $RSS_AFTER_BOOT MB after boot, peak RSS (VmHWM) $PEAK_RSS MB; OutOfMemoryError in the log: $HEAP_ERRORS."
  [[ -z $BUSY_MACHINE ]] || echo "WARNING: other processes used more than 5% of the CPU in some runs: the machine was not quiet, absolute figures are low; compare with /health/live of the same run."
  if (( ${#QUERY_LINES[@]} > 0 )); then
    echo
    echo "Table accesses per request (pg_stat_user_tables of schema $BENCH_SCHEMA over $QUERY_REQUESTS sequential requests each;"
    echo "the periodic report sync also reads transaction_events and transactions in the meantime: STATEMENT_LOG=1 gives the exact statements):"
    printf -- '- %s\n' "${QUERY_LINES[@]}"
  fi
  if [[ $PROFILE == 1 ]]; then
    echo
    echo "Profiles (JFR, settings=profile, during the c$TOP_LEVEL runs): $BENCH_REL/profile-*.jfr, summed up in $BENCH_REL/profile-*.txt."
  fi
  echo
} | tee "$BENCH_DIR/results.md"
log "table saved to $BENCH_REL/results.md; wrk outputs in $BENCH_REL/wrk-*.txt, server logs in $BENCH_REL/server*.log"
