#!/usr/bin/env bash
# What the service's WAR costs a restart (the goal: the deployment's own time on a restart with the schema
# in place at most the empty WAR's + 5 s), as an A/B in one run:
#   - the empty WAR of bench/trivial.sh (one JAX-RS resource and its application: the container's floor),
#   - the service's WAR (target/payments.war, or BENCH_WAR), and any VARIANTS (other builds of it, or the same build
#     run with other JVM options), each restarted on a schema its first start migrated (not timed),
# booted ROUNDS times each, interleaved (empty, ours, variants, empty, ours, ...) so that the machine's drift shows,
# on the same Payara Micro with the same flags (--nohazelcast --maxHttpThreads 16, BENCH_JAVA_OPTS -Xmx512m).
# Each boot is timed from the java launch to the first 200 of /health/ready and split, from Payara's log, into
# runtime (launch to the start of the deployment), deployment, deployed to "ready" and ready to /health/ready.
# Prints each boot, the medians per side, and each side minus the empty WAR (the goal: at most 5 s).
#
#   bench/boot.sh                                      # 5 rounds
#   ROUNDS=2 bench/boot.sh                             # a quick try
#   VARIANTS="lean=/tmp/lean.war" bench/boot.sh        # an A/B step: another build of the WAR beside ours
#   VARIANTS="cds=@-XX:SharedArchiveFile=/tmp/p.jsa" bench/boot.sh  # ours with extra JVM options (a leading @)
#   PROFILE=1 ROUNDS=1 bench/boot.sh                   # JFR of each boot up to /health/ready, summed up
#   CDS=1 bench/boot.sh                                # also empty-cds and ours-cds: an AppCDS archive of each
#                                                      # (docs/PERFORMANCE.md, "AppCDS"), trained in this run
set -euo pipefail

BENCH_NAME=boot
PORT=${PORT:-18489}
BENCH_SCHEMA=${BENCH_SCHEMA:-payments_boot}
BENCH_DB=${BENCH_DB:-postgres}
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xmx512m}
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROUNDS=${ROUNDS:-5}
PROFILE=${PROFILE:-0}
CDS=${CDS:-0}
[[ $CDS == 0 || $CDS == 1 ]] || die "CDS must be 0 or 1"
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be at least 1"
[[ $PROFILE == 0 || $PROFILE == 1 ]] || die "PROFILE must be 0 or 1"
WARMUP=0
bench_check_knobs 1

bench_tools
bench_build
bench_database
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- The WARs -----------------------------------------------------------------------------------------------

CLASSES=$BENCH_DIR/classes
rm -rf "$CLASSES" "$BENCH_DIR/empty" && mkdir -p "$CLASSES" "$BENCH_DIR/empty/WEB-INF/classes"
API_CP=$BENCH_DIR/api.classpath
mvn -B -ntp -q dependency:build-classpath -Dmdep.includeScope=provided -Dmdep.outputFile="$API_CP" \
  || die "cannot resolve the Jakarta EE API (provided scope)"
