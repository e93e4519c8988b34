#!/usr/bin/env bash
# The card files benchmark, in one command, on PostgreSQL: makes a ROWS-row card file (random Luhn-valid cards of
# known brands, unique references, expiries in the future, a cardholder name: bench/cardfiles.awk), encrypts it with
# GnuPG to the project's FileContentPGPKey (its public key from the key list), then on one server it starts itself
# (-Xmx512m, as the run command):
#   - E10 tokenize at 32 connections and at 1 (the single-request rate), after a warm-up;
#   - E16 by id and E10 tokenize at a modest rate (E16_CONNECTIONS connections, each pausing E16_DELAY_MS between
#     requests), idle;
#   - the import: POST /api/pay/{projectId}/cardFiles, polled until it ends, first alone (the rate the goals use),
#     then the same message again as a second file with E16 at the same modest rate
#     running all along, and the server's peak RSS (VmHWM reset at the upload, and VmRSS sampled);
#   - the same message a third time, as a third file, with E10 tokenize at the same modest rate running all along
#     (after the export, so that the export's figure covers the first two files' tokens only);
#   - the floor: PostgreSQL COPY of the imported tokens, already sealed, into an empty copy of payment_tokens with
#     its indexes (CREATE TABLE ... (LIKE payment_tokens INCLUDING ALL)), timed;
#   - the export (POST /api/adm/cardExports) of every active token of the project, to a recipient key made here,
#     timed from the request to the file downloaded, and read back with gpg.
# Prints one table with the issue's goals beside the figures (target/bench/cardfiles/results.md). PROFILE=1 records
# the import with JDK Flight Recorder and sums it up (bench/jfr-top.sh). See bench/README.md.
#
#   bench/cardfiles.sh                       # 1,000,000 rows
#   ROWS=50000 WARMUP=30 bench/cardfiles.sh  # a quick try
#   WIDE=1 ROWS=750000 GPG_COMPRESS=none bench/cardfiles.sh  # a 1 GB message: every column at its full width
set -euo pipefail

BENCH_NAME=cardfiles
PORT=${PORT:-18495}
BENCH_SCHEMA=${BENCH_SCHEMA:-payments_cardfiles}
BENCH_DB=${BENCH_DB:-postgres}
WARMUP=${WARMUP:-120}
DURATION=${DURATION:-20}
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xmx512m}
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ROWS=${ROWS:-1000000}
SEED=${SEED:-$RANDOM}
E16_CONNECTIONS=${E16_CONNECTIONS:-8}
E16_DELAY_MS=${E16_DELAY_MS:-20}
TOKENS=${TOKENS:-20}
TRANSACTIONS=${TRANSACTIONS:-500}
IMPORT_TIMEOUT=${IMPORT_TIMEOUT:-7200}
PROFILE=${PROFILE:-0}
KEEP_FILES=${KEEP_FILES:-0}
WIDE=${WIDE:-0}                 # 1: every optional column too, each at its full width (about 1.5 KiB a row)
GPG_COMPRESS=${GPG_COMPRESS:-}  # none: gpg --compress-algo none (the message as large as the CSV)
DROP_SCHEMA=${DROP_SCHEMA:-1}
ALONE_ONLY=${ALONE_ONLY:-0}   # 1: only E10, the import alone and its floor (an A/B step)
whole_numbers ROWS SEED E16_CONNECTIONS E16_DELAY_MS TOKENS TRANSACTIONS IMPORT_TIMEOUT
(( ROWS >= 1 && TOKENS >= 1 && TRANSACTIONS >= 1 && E16_CONNECTIONS >= 1 )) \
  || die "ROWS, TOKENS, TRANSACTIONS and E16_CONNECTIONS must be at least 1"
for knob in PROFILE KEEP_FILES DROP_SCHEMA ALONE_ONLY; do [[ ${!knob} == 0 || ${!knob} == 1 ]] || die "$knob must be 0 or 1"; done
CONNECTIONS=32
bench_check_knobs 2
bench_profile_options

# The goals of the card files issue.
GOAL_FLOOR=0.5      # import rows/s >= 0.5x the COPY floor
GOAL_SINGLE=25      # import rows/s >= 25x E10's single-request rate (1 connection)
GOAL_EXPORT=10      # export rows/s >= 10x E10's rate
GOAL_RSS=768        # peak RSS < 768 MB with -Xmx512m
GOAL_P99=2          # E16 p99 during the import <= 2x idle

