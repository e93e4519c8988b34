#!/usr/bin/env bash
# What the service's WAR costs a request that does nothing (docs/PERFORMANCE.md): one trivial
# JAX-RS resource, GET /api/diag/hello answering a two-field object (bench/trivial/Hello.java), measured
#   - in an empty WAR holding only that resource and its application (the container's floor), and
#   - in a copy of the service's WAR with that class added (everything our WAR asks of the container per request),
# on the same Payara Micro with the same flags (--nohazelcast --maxHttpThreads 16, BENCH_JAVA_OPTS -Xmx512m),
# alternated empty, ours, empty, ours... (ROUNDS pairs) so that the machine's drift shows; /health/live beside it
# on each. Prints req/s per round and ours / empty at each level (the goal: at least 0.8x at 32), and the
# server's CPU per request (µs, from its CPU ticks during the run): on a machine that is not quiet, req/s fall with
# the CPU taken from the server, the CPU each request costs much less so, which makes it the figure to compare then.
# VARIANTS adds other builds of the service's WAR (an A/B step: one cost switched off), each with the resource
# added as ours, measured in the same alternation (empty, ours, each variant, then again).
#
#   bench/trivial.sh                                  # 2 rounds, 60 s warm-up per server, 20 s per run
#   ROUNDS=1 WARMUP=20 DURATION=10 bench/trivial.sh   # a quick try
#   VARIANTS="nojwt=/tmp/nojwt.war" bench/trivial.sh  # an A/B step beside ours
#   CDI_FLOOR=1 bench/trivial.sh                      # also the empty WAR as a CDI application (emptycdi)
#   ROUTES_FLOOR=1 bench/trivial.sh                   # also emptycdi with a stub resource at each of our root paths
#   PROFILE=1 VARIANTS=... bench/trivial.sh           # a JFR recording of each side's trivial GET (first round, top
#                                                     # level), summed up by bench/jfr-top.sh: where a side's extra CPU goes
set -euo pipefail

BENCH_NAME=trivial
PORT=${PORT:-18487}
BENCH_SCHEMA=${BENCH_SCHEMA:-payments_trivial}
BENCH_DB=${BENCH_DB:-postgres}
WARMUP=${WARMUP:-60}
DURATION=${DURATION:-20}
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xmx512m}
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
LEVELS=${LEVELS:-16 32}
ROUNDS=${ROUNDS:-2}
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be at least 1"
CONNECTIONS=$(tr ' ' '\n' <<<"$LEVELS" | sort -n | tail -n 1)
bench_check_knobs 1
PROFILE=${PROFILE:-0}
TOP_LEVEL=$CONNECTIONS
[[ $PROFILE == 0 || $PROFILE == 1 ]] || die "PROFILE must be 0 or 1"
bench_profile_options

bench_tools
bench_build
bench_database

# ---- The two WARs -------------------------------------------------------------------------------------------

OURS=$WAR
CLASSES=$BENCH_DIR/classes
rm -rf "$CLASSES" "$BENCH_DIR/empty" && mkdir -p "$CLASSES" "$BENCH_DIR/empty/WEB-INF/classes"
API_CP=$BENCH_DIR/api.classpath
mvn -B -ntp -q dependency:build-classpath -Dmdep.includeScope=provided -Dmdep.outputFile="$API_CP" \
  || die "cannot resolve the Jakarta EE API (provided scope)"
javac -d "$CLASSES" -cp "$(cat "$API_CP")" "$BENCH_HOME"/trivial/Hello.java "$BENCH_HOME"/trivial/EmptyApplication.java \
  || die "javac failed"
# The empty WAR: the resource and its application, nothing else (no beans.xml: annotated discovery, as ours).
cp -r "$CLASSES"/. "$BENCH_DIR/empty/WEB-INF/classes/"
EMPTY_WAR=$BENCH_DIR/empty.war
(cd "$BENCH_DIR/empty" && rm -f "$EMPTY_WAR" && jar --create --file "$EMPTY_WAR" .) || die "jar failed"
# Ours plus the resource alone (the service's own application serves it under /api): bench_with_hello.
rm -rf "$BENCH_DIR/hello"
declare -A WARS=([empty]=$EMPTY_WAR)
SIDES=(empty)
# CDI_FLOOR=1: also the empty WAR as a CDI application (a beans.xml discovering all: the resource is then created
# through CDI and Weld runs a request context per request, as in ours), the floor of any CDI application.
[[ ${ROUTES_FLOOR:-0} == 0 ]] || CDI_FLOOR=1
if [[ ${CDI_FLOOR:-0} == 1 ]]; then
  rm -rf "$BENCH_DIR/emptycdi" && cp -r "$BENCH_DIR/empty" "$BENCH_DIR/emptycdi"
  cat >"$BENCH_DIR/emptycdi/WEB-INF/beans.xml" <<'XML'