javac -d "$CLASSES" -cp "$(cat "$API_CP")" "$BENCH_HOME"/trivial/*.java || die "javac failed"
cp -r "$CLASSES"/. "$BENCH_DIR/empty/WEB-INF/classes/"
EMPTY_WAR=$BENCH_DIR/empty.war
(cd "$BENCH_DIR/empty" && rm -f "$EMPTY_WAR" && jar --create --file "$EMPTY_WAR" .) || die "jar failed"

declare -A WARS=([empty]=$EMPTY_WAR [ours]=$WAR) OPTS=([empty]= [ours]=)
SIDES=(empty ours)
for variant in ${VARIANTS:-}; do
  name=${variant%%=*} what=${variant#*=}
  [[ $name =~ ^[a-z][a-z0-9-]*$ ]] || die "a variant's name must be lower-case letters, digits, hyphens: $name"
  if [[ $what == @* ]]; then
    WARS[$name]=$WAR OPTS[$name]=${what#@}
  else
    [[ -f $what ]] || die "no WAR at $what (variant $name)"
    WARS[$name]=$what OPTS[$name]=
  fi
  SIDES+=("$name")
done
# CDS=1: an AppCDS archive for the empty WAR and for ours, each made by a training start of its own (launch, ready,
# SIGTERM: the JVM writes the classes it loaded at exit), then used by the sides empty-cds and ours-cds.
if [[ $CDS == 1 ]]; then
  for base in empty ours; do
    WARS[$base-cds]=${WARS[$base]} OPTS[$base-cds]="-XX:SharedArchiveFile=$BENCH_DIR/cds-$base.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"
    SIDES+=("$base-cds")
  done
fi
for side in "${SIDES[@]}"; do
  log "side $side: ${WARS[$side]#"$REPO"/} ($(du -k "${WARS[$side]}" | cut -f1) KB)${OPTS[$side]:+, JVM options ${OPTS[$side]}}"
done

# ---- Boots --------------------------------------------------------------------------------------------------

# Payara's log lines carry [timeMillis: ...]: the runtime is up ("startup time : ..."), then the WAR is deployed
# ("... was successfully deployed in"; CDI, JPA, EJB, Jersey's model), then its web module started (Faces and
# PrimeFaces, the application's startup observers) and Payara Micro says "ready"; /health/ready waits for the
# application's warm-up after that.
millis_of() { # pattern log: timeMillis of the first line matching pattern (the record spans lines up to "]]")
  awk -v pattern="$1" '
    /^\[[0-9]{4}-/ && match($0, /timeMillis: [0-9]+/) { ms = substr($0, RSTART + 12, RLENGTH - 12) }
    { if ($0 ~ pattern) { print ms; exit } }' "$2"
}
phases() { # log launched-epoch-seconds boot-seconds: "runtime deployment to-ready to-health" in seconds
  local deploy_start deployed ready launched_ms
  launched_ms=$(awk -v l="$2" 'BEGIN { printf "%.0f", l * 1000 }')
  deploy_start=$(millis_of 'startup time : ' "$1")
  deployed=$(millis_of 'was successfully deployed in' "$1")
  ready=$(millis_of 'Payara Micro .* ready in' "$1")
  awk -v l="$launched_ms" -v s="${deploy_start:-0}" -v d="${deployed:-0}" -v r="${ready:-0}" -v b="$3" 'BEGIN {
    if (s == 0 || d == 0 || r == 0) { print "- - - -"; exit }
    printf "%.1f %.1f %.1f %.1f", (s - l) / 1000, (d - s) / 1000, (r - d) / 1000, b - (r - l) / 1000 }'
}

# At /health/ready: the server's CPU seconds (all threads; then main, JIT compilers, GC, the rest, from
# /proc/PID/task) and the JVM's counters of classes loaded (java.cls.loadedClasses: without those a CDS archive gave) and of the time spent loading, verifying and compiling.
snapshot() { # file
  local hz
  hz=$(getconf CLK_TCK)
  { cat /proc/"$SERVER_PID"/task/*/stat 2>/dev/null || true; } | awk -v hz="$hz" '{
      line = $0; name = substr(line, index(line, "(") + 1); name = substr(name, 1, index(name, ")") - 1)
      rest = substr(line, index(line, ") ") + 2); split(rest, f, " "); t = (f[12] + f[13]) / hz
      if (name ~ /^C[12] Compiler/) g = "jit"; else if (name ~ /GC|G1|VM Thread/) g = "gc"
      else if (name == "main" || name == "java") g = "main"; else g = "other"
      sum[g] += t; all += t }
    END { printf "cpu %.1f main %.1f jit %.1f gc %.1f other %.1f\n", all, sum["main"], sum["jit"], sum["gc"], sum["other"] }' >"$1"
  # hotspot ticks are nanoseconds on Linux (sun.os.hrt.frequency = 1e9)
  jcmd "$SERVER_PID" PerfCounter.print 2>/dev/null | awk -F= '
      /^java.cls.loadedClasses=/ { c = $2 } /^sun.cls.time=/ { l = $2 } /^sun.cls.classVerifyTime=/ { v = $2 }
      /^sun.cls.parseClassTime.self=/ { p = $2 } /^sun.ci.totalTime=/ { j = $2 } /^sun.cls.sharedLoadedClasses=/ { s = $2 }
      END { printf "classes %d shared %d loading %.1f verify %.1f parse %.1f jit %.1f\n", c, s, l / 1e9, v / 1e9, p / 1e9, j / 1e9 }' >>"$1"
}
field() { awk -v k="$2" '{ for (i = 1; i < NF; i += 2) if ($i == k) { print $(i + 1); exit } }' "$1"; }