need gpg gnupg
need psql postgresql-client
bench_tools
mkdir -p "$BENCH_DIR"
rm -f "$BENCH_DIR"/*.txt "$BENCH_DIR"/*.jfr "$BENCH_DIR/results.md"

# ---- The card file's CSV (before the server starts: the machine is quiet for nothing else) ----------------------

CSV=$BENCH_DIR/cards.csv
MESSAGE=$BENCH_DIR/cards.csv.gpg
AWK=$(command -v mawk || command -v awk) # mawk writes the rows about twice as fast as gawk
log "writing $ROWS card rows ($(basename "$AWK"), seed $SEED) to $BENCH_REL/cards.csv"
started=$(date +%s.%N)
"$AWK" -v rows="$ROWS" -v seed="$SEED" -v prefix="bench$SEED" -v year="$(date +%Y)" -v wide="$WIDE" -f "$BENCH_HOME/cardfiles.awk" >"$CSV"
CSV_SECONDS=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
(( $(wc -l <"$CSV") == ROWS + 1 )) || die "the CSV has $(wc -l <"$CSV") lines, expected $(( ROWS + 1 ))"
log "CSV: $(( $(stat -c %s "$CSV") / 1048576 )) MiB in $CSV_SECONDS s"

# ---- Server, project, keys, data ------------------------------------------------------------------------------

bench_build
bench_database
[[ -n ${PAYMENTS_DB_URL:-} && $PAYMENTS_DB_URL == jdbc:postgresql:* ]] || die "this benchmark needs PostgreSQL (the COPY floor)"
PSQL=(psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" -v ON_ERROR_STOP=1 -Atq)
bench_start_server
bench_setup_project

admin_login() {
  ADMIN_TOKEN=$(curl -fsS -X POST "$BASE/api/auth/token" --data-urlencode grant_type=password \
    --data-urlencode "username=$BENCH_ADMIN_EMAIL" --data-urlencode "password=$BENCH_ADMIN_PASSWORD" | jq -er .access_token) \
    || die "login of $BENCH_ADMIN_EMAIL failed"
}
admin_login
FILE_KEY_ID=$(bench_admin 201 POST /api/adm/companyProjectKeys \
  "$(jq -nc --arg p "$PROJECT_ID" '{companyProjectId: $p, type: "FileContentPGPKey", name: "bench card files"}')" | jq -er .id)
bench_admin 200 GET "/api/adm/companyProjectKeys?CompanyProjectId=$PROJECT_ID&limit=1000" \
  | jq -er --arg k "$FILE_KEY_ID" '.entries[] | select(.id == $k) | .publicKey' >"$BENCH_DIR/file-key.asc" \
  || die "no public key for FileContentPGPKey $FILE_KEY_ID in the key list"
ADMIN_TOKEN=

# GnuPG, as a merchant runs it: the key from the list, the file encrypted to it (gpg's defaults: compressed, unless
# GPG_COMPRESS says otherwise).
GNUPGHOME=$BENCH_DIR/gnupg
rm -rf "$GNUPGHOME"
mkdir -m 700 "$GNUPGHOME"
export GNUPGHOME
gpg_stop() { gpgconf --kill all >/dev/null 2>&1 || true; } # the agent this script's gpg may have started
gpg --batch --quiet --import "$BENCH_DIR/file-key.asc" 2>"$BENCH_DIR/gpg.log" || { cat "$BENCH_DIR/gpg.log" >&2; die "gpg --import failed"; }
log "encrypting the CSV with gpg to project-$PROJECT_ID (FileContentPGPKey $FILE_KEY_ID)"
started=$(date +%s.%N)
gpg --batch --yes --trust-model always ${GPG_COMPRESS:+--compress-algo "$GPG_COMPRESS"} --encrypt -r "project-$PROJECT_ID" \
  -o "$MESSAGE" "$CSV" 2>>"$BENCH_DIR/gpg.log" \
  || { gpg_stop; cat "$BENCH_DIR/gpg.log" >&2; die "gpg --encrypt failed"; }
GPG_SECONDS=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
gpg_stop
MESSAGE_BYTES=$(stat -c %s "$MESSAGE")
log "message: $(( MESSAGE_BYTES / 1024 )) KiB in $GPG_SECONDS s"
[[ $KEEP_FILES == 1 ]] || rm -f "$CSV" # clear card numbers (random ones) stay on disk no longer than needed

TOKENIZE_URL=$BASE/api/pay/$PROJECT_ID/companyProjectCreditCardPaymentsInfo
TRANSACTIONS_PATH=/api/pay/$PROJECT_ID/transactions
TRANSACTIONS_URL=$BASE$TRANSACTIONS_PATH
FILES_PATH=/api/pay/$PROJECT_ID/cardFiles
export BENCH_IDS_FILE=$BENCH_DIR/transaction-ids.txt UNIQUE_CARDS=1 BENCH_DELAY_MS=$E16_DELAY_MS
created() { # field what: bench_pay_many's lines (status TAB body) must all be 201; prints the field of each
  awk -F '\t' -v what="$2" '$1 != 201 { printf "%s %d answered %s: %.600s\n", what, NR, $1, $2 > "/dev/stderr"; bad = 1; exit }
    { print $2 } END { exit bad }' | jq -er "$1"
}
log "tokenizing $TOKENS cards and authorizing $TRANSACTIONS transactions on them (E16's ids)"
for _ in $(seq 1 "$TOKENS"); do bench_card_json 4111111111111111; echo; done \
  | bench_pay_many "/api/pay/$PROJECT_ID/companyProjectCreditCardPaymentsInfo" | created .paymentToken tokenization \
  >"$BENCH_DIR/tokens.txt" || die "pre-creating the payment tokens failed"
mapfile -t tokens <"$BENCH_DIR/tokens.txt"
for i in $(seq 0 $(( TRANSACTIONS - 1 ))); do
  jq -nc --arg t "${tokens[i % TOKENS]}" '{paymentToken: $t, amount: 12.34, currency: "USD"}'
done | bench_pay_many "$TRANSACTIONS_PATH" | created .id authorization >"$BENCH_IDS_FILE" \
  || die "pre-creating the transactions failed (server log: $BENCH_REL/server.log)"
grep -qF '"success":true' <<<"$(bench_pay 200 GET "$TRANSACTIONS_PATH?id=$(head -n 1 "$BENCH_IDS_FILE")")" \
  || die "E16's answer lacks \"success\":true"

analyze_schema() { # what autovacuum's autoanalyze would have done (this machine's PostgreSQL runs without it)
  printf "SELECT format('ANALYZE %%I.%%I', schemaname, tablename) FROM pg_tables WHERE schemaname = '%s' \\gexec\n" \
    "$BENCH_SCHEMA" | "${PSQL[@]}" >/dev/null || die "ANALYZE of schema $BENCH_SCHEMA failed"
}
analyze_schema

# ---- E10 and E16 before the import -----------------------------------------------------------------------------

bench_warmup tokenize "$TOKENIZE_URL" "$BENCH_HOME/tokenize.lua" get-by-id "$TRANSACTIONS_URL" "$BENCH_HOME/transaction-get.lua"
analyze_schema
row_of() { local i; for i in "${!ROW_LABELS[@]}"; do [[ ${ROW_LABELS[$i]} == "$1" ]] && { echo "$i"; return; }; done; echo -1; }
CONNECTIONS=32 THREADS=2
bench_measure "E10 tokenize, 32 connections" "$TOKENIZE_URL" "$BENCH_HOME/tokenize.lua" tokenize-c32
CONNECTIONS=1 THREADS=1
bench_measure "E10 tokenize, 1 connection" "$TOKENIZE_URL" "$BENCH_HOME/tokenize.lua" tokenize-c1
CONNECTIONS=$E16_CONNECTIONS THREADS=1
bench_measure "E16 by id, idle" "$TRANSACTIONS_URL" "$BENCH_HOME/transaction-get-paced.lua" e16-idle
bench_measure "E10 tokenize paced, idle" "$TOKENIZE_URL" "$BENCH_HOME/tokenize-paced.lua" tokenize-paced-idle

floor_of() { # file-id: sets FLOOR_ROWS, FLOOR_SECONDS, FLOOR_RPS, FLOOR_INDEXES, FLOOR_CPU_TICKS
  log "the floor: COPY of the imported tokens of file $1 into an empty copy of payment_tokens with its indexes"
  export PGOPTIONS="-c search_path=$BENCH_SCHEMA"
  "${PSQL[@]}" -c "DROP TABLE IF EXISTS bench_floor_tokens" \
    -c "CREATE TABLE bench_floor_tokens (LIKE payment_tokens INCLUDING ALL)" >/dev/null
  "${PSQL[@]}" -c "\\copy (SELECT * FROM payment_tokens WHERE card_file_id = '$1') TO '$BENCH_DIR/floor-tokens.copy'" \
    || die "COPY of the imported tokens out failed"
  FLOOR_INDEXES=$("${PSQL[@]}" -c "SELECT count(*) FROM pg_indexes WHERE schemaname = '$BENCH_SCHEMA' AND tablename = 'bench_floor_tokens'")
  postgres_snapshot "$BENCH_DIR/postgres-before.txt"
  children_ticks children0
  started=$(date +%s.%N)
  "${PSQL[@]}" -c "\\copy bench_floor_tokens FROM '$BENCH_DIR/floor-tokens.copy'" || die "COPY into bench_floor_tokens failed"
  FLOOR_SECONDS=$(seconds_between "$started" "$(date +%s.%N)")
  postgres_snapshot "$BENCH_DIR/postgres-after.txt"
  children_ticks children1
  FLOOR_CPU_TICKS=$(( $(postgres_ticks "$BENCH_DIR/postgres-before.txt" "$BENCH_DIR/postgres-after.txt") + children1 - children0 ))
  FLOOR_ROWS=$("${PSQL[@]}" -c "SELECT count(*) FROM bench_floor_tokens")
  FLOOR_RPS=$(per_second "$FLOOR_ROWS" "$FLOOR_SECONDS")
  "${PSQL[@]}" -c "DROP TABLE bench_floor_tokens" >/dev/null
  rm -f "$BENCH_DIR/floor-tokens.copy"
  unset PGOPTIONS
  log "floor: $FLOOR_ROWS rows in $FLOOR_SECONDS s ($FLOOR_RPS rows/s, $FLOOR_INDEXES indexes)"
}

# Uploads the message as a new file and polls it until it ends: NAME names its JSON files; sets IMPORTED_ID,
# IMPORTED_TOKENIZED, IMPORTED_SECONDS (receivedAt to finishedAt) and IMPORTED_RPS.
import_file() {
  local name=$1 status started state
  status=$(curl -sS -o "$BENCH_DIR/upload-$name.json" -w '%{http_code}' -X POST -T "$MESSAGE" \
    -H 'Content-Type: application/pgp-encrypted' -H 'Accept: application/json' -H "X-API-Key: $API_KEY" \
    "$BASE$FILES_PATH") || die "POST $FILES_PATH failed"
  [[ $status == 202 ]] || die "POST $FILES_PATH answered $status: $(head -c 600 "$BENCH_DIR/upload-$name.json")"
  IMPORTED_ID=$(jq -er .id "$BENCH_DIR/upload-$name.json")
  started=$SECONDS
  while :; do
    bench_pay 200 GET "$FILES_PATH/$IMPORTED_ID" >"$BENCH_DIR/file-$name.json"
    state=$(jq -er .entry.state "$BENCH_DIR/file-$name.json")
    [[ $state == Succeeded || $state == Failed ]] && break
    (( SECONDS - started <= IMPORT_TIMEOUT )) || die "the card file did not end within $IMPORT_TIMEOUT s (IMPORT_TIMEOUT)"
    sleep 0.5
  done
  [[ $state == Succeeded ]] || die "the card file ($name) ended $state: $(jq -r .entry.failure "$BENCH_DIR/file-$name.json")"
  local received finished
  read -r IMPORTED_TOKENIZED received finished < <(jq -r \
    '.entry | "\(.tokenized) \(.receivedAt) \(.finishedAt)"' "$BENCH_DIR/file-$name.json")
  IMPORTED_SECONDS=$(seconds_between "$(epoch "$received")" "$(epoch "$finished")")
  IMPORTED_RPS=$(per_second "$IMPORTED_TOKENIZED" "$IMPORTED_SECONDS")
}

# ---- The import alone ------------------------------------------------------------------------------------------

epoch() { date -d "$1" +%s.%N; }
seconds_between() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
per_second() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print 0 }'; }

# The file imported with nothing else running: the rate the goals compare with the floor (measured alone too) and
# with E10's. The same message is imported again below with E16 running all along (its p99), as a second file.
log "importing the card file alone ($(( MESSAGE_BYTES / 1024 )) KiB, $ROWS rows)"
import_file alone
ALONE_ID=$IMPORTED_ID ALONE_TOKENIZED=$IMPORTED_TOKENIZED ALONE_SECONDS=$IMPORTED_SECONDS ALONE_RPS=$IMPORTED_RPS
ALONE_READER=$(grep -E "card file $ALONE_ID (verified|rows done)" "$SERVER_LOG" \
  | sed -nE 's/.*card file [^ ]+ (verified|rows done).*\(([0-9.]+) s, reader CPU ([0-9.]+) s\).*/\1: \2 s, CPU \3 s/p' \
  | sed 's/verified/first pass/; s/rows done/second pass/' | paste -sd ';' | sed 's/;/; /g' || true)