<beans xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0" bean-discovery-mode="all"/>
XML
  WARS[emptycdi]=$BENCH_DIR/emptycdi.war
  (cd "$BENCH_DIR/emptycdi" && rm -f "${WARS[emptycdi]}" && jar --create --file "${WARS[emptycdi]}" .) || die "jar failed"
  SIDES+=(emptycdi)
fi
# ROUTES_FLOOR=1: also emptycdi with one more resource for each root path of ours (a GET answering a word; the same
# @Path templates, read from src/main/java), so that Jersey matches a request against as many root resources as in
# ours: the floor of a CDI application with this API's routes and none of its code.
if [[ ${ROUTES_FLOOR:-0} == 1 ]]; then
  rm -rf "$BENCH_DIR/emptyroutes" "$BENCH_DIR/routes-src" && cp -r "$BENCH_DIR/emptycdi" "$BENCH_DIR/emptyroutes"
  mkdir -p "$BENCH_DIR/routes-src"
  n=0
  while IFS= read -r path; do
    n=$(( n + 1 ))
    printf 'package com.paycore.diag;\n@jakarta.ws.rs.Path("%s")\npublic class Route%d {\n    @jakarta.ws.rs.GET\n    public String get() {\n        return "route";\n    }\n}\n' \
      "$path" "$n" >"$BENCH_DIR/routes-src/Route$n.java"
  done < <(grep -rhoE '^@Path\("[^"]+"\)' "$REPO/src/main/java" | sed -E 's/^@Path\("([^"]+)"\)/\1/' | sort -u)
  (( n > 0 )) || die "no @Path of ours found under src/main/java"
  javac -d "$BENCH_DIR/emptyroutes/WEB-INF/classes" -cp "$(cat "$API_CP")" "$BENCH_DIR"/routes-src/*.java \
    || die "javac of the route stubs failed"
  WARS[emptyroutes]=$BENCH_DIR/emptyroutes.war
  (cd "$BENCH_DIR/emptyroutes" && rm -f "${WARS[emptyroutes]}" && jar --create --file "${WARS[emptyroutes]}" .) || die "jar failed"
  SIDES+=(emptyroutes)
  log "WAR emptyroutes: emptycdi and $n resources at our root paths"
fi
with_hello() { # side source-war
  [[ $1 =~ ^[a-z][a-z0-9-]*$ ]] || die "a variant's name must be lower-case letters, digits, hyphens: $1"
  [[ -f $2 ]] || die "no WAR at $2 (variant $1)"
  WARS[$1]=$BENCH_DIR/$1-with-hello.war
  bench_with_hello "$2" "${WARS[$1]}"
  SIDES+=("$1")
  log "WAR $1: $BENCH_REL/$1-with-hello.war ($(du -k "${WARS[$1]}" | cut -f1) KB)"
}
with_hello ours "$OURS"
for variant in ${VARIANTS:-}; do
  with_hello "${variant%%=*}" "${variant#*=}"
done

HELLO_URL=$BASE/api/diag/hello
declare -A RPS=() MICROS=()
BOOTS=()
for round in $(seq 1 "$ROUNDS"); do
  for side in "${SIDES[@]}"; do
    WAR=${WARS[$side]}
    # One data directory for every build of ours: they share the schema, so they must share its master key.
    PAYMENTS_DATA_DIR=$BENCH_DIR/data-$([[ $side == empty* ]] && echo empty || echo service) bench_start_server
    BOOTS+=("$side $round: $BOOT_SECONDS s")
    cp "$SERVER_LOG" "$BENCH_DIR/server-$side-$round.log"
    grep -q '"greeting":"hello"' <<<"$(curl -fsS "$HELLO_URL")" || die "GET /api/diag/hello on $side did not answer hello"
    bench_warmup "hello-$side" "$HELLO_URL" "$BENCH_HOME/hello.lua"
    for level in $LEVELS; do
      CONNECTIONS=$level
      for what in hello live; do
        if [[ $what == hello ]]; then url=$HELLO_URL script=hello.lua label="GET /api/diag/hello"
        else url=$LIVE_URL script=live.lua label="GET /health/live"; fi
        profiled=$([[ $PROFILE == 1 && $round == 1 && $what == hello && $level == "$TOP_LEVEL" ]] && echo 1 || echo 0)
        [[ $profiled == 0 ]] || jcmd "$SERVER_PID" JFR.start name=hello settings=profile >/dev/null || die "JFR.start failed"
        bench_measure "$label, $side WAR, round $round" "$url" "$BENCH_HOME/$script" "$what-$side-$round-c$level"
        [[ $profiled == 0 ]] || jcmd "$SERVER_PID" JFR.stop name=hello filename="$BENCH_DIR/profile-$side.jfr" >/dev/null \
          || die "JFR.stop failed"
        RPS[$what,$side,$round,$level]=${ROW_RPS[-1]}
        # The server's CPU per request, in µs: its share of all cores over the run, per request answered.
        MICROS[$what,$side,$round,$level]=$(awk -v share="${ROW_CPU[-1]%% *}" -v cores="$(nproc)" -v rps="${ROW_RPS[-1]}" \
          'BEGIN { if (rps > 0) printf "%.0f", share / 100 * cores / rps * 1e6; else print 0 }')
      done
    done
    CONNECTIONS=$(tr ' ' '\n' <<<"$LEVELS" | sort -n | tail -n 1)
    bench_stop_server
  done
done

# ---- The table ----------------------------------------------------------------------------------------------

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
sum() { awk 'BEGIN { s = 0; for (i = 1; i < ARGC; i++) s += ARGV[i]; print s }' "$@"; }
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- src pom.xml liquibase 2>/dev/null || commit="$commit (with local changes)"
{
  echo
  echo "### Trivial request, empty WAR against ours, $(date '+%Y-%m-%d %H:%M %Z'), commit $commit"
  echo
  echo "Machine: nproc $(nproc), $(java -version 2>&1 | head -n 1); Payara Micro $PAYARA_VERSION (--nohazelcast --maxHttpThreads $HTTP_THREADS $MICRO_OPTS, $BENCH_JAVA_OPTS); $DB_DESCRIPTION."
  echo "Each server: $WARMUP s warm-up on GET /api/diag/hello (wrk -t1 -c$CONNECTIONS), then $DURATION s per run (wrk -t$THREADS --latency) at levels $LEVELS;"
  echo "servers in the order ${SIDES[*]} ($ROUNDS rounds). Boots to /health/ready: $(IFS=';'; echo "${BOOTS[*]}" | sed 's/;/; /g')."
  echo "Each cell: req/s, then the server's CPU per request in µs (its CPU ticks over the run, per request answered)."
  echo
  header="| request | conns |"; rule="|---|---|"
  for round in $(seq 1 "$ROUNDS"); do
    for side in "${SIDES[@]}"; do header+=" $side $round |"; rule+="---|"; done
  done
  for side in "${SIDES[@]:1}"; do header+=" $side / empty req/s | $side / empty CPU per request |"; rule+="---|---|"; done
  echo "$header"
  echo "$rule"
  for what in hello live; do
    for level in $LEVELS; do
      row="| GET $([[ $what == hello ]] && echo /api/diag/hello || echo /health/live) | $level |"
      for round in $(seq 1 "$ROUNDS"); do
        for side in "${SIDES[@]}"; do
          row+=" $(printf '%.0f' "${RPS[$what,$side,$round,$level]}"), ${MICROS[$what,$side,$round,$level]} µs |"
        done
      done
      for side in "${SIDES[@]:1}"; do
        these=() empties=() cpu=() cpu_empty=()
        for round in $(seq 1 "$ROUNDS"); do
          these+=("${RPS[$what,$side,$round,$level]}") empties+=("${RPS[$what,empty,$round,$level]}")
          cpu+=("${MICROS[$what,$side,$round,$level]}") cpu_empty+=("${MICROS[$what,empty,$round,$level]}")
        done
        row+=" $(ratio "$(sum "${these[@]}")" "$(sum "${empties[@]}")") | $(ratio "$(sum "${cpu[@]}")" "$(sum "${cpu_empty[@]}")")x |"
      done
      echo "$row"
    done
  done
  echo
  echo "CPU during each run (share of both cores):"
  printf -- '- %s\n' "${NOTES[@]}"
  [[ -z $BUSY_MACHINE ]] || echo "WARNING: other processes used more than 5% of the CPU in some runs: the machine was not quiet."
  echo
} | tee "$BENCH_DIR/results.md"
log "table saved to $BENCH_REL/results.md; wrk outputs in $BENCH_REL/wrk-*.txt, server logs in $BENCH_REL/server-*.log"
if [[ $PROFILE == 1 ]]; then
  for side in "${SIDES[@]}"; do
    echo
    echo "#### Profile of GET /api/diag/hello on $side (JFR, $TOP_LEVEL connections, round 1)"
    "$BENCH_HOME/jfr-top.sh" "$BENCH_DIR/profile-$side.jfr" 30
  done | tee "$BENCH_DIR/profiles.md"
  log "profiles saved to $BENCH_REL/profiles.md (recordings: $BENCH_REL/profile-*.jfr)"
fi