DATA_DIR=$BENCH_DIR/data
rm -rf "$DATA_DIR"
# The schema in place: a first start of ours migrates it (and makes its keys); not timed against the others.
log "first start of ours on the fresh schema (migrations; not counted)"
PAYMENTS_DATA_DIR=$DATA_DIR-service bench_start_server
FIRST_BOOT=$BOOT_SECONDS
cp "$SERVER_LOG" "$BENCH_DIR/server-first.log"
bench_stop_server

if [[ $CDS == 1 ]]; then
  for base in empty ours; do
    log "training start of $base for its AppCDS archive (not counted)"
    rm -f "$BENCH_DIR/cds-$base.jsa"
    WAR=${WARS[$base]} BENCH_JAVA_OPTS="$BENCH_JAVA_OPTS -XX:ArchiveClassesAtExit=$BENCH_DIR/cds-$base.jsa -Xlog:cds=off -Xlog:cds+dynamic=off" \
      PAYMENTS_DATA_DIR=$DATA_DIR-$([[ $base == empty ]] && echo empty || echo service) bench_start_server
    # The archive is written at exit, after the shutdown hooks: wait for the process however long that takes.
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
    [[ -s $BENCH_DIR/cds-$base.jsa ]] || die "no AppCDS archive written for $base"
    log "AppCDS archive of $base: $(du -m "$BENCH_DIR/cds-$base.jsa" | cut -f1) MB"
  done
fi

PLAIN_JAVA_OPTS=$BENCH_JAVA_OPTS
declare -A TOTAL=() PHASES=()
for round in $(seq 1 "$ROUNDS"); do
  for side in "${SIDES[@]}"; do
    WAR=${WARS[$side]}
    BENCH_JAVA_OPTS="$PLAIN_JAVA_OPTS ${OPTS[$side]}"
    # Payara's stacks run deeper than JFR's default 64 frames.
    [[ $PROFILE == 0 ]] || BENCH_JAVA_OPTS="$BENCH_JAVA_OPTS -XX:FlightRecorderOptions:stackdepth=512 -XX:StartFlightRecording=name=boot,settings=profile"
    launched=$(date +%s.%N)
    PAYMENTS_DATA_DIR=$DATA_DIR-$([[ $side == empty* ]] && echo empty || echo service) bench_start_server
    if [[ $PROFILE == 1 ]]; then
      jcmd "$SERVER_PID" JFR.stop name=boot filename="$BENCH_DIR/profile-$side-$round.jfr" >/dev/null \
        || log "WARNING: no boot profile"
    fi
    snapshot "$BENCH_DIR/counters-$side-$round.txt"
    cp "$SERVER_LOG" "$BENCH_DIR/server-$side-$round.log"
    TOTAL[$side,$round]=$BOOT_SECONDS
    PHASES[$side,$round]=$(phases "$SERVER_LOG" "$launched" "$BOOT_SECONDS")
    log "$side $round: $BOOT_SECONDS s (runtime, deployment, to ready, to /health/ready: ${PHASES[$side,$round]}); $(tr '\n' ' ' <"$BENCH_DIR/counters-$side-$round.txt")"
    bench_stop_server
  done