log "import alone: $ALONE_TOKENIZED rows in $ALONE_SECONDS s ($ALONE_RPS rows/s; $ALONE_READER)"
if [[ $ALONE_ONLY == 1 ]]; then # an A/B step: the import alone and its floor, nothing else
  floor_of "$ALONE_ID"
  bench_stop_server
  [[ $DROP_SCHEMA == 0 ]] || PGOPTIONS='--client-min-messages=warning' "${PSQL[@]}" -c "DROP SCHEMA IF EXISTS $BENCH_SCHEMA CASCADE" || true
  [[ $KEEP_FILES == 1 ]] || rm -f "$MESSAGE"
  rm -rf "$GNUPGHOME"
  i=$(row_of "E10 tokenize, 1 connection")
  {
    echo
    echo "### Card files, the import alone, $(date '+%Y-%m-%d %H:%M %Z'), commit $(git rev-parse --short HEAD 2>/dev/null), $ROWS rows"
    echo
    echo "| import rows/s, alone | COPY floor rows/s | import / floor | E10 at 1 connection | import / E10 |"
    echo "|---|---|---|---|---|"
    echo "| $ALONE_RPS ($ALONE_SECONDS s; $ALONE_READER) | $FLOOR_RPS | $(awk -v a="$ALONE_RPS" -v b="$FLOOR_RPS" 'BEGIN { printf "%.2f", a / b }')x | $(printf '%.0f' "${ROW_RPS[$i]}") | $(awk -v a="$ALONE_RPS" -v b="${ROW_RPS[$i]}" 'BEGIN { printf "%.1f", a / b }')x |"
    echo
    echo "Before it: $(IFS=';'; echo "${NOTES[*]}" | sed 's/;/; /g')."
  } | tee "$BENCH_DIR/results.md"
  exit 0
fi
analyze_schema

# ---- The import with E16 running ----------------------------------------------------------------------------------

# The server's RSS every 0.5 s (the peak between two samples may be missed: VmHWM, reset at the upload, does not).
rss_sampler() {
  while kill -0 "$SERVER_PID" 2>/dev/null; do
    awk -v t="$(date +%s.%N)" '/^VmRSS/ { printf "%s %d\n", t, $2 }' "/proc/$SERVER_PID/status" 2>/dev/null || true
    sleep 0.5
  done
}
HWM_BEFORE=$(awk '/^VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$SERVER_PID/status")
if echo 5 >"/proc/$SERVER_PID/clear_refs" 2>/dev/null; then
  HWM_RESET=1
else
  HWM_RESET=0
  log "WARNING: cannot reset the server's VmHWM (/proc/$SERVER_PID/clear_refs): peak RSS from the samples only"
fi
rss_sampler >"$BENCH_DIR/rss.txt" &
RSS_PID=$!
WRK_PIDS+=("$RSS_PID")

[[ $PROFILE == 0 ]] || jcmd "$SERVER_PID" JFR.start name=import settings=profile >/dev/null || die "JFR.start failed"

# E16 all along the import, at the same modest rate; stopped (SIGINT: wrk then reports) when the file ends.
read -r busy0 total0 < <(cpu_ticks)
server0=$(server_ticks)
postgres_snapshot "$BENCH_DIR/postgres-before.txt"
children_ticks children0
wrk -t1 -c"$E16_CONNECTIONS" -d"$(( IMPORT_TIMEOUT + 600 ))s" --timeout "${TIMEOUT}s" --latency \
  -s "$BENCH_HOME/transaction-get-paced.lua" "$TRANSACTIONS_URL" >"$BENCH_DIR/wrk-e16-import.txt" 2>&1 &
E16_PID=$!
WRK_PIDS+=("$E16_PID")
sleep 1

log "uploading the card file ($(( MESSAGE_BYTES / 1024 )) KiB, $ROWS rows)"
upload_started=$(date +%s.%N)
status=$(curl -sS -o "$BENCH_DIR/upload.json" -w '%{http_code}' -X POST -T "$MESSAGE" \
  -H 'Content-Type: application/pgp-encrypted' -H 'Accept: application/json' -H "X-API-Key: $API_KEY" \
  "$BASE$FILES_PATH") || die "POST $FILES_PATH failed"
upload_ended=$(date +%s.%N)
[[ $status == 202 ]] || die "POST $FILES_PATH answered $status: $(head -c 600 "$BENCH_DIR/upload.json")"
FILE_ID=$(jq -er .id "$BENCH_DIR/upload.json")
UPLOAD_SECONDS=$(awk -v a="$upload_started" -v b="$upload_ended" 'BEGIN { printf "%.1f", b - a }')
log "card file $FILE_ID received in $UPLOAD_SECONDS s; polling it until it ends"

last_log=$SECONDS
while :; do
  bench_pay 200 GET "$FILES_PATH/$FILE_ID" >"$BENCH_DIR/file.json"
  state=$(jq -er .entry.state "$BENCH_DIR/file.json")
  [[ $state == Succeeded || $state == Failed ]] && break
  if (( SECONDS - last_log >= 30 )); then
    log "  $state: $(jq -r '.entry | "\(.rowsRead) rows read, \(.tokenized) tokenized, \(.rejected) rejected"' "$BENCH_DIR/file.json")"
    last_log=$SECONDS
  fi
  awk -v a="$upload_started" -v b="$(date +%s.%N)" -v t="$IMPORT_TIMEOUT" 'BEGIN { exit !(b - a > t) }' \
    && die "the card file did not end within $IMPORT_TIMEOUT s (IMPORT_TIMEOUT)"
  sleep 0.5
done
import_ended=$(date +%s.%N)
kill -INT "$E16_PID" 2>/dev/null || true
wait "$E16_PID" || true
WRK_PIDS=("$RSS_PID")
read -r busy1 total1 < <(cpu_ticks)
server1=$(server_ticks)
postgres_snapshot "$BENCH_DIR/postgres-after.txt"
children_ticks children1
pg=$(postgres_ticks "$BENCH_DIR/postgres-before.txt" "$BENCH_DIR/postgres-after.txt")
IMPORT_CPU=$(awk -v b=$((busy1 - busy0)) -v t=$((total1 - total0)) -v s=$((server1 - server0)) -v w=$((children1 - children0)) \
  -v p="$pg" 'BEGIN { if (t <= 0) t = 1; o = b - s - w - p; if (o < 0) o = 0
    printf "server %.0f%%, PostgreSQL %.0f%%, wrk and curl %.0f%%, other processes %.0f%%", s * 100 / t, p * 100 / t, w * 100 / t, o * 100 / t }')
# CPU per imported row, server and PostgreSQL together (on a loaded machine the rates follow the others' CPU, this
# much less; the E16 requests of the import window are counted in it).
IMPORT_CPU_SECONDS=$(awk -v s=$((server1 - server0)) -v p="$pg" -v hz="$CLOCK_TICKS" 'BEGIN { printf "%.1f", (s + p) / hz }')
[[ $PROFILE == 0 ]] || jcmd "$SERVER_PID" JFR.stop name=import filename="$BENCH_DIR/profile-import.jfr" >/dev/null \
  || log "WARNING: JFR.stop failed"
PEAK_HWM=$(awk '/^VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$SERVER_PID/status")
kill "$RSS_PID" 2>/dev/null || true
wait "$RSS_PID" 2>/dev/null || true
WRK_PIDS=()
PEAK_SAMPLED=$(awk '$2 > m { m = $2 } END { printf "%d", m / 1024 }' "$BENCH_DIR/rss.txt")
if [[ $HWM_RESET == 1 ]]; then PEAK_RSS=$(( PEAK_HWM > PEAK_SAMPLED ? PEAK_HWM : PEAK_SAMPLED )); else PEAK_RSS=$PEAK_SAMPLED; fi
HEAP_ERRORS=$(grep -c 'OutOfMemoryError' "$SERVER_LOG" || true)

[[ $state == Succeeded ]] || die "the card file ended $state: $(jq -r .entry.failure "$BENCH_DIR/file.json")"
read -r ROWS_READ TOKENIZED REJECTED RECEIVED_AT STARTED_AT FINISHED_AT < <(jq -r \
  '.entry | "\(.rowsRead) \(.tokenized) \(.rejected) \(.receivedAt) \(.startedAt) \(.finishedAt)"' "$BENCH_DIR/file.json")
(( ROWS_READ == ROWS )) || die "the file read $ROWS_READ rows, expected $ROWS"
RECEIVED_SECONDS=$(seconds_between "$(epoch "$RECEIVED_AT")" "$(epoch "$FINISHED_AT")")
STARTED_SECONDS=$(seconds_between "$(epoch "$STARTED_AT")" "$(epoch "$FINISHED_AT")")
WALL_SECONDS=$(seconds_between "$upload_started" "$import_ended")
IMPORT_RPS=$(per_second "$TOKENIZED" "$RECEIVED_SECONDS")
IMPORT_RPS_STARTED=$(per_second "$TOKENIZED" "$STARTED_SECONDS")
IMPORT_RPS_WALL=$(per_second "$TOKENIZED" "$WALL_SECONDS")
# The first pass (decrypt and check the whole message) ends with the worker's "verified" line in the server log.
VERIFY_NOTE=
verified_ms=$(grep -m1 "card file $FILE_ID verified" "$SERVER_LOG" | grep -oE 'timeMillis: [0-9]+' | grep -oE '[0-9]+' || true)
if [[ -n $verified_ms ]]; then
  verified_epoch=$(awk -v m="$verified_ms" 'BEGIN { printf "%.3f", m / 1000 }')
  VERIFY_NOTE="first pass (decrypt and verify the whole message) $(seconds_between "$(epoch "$STARTED_AT")" "$verified_epoch") s, second pass (tokenize) $(seconds_between "$verified_epoch" "$(epoch "$FINISHED_AT")") s: $(per_second "$TOKENIZED" "$(seconds_between "$verified_epoch" "$(epoch "$FINISHED_AT")")") rows/s"
fi
# The worker logs each pass's time and its own thread's CPU ("(12.3 s, reader CPU 11.9 s)").
READER_NOTE=$(grep -E "card file $FILE_ID (verified|rows done)" "$SERVER_LOG" \
  | sed -nE 's/.*card file [^ ]+ (verified|rows done).*\(([0-9.]+) s, reader CPU ([0-9.]+) s\).*/\1: \2 s, CPU \3 s/p' \
  | sed 's/verified/first pass/; s/rows done/second pass/' | paste -sd ';' | sed 's/;/; /g' || true)
log "import: $TOKENIZED tokenized, $REJECTED rejected; $RECEIVED_SECONDS s received-finished, $WALL_SECONDS s wall; peak RSS $PEAK_RSS MB"

E16_IMPORT_LINE=$(grep '^BENCH_RESULT ' "$BENCH_DIR/wrk-e16-import.txt") || { cat "$BENCH_DIR/wrk-e16-import.txt" >&2; die "no result from E16's wrk during the import"; }
kv() { sed -nE "s/.* $1=([^ ]+).*/\1/p" <<<" $2"; }
E16_IMPORT_P99=$(kv p99_ms "$E16_IMPORT_LINE")
E16_IMPORT_P50=$(kv p50_ms "$E16_IMPORT_LINE")
E16_IMPORT_RPS=$(kv rps "$E16_IMPORT_LINE")
E16_IMPORT_BAD=$(( $(kv non2xx "$E16_IMPORT_LINE") + $(kv bad "$E16_IMPORT_LINE") + $(kv socket_errors "$E16_IMPORT_LINE") ))

# ---- The floor: COPY of the same rows, already sealed, into a copy of payment_tokens with its indexes -------------

floor_of "$FILE_ID"

# ---- The export ----------------------------------------------------------------------------------------------

# Every active token of the project (the imported rows, and E10's tokens of the runs above), to a recipient key
# made here, as a vault a merchant leaves for would give it; timed from the request to the file downloaded, and read
# back with gpg (the line count is checked).
log "exporting the project's tokens (POST /api/adm/cardExports) to a recipient key made here"
gpg --batch --quiet --passphrase '' --pinentry-mode loopback --quick-gen-key 'bench-recipient@payments.test' \
  default default never 2>>"$BENCH_DIR/gpg.log" || { gpg_stop; cat "$BENCH_DIR/gpg.log" >&2; die "gpg --quick-gen-key failed"; }
gpg --batch --armor --export 'bench-recipient@payments.test' >"$BENCH_DIR/recipient.asc"
admin_login
EXPORT_FILE=$BENCH_DIR/export.gpg
export_started=$(date +%s.%N)
EXPORT_ID=$(bench_admin 202 POST /api/adm/cardExports "$(jq -nc --arg p "$PROJECT_ID" \
  --rawfile k "$BENCH_DIR/recipient.asc" '{companyProjectId: $p, recipientPublicKey: $k}')" | jq -er .id)
while :; do
  bench_admin 200 GET "/api/adm/cardExports/$EXPORT_ID" >"$BENCH_DIR/export.json"
  export_state=$(jq -er .entry.state "$BENCH_DIR/export.json")
  [[ $export_state == Running ]] || break
  awk -v a="$export_started" -v b="$(date +%s.%N)" -v t="$IMPORT_TIMEOUT" 'BEGIN { exit !(b - a > t) }' \
    && die "the export did not end within $IMPORT_TIMEOUT s (IMPORT_TIMEOUT)"
  sleep 0.5
done
[[ $export_state == Succeeded ]] || die "the export ended $export_state: $(jq -r .entry.failure "$BENCH_DIR/export.json")"
status=$(curl -sS -o "$EXPORT_FILE" -w '%{http_code}' -H "Authorization: Bearer $ADMIN_TOKEN" \
  "$BASE/api/adm/cardExports/$EXPORT_ID/file") || die "GET /api/adm/cardExports/$EXPORT_ID/file failed"
[[ $status == 200 ]] || die "the export's download answered $status"
export_ended=$(date +%s.%N)
ADMIN_TOKEN=
EXPORT_TOKENS=$(jq -er .entry.tokens "$BENCH_DIR/export.json")
EXPORT_SECONDS=$(seconds_between "$export_started" "$export_ended")
EXPORT_RPS=$(per_second "$EXPORT_TOKENS" "$EXPORT_SECONDS")
EXPORT_LINES=$(gpg --batch --quiet --decrypt "$EXPORT_FILE" 2>>"$BENCH_DIR/gpg.log" | wc -l)
gpg_stop
rm -f "$EXPORT_FILE"
(( EXPORT_LINES == EXPORT_TOKENS + 1 )) || die "the export decrypts to $EXPORT_LINES lines, expected $(( EXPORT_TOKENS + 1 ))"
log "export: $EXPORT_TOKENS tokens in $EXPORT_SECONDS s ($EXPORT_RPS rows/s), read back by gpg"

# ---- The import with E10 tokenize running -------------------------------------------------------------------------

# The same message as a third file, with tokenize at E16's modest rate all along (stopped when the file ends).
analyze_schema
wrk -t1 -c"$E16_CONNECTIONS" -d"$(( IMPORT_TIMEOUT + 600 ))s" --timeout "${TIMEOUT}s" --latency \
  -s "$BENCH_HOME/tokenize-paced.lua" "$TOKENIZE_URL" >"$BENCH_DIR/wrk-tokenize-import.txt" 2>&1 &
E10_PID=$!
WRK_PIDS+=("$E10_PID")
sleep 1
log "importing the card file a third time, with tokenize running"
import_file tokenize
kill -INT "$E10_PID" 2>/dev/null || true
wait "$E10_PID" || true
WRK_PIDS=()
THIRD_TOKENIZED=$IMPORTED_TOKENIZED THIRD_SECONDS=$IMPORTED_SECONDS THIRD_RPS=$IMPORTED_RPS
E10_IMPORT_LINE=$(grep '^BENCH_RESULT ' "$BENCH_DIR/wrk-tokenize-import.txt") || { cat "$BENCH_DIR/wrk-tokenize-import.txt" >&2; die "no result from tokenize's wrk during the import"; }
E10_IMPORT_P99=$(kv p99_ms "$E10_IMPORT_LINE")
E10_IMPORT_P50=$(kv p50_ms "$E10_IMPORT_LINE")
E10_IMPORT_RPS=$(kv rps "$E10_IMPORT_LINE")
E10_IMPORT_BAD=$(( $(kv non2xx "$E10_IMPORT_LINE") + $(kv bad "$E10_IMPORT_LINE") + $(kv socket_errors "$E10_IMPORT_LINE") ))
log "import with tokenize: $THIRD_TOKENIZED rows in $THIRD_SECONDS s ($THIRD_RPS rows/s); tokenize p99 $E10_IMPORT_P99 ms"

bench_stop_server
if [[ $PROFILE == 1 ]]; then
  "$BENCH_HOME/jfr-top.sh" "$BENCH_DIR/profile-import.jfr" 30 >"$BENCH_DIR/profile-import.txt" \
    || log "WARNING: could not sum up profile-import.jfr"
fi
if [[ $DROP_SCHEMA == 1 ]]; then
  PGOPTIONS='--client-min-messages=warning' "${PSQL[@]}" -c "DROP SCHEMA IF EXISTS $BENCH_SCHEMA CASCADE" || true
fi
[[ $KEEP_FILES == 1 ]] || rm -f "$MESSAGE"
rm -rf "$GNUPGHOME"

# ---- The table ----------------------------------------------------------------------------------------------------

i=$(row_of "E10 tokenize, 32 connections"); E10_C32=${ROW_RPS[$i]}; E10_C32_P99=${ROW_P99[$i]}; E10_C32_BAD=$(( ROW_BAD[i] ))
i=$(row_of "E10 tokenize, 1 connection"); E10_C1=${ROW_RPS[$i]}
read -r cpu_s cpu_p _ <<<"${ROW_CPU[$i]}"
E10_C1_CPU_US=$(awk -v s="$cpu_s" -v p="$cpu_p" -v r="$E10_C1" -v n="$(nproc)" 'BEGIN { if (r > 0) printf "%.0f", (s + p) / 100 * n * 1e6 / r; else print "-" }')
i=$(row_of "E16 by id, idle"); E16_IDLE_P99=${ROW_P99[$i]}; E16_IDLE_P50=${ROW_P50[$i]}; E16_IDLE_RPS=${ROW_RPS[$i]}
i=$(row_of "E10 tokenize paced, idle"); E10_IDLE_P99=${ROW_P99[$i]}; E10_IDLE_P50=${ROW_P50[$i]}; E10_IDLE_RPS=${ROW_RPS[$i]}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
verdict() { awk -v v="$1" -v g="$2" -v op="$3" 'BEGIN { if (v == "-") print "?"; else if ((op == ">=" && v + 0 >= g + 0) || (op == "<" && v + 0 < g + 0) || (op == "<=" && v + 0 <= g + 0)) print "met"; else print "**missed**" }'; }
R_FLOOR=$(ratio "$ALONE_RPS" "$FLOOR_RPS")
R_SINGLE=$(ratio "$ALONE_RPS" "$E10_C1")
R_EXPORT=$(ratio "$EXPORT_RPS" "$E10_C32") # against E10's rate at 32 connections, the higher of the two
R_P99=$(ratio "$E16_IMPORT_P99" "$E16_IDLE_P99")
R_E10_P99=$(ratio "$E10_IMPORT_P99" "$E10_IDLE_P99")
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- src pom.xml liquibase 2>/dev/null || commit="$commit (with local changes)"
{
  echo
  echo "### Card files benchmark, $(date '+%Y-%m-%d %H:%M %Z'), commit $commit, $ROWS rows"
  echo
  echo "Machine: nproc $(nproc), load average $(cut -d' ' -f1-3 /proc/loadavg) at the end, $(java -version 2>&1 | head -n 1);" \
    "Payara Micro $PAYARA_VERSION (--nohazelcast --maxHttpThreads $HTTP_THREADS, $BENCH_JAVA_OPTS); database: $DB_DESCRIPTION."
  echo "File: $ROWS rows (bench/cardfiles.awk, seed $SEED: Visa, Mastercard, Amex, Discover;" \
    "$([[ $WIDE == 1 ]] && echo "15 columns, each at its full width" || echo "5 columns")), CSV written in $CSV_SECONDS s," \
    "gpg --encrypt ($([[ -n $GPG_COMPRESS ]] && echo "--compress-algo $GPG_COMPRESS" || echo "defaults, compressed"))" \
    "in $GPG_SECONDS s: $(( MESSAGE_BYTES / 1024 )) KiB; uploaded in $UPLOAD_SECONDS s."
  echo "${WARMUP_DESCRIPTION:-Warm-up: none.} E10: $DURATION s each, a new Luhn-valid card per request; E16 by id: $E16_CONNECTIONS connections," \
    "each pausing $E16_DELAY_MS ms between requests, $DURATION s idle, then all along the import."
  echo
  echo "| figure | measured | goal | |"
  echo "|---|---|---|---|"
  echo "| import rows/s, alone (receivedAt to finishedAt) | $ALONE_RPS ($ALONE_TOKENIZED rows in $ALONE_SECONDS s) | - | |"
  echo "| import rows/s with E16 running (receivedAt to finishedAt; wall from the upload) | $IMPORT_RPS ($TOKENIZED rows in $RECEIVED_SECONDS s); $IMPORT_RPS_WALL ($WALL_SECONDS s) | - | |"
  echo "| COPY floor rows/s | $FLOOR_RPS ($FLOOR_ROWS rows in $FLOOR_SECONDS s, $FLOOR_INDEXES indexes) | - | |"
  echo "| import / COPY floor | ${R_FLOOR}x | >= ${GOAL_FLOOR}x | $(verdict "$R_FLOOR" "$GOAL_FLOOR" ">=") |"
  echo "| E10 tokenize req/s, 32 connections | $(printf '%.0f' "$E10_C32") (p99 $E10_C32_P99 ms, $E10_C32_BAD bad) | - | |"
  echo "| E10 tokenize req/s, 1 connection (single-request rate) | $(printf '%.0f' "$E10_C1") | - | |"
  echo "| import / E10 single-request rate | ${R_SINGLE}x | >= ${GOAL_SINGLE}x | $(verdict "$R_SINGLE" "$GOAL_SINGLE" ">=") |"
  echo "| export rows/s (request to file downloaded) | $EXPORT_RPS ($EXPORT_TOKENS tokens in $EXPORT_SECONDS s; gpg read $EXPORT_LINES lines) | - | |"
  echo "| export / E10 rate at 32 connections | ${R_EXPORT}x | >= ${GOAL_EXPORT}x | $(verdict "$R_EXPORT" "$GOAL_EXPORT" ">=") |"
  echo "| peak RSS during the import | $PEAK_RSS MB (VmHWM $( [[ $HWM_RESET == 1 ]] && echo "$PEAK_HWM MB, reset at the upload" || echo "not reset: $PEAK_HWM MB since boot"); sampled VmRSS max $PEAK_SAMPLED MB) | < $GOAL_RSS MB ($BENCH_JAVA_OPTS) | $(verdict "$PEAK_RSS" "$GOAL_RSS" "<") |"
  echo "| E16 p99 idle | $E16_IDLE_P99 ms (p50 $E16_IDLE_P50, $(printf '%.0f' "$E16_IDLE_RPS") req/s) | - | |"
  echo "| E16 p99 during the import | $E16_IMPORT_P99 ms (p50 $E16_IMPORT_P50, $(printf '%.0f' "$E16_IMPORT_RPS") req/s, $E16_IMPORT_BAD bad) | <= ${GOAL_P99}x idle | ${R_P99}x: $(verdict "$R_P99" "$GOAL_P99" "<=") |"
  echo "| E10 tokenize p99 idle, same pacing | $E10_IDLE_P99 ms (p50 $E10_IDLE_P50, $(printf '%.0f' "$E10_IDLE_RPS") req/s) | - | |"
  echo "| E10 tokenize p99 during a third import | $E10_IMPORT_P99 ms (p50 $E10_IMPORT_P50, $(printf '%.0f' "$E10_IMPORT_RPS") req/s, $E10_IMPORT_BAD bad); ${R_E10_P99}x idle; the import $THIRD_RPS rows/s | - (measured) | |"
  echo
  [[ -z $ALONE_READER ]] || echo "Import alone, the reader thread (server log): $ALONE_READER."
  [[ -z $VERIFY_NOTE ]] || echo "Import with E16: $VERIFY_NOTE."
  [[ -z $READER_NOTE ]] || echo "The reader thread's own CPU (server log): $READER_NOTE."
  echo "CPU per imported row (server and PostgreSQL, the E16 requests of the window included): $(awk -v c="$IMPORT_CPU_SECONDS" -v n="$TOKENIZED" 'BEGIN { printf "%.0f", c * 1e6 / n }') µs ($IMPORT_CPU_SECONDS s);" \
    "per E10 request at 1 connection: $E10_C1_CPU_US µs; per floor row (PostgreSQL and psql): $(awk -v t="$FLOOR_CPU_TICKS" -v hz="$CLOCK_TICKS" -v n="$FLOOR_ROWS" 'BEGIN { if (n > 0) printf "%.0f", t / hz * 1e6 / n; else print "-" }') µs."
  echo "CPU during the import (share of all $(nproc) cores): $IMPORT_CPU. Before it: $(IFS=';'; echo "${NOTES[*]}" | sed 's/;/; /g')."
  echo "Peak RSS before the import (since boot, warm-up included): $HWM_BEFORE MB; OutOfMemoryError in the log: $HEAP_ERRORS."
  echo "The floor: \\copy of the imported payment_tokens rows (sealed PAN, fingerprint, all columns) into CREATE TABLE ... (LIKE payment_tokens INCLUDING ALL), one transaction, from psql on this machine (no foreign keys; the import also checks each row's project key and reference, and writes a card_file_results row per chunk)."
  [[ -z $BUSY_MACHINE ]] || echo "WARNING: other processes used more than 5% of the CPU: the machine was not quiet, the figures are low."
  [[ $PROFILE == 0 ]] || echo "Profile of the import (JFR): $BENCH_REL/profile-import.jfr, summed up in $BENCH_REL/profile-import.txt."
  echo
} | tee "$BENCH_DIR/results.md"
log "table saved to $BENCH_REL/results.md; wrk outputs in $BENCH_REL/wrk-*.txt, server log in $BENCH_REL/server.log"