done
BENCH_JAVA_OPTS=$PLAIN_JAVA_OPTS

# ---- The table ----------------------------------------------------------------------------------------------

median() { tr ' ' '\n' | grep -v '^-*$' | sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit }
  if (NR % 2) printf "%.1f", v[(NR + 1) / 2]; else printf "%.1f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
column() { # side key: a phase (1-4), 0 for the total, or a counter's name (snapshot)
  local round values=()
  for round in $(seq 1 "$ROUNDS"); do
    case $2 in
      0) values+=("${TOTAL[$1,$round]}") ;;
      [1-4]) values+=("$(cut -d' ' -f"$2" <<<"${PHASES[$1,$round]}")") ;;
      *) values+=("$(field "$BENCH_DIR/counters-$1-$round.txt" "$2")") ;;
    esac
  done
  echo "${values[*]}"
}
minus() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-") print "-"; else printf "%+.1f", a - b }'; }
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- src pom.xml liquibase 2>/dev/null || commit="$commit (with local changes)"
{
  echo
  echo "### Boot on a restart, empty WAR against ours, $(date '+%Y-%m-%d %H:%M %Z'), commit $commit"
  echo
  echo "Machine: nproc $(nproc), $(java -version 2>&1 | head -n 1), load average before the run $LOAD_BEFORE, after $(cut -d' ' -f1-3 /proc/loadavg);"
  echo "Payara Micro $PAYARA_VERSION (--nohazelcast --maxHttpThreads $HTTP_THREADS $MICRO_OPTS, $BENCH_JAVA_OPTS); $DB_DESCRIPTION, migrated by a first start of ours ($FIRST_BOOT s, not counted)."
  echo "Boots in the order ${SIDES[*]}, $ROUNDS rounds$([[ $PROFILE == 1 ]] && echo ', each under JFR (slower)'); seconds from the java launch; phases from Payara's log (timeMillis)."
  echo
  echo "| side | boots to /health/ready (s) | median | minus empty | runtime | deployment | web module start | warm-up | CPU s (main, JIT, GC) | classes (not from CDS) | class loading s (verify) |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  empty_median=$(column empty 0 | median)
  for side in "${SIDES[@]}"; do
    total=$(column "$side" 0 | median)
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s (%s, %s, %s) | %.0f | %s (%s) |\n' \
      "$side${OPTS[$side]:+ (${OPTS[$side]})}" "$(column "$side" 0 | sed 's/ /, /g')" \
      "$total" "$([[ $side == empty ]] && echo - || minus "$total" "$empty_median")" \
      "$(column "$side" 1 | median)" "$(column "$side" 2 | median)" "$(column "$side" 3 | median)" "$(column "$side" 4 | median)" \
      "$(column "$side" cpu | median)" "$(column "$side" main | median)" "$(column "$side" jit | median)" "$(column "$side" gc | median)" \
      "$(column "$side" classes | median)" "$(column "$side" loading | median)" "$(column "$side" verify | median)"
  done
  echo
  echo "Medians over the rounds. Runtime: launch to Payara's \"startup time\"; deployment: to \"successfully deployed\";"
  echo "web module start: to \"ready in\"; warm-up: to the first 200 of /health/ready. CPU: the server's CPU seconds at"
  echo "/health/ready (all threads; main thread, JIT compilers, GC); classes and class-loading time from the JVM's counters."
  echo "Goal: ours minus empty at most +5.0 s."
  echo
} | tee "$BENCH_DIR/results.md"
if [[ $PROFILE == 1 ]]; then
  for file in "$BENCH_DIR"/profile-*.jfr; do
    "$BENCH_HOME/jfr-top.sh" "$file" 40 >"${file%.jfr}.txt" 2>&1 || log "WARNING: could not sum up $file"
  done
  log "boot profiles: $BENCH_REL/profile-*.jfr, summed up in $BENCH_REL/profile-*.txt"
fi
log "table saved to $BENCH_REL/results.md; server logs in $BENCH_REL/server-*.log"
