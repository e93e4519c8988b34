#!/usr/bin/env bash
# The hot-path benchmark (bench/hotpath.sh) of two or more commits in one run, alternated so that the machine's drift
# shows: A, B, C..., then again (ROUNDS rounds), each on a fresh server and schema with the same knobs. Builds each
# commit's WAR in a worktree of its own under target/bench/compare/ (the working tree is not touched), then prints
# each round's req/s per workload, each commit as a share of the one before it (one step of a series, measured in
# the same run) and the last as a share of the first. A regression check for a refactoring: no workload's share well
# below 1.00 (the figures of one run still move 5-10% between rounds).
#
#   bench/compare.sh 6ed1934              # that commit against HEAD
#   bench/compare.sh 6ed1934 int          # two commits
#   bench/compare.sh db53877 a1 b2 HEAD   # a series of steps: each against the one before, the last against the first
#   ROUNDS=1 bench/compare.sh 6ed1934     # one round (the warm-up stays 240 s: shorter ones measure the JIT at work)
#   PROFILE=1 bench/compare.sh 6ed1934 # also each run's JFR profiles, in target/bench/compare/profile-ROUND-SIDE/
set -euo pipefail

(( $# >= 1 )) || { echo "usage: bench/compare.sh BEFORE [AFTER...]  (git revisions; AFTER defaults to HEAD)" >&2; exit 2; }
REVISIONS=("$@")
(( $# >= 2 )) || REVISIONS+=(HEAD)
ROUNDS=${ROUNDS:-2}
export WARMUP=${WARMUP:-240} DURATION=${DURATION:-20} LEVELS=${LEVELS:-32} BOOTS=${BOOTS:-1} QUERIES=${QUERIES:-0}

HOME_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$HOME_DIR"
OUT=$HOME_DIR/target/bench/compare
mkdir -p "$OUT"
log() { printf '[compare %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be at least 1"

war_of() { # revision: builds it in a worktree of its own (once per commit) and prints the WAR's path
  local commit dir
  commit=$(git rev-parse --short "$1^{commit}") || die "no commit $1"
  dir=$OUT/$commit
  if [[ ! -f $dir/target/payments.war ]]; then
    [[ -d $dir ]] || git worktree add --detach -q "$dir" "$commit" >&2 || die "git worktree add $commit failed"
    log "building $1 ($commit) in $dir"
    (cd "$dir" && mvn -B -q -ntp package -DskipTests >&2) || die "building $commit failed"
  fi
  echo "$dir/target/payments.war"
}
COMMITS=() WARS=()
for revision in "${REVISIONS[@]}"; do
  COMMITS+=("$(git rev-parse --short "$revision^{commit}")") || die "no commit $revision"
  WARS+=("$(war_of "$revision")")
done
SIDES=${#COMMITS[@]}

# One hot-path run per WAR and round, this checkout's bench scripts for all (the same measurement).
for round in $(seq 1 "$ROUNDS"); do
  for side in $(seq 1 "$SIDES"); do
    war=${WARS[side - 1]} commit=${COMMITS[side - 1]}
    log "round $round, $commit ($side of $SIDES): bench/hotpath.sh"
    BENCH_WAR=$war BENCH_COMMIT=$commit bash bench/hotpath.sh >"$OUT/run-$round-$side.log" 2>&1 \
      || die "bench/hotpath.sh failed for $commit (log: target/bench/compare/run-$round-$side.log)"
    cp target/bench/hotpath/results.md "$OUT/results-$round-$side.md"
    if [[ ${PROFILE:-0} == 1 ]]; then # each run's profiles kept beside its table (hotpath.sh keeps only the last run's)
      mkdir -p "$OUT/profile-$round-$side"
      cp target/bench/hotpath/profile-* "$OUT/profile-$round-$side/" 2>/dev/null || log "WARNING: no profiles in run $round-$side"
    fi
  done
done

# The rows "| label | conns | req/s | ..." of each results.md: label and level as the key.
{
  echo
  echo "### Hot-path A/B, $(date '+%Y-%m-%d %H:%M %Z'): ${COMMITS[*]}"
  echo
  echo "bench/hotpath.sh with WARMUP=$WARMUP DURATION=$DURATION LEVELS=\"$LEVELS\" BOOTS=$BOOTS, the commits run in turn, $ROUNDS"
  echo "round(s), each on a fresh server and schema; req/s per round, then each commit over the one before it and the"
  echo "last over the first (the rounds' sums)."
  echo
  header="| workload | conns |"; rule="|---|---|"
  for round in $(seq 1 "$ROUNDS"); do
    for side in $(seq 1 "$SIDES"); do header+=" ${COMMITS[side - 1]} r$round |"; rule+="---|"; done
  done
  for side in $(seq 2 "$SIDES"); do header+=" ${COMMITS[side - 1]} / ${COMMITS[side - 2]} |"; rule+="---|"; done
  (( SIDES == 2 )) || { header+=" ${COMMITS[SIDES - 1]} / ${COMMITS[0]} |"; rule+="---|"; }
  echo "$header"
  echo "$rule"
  files=()
  for round in $(seq 1 "$ROUNDS"); do
    for side in $(seq 1 "$SIDES"); do files+=("$OUT/results-$round-$side.md"); done
  done
  awk -F '|' -v rounds="$ROUNDS" -v sides="$SIDES" '
    FNR == 1 { file++ }
    $3 ~ /^ *[0-9]+ *$/ && $4 ~ /^ *[0-9.]+ *$/ {
      key = $2 "|" $3
      if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      rps[key, file] = $4 + 0
    }
    function share(a, b) { return (b > 0) ? sprintf("%.2f", a / b) : "-" }
    END {
      for (i = 1; i <= n; i++) {
        key = order[i]; split(key, part, "|"); line = "|" part[1] "|" part[2] "|"
        for (s = 1; s <= sides; s++) sum[s] = 0
        for (f = 1; f <= rounds * sides; f++) {
          line = line sprintf(" %.0f |", rps[key, f])
          sum[(f - 1) % sides + 1] += rps[key, f]
        }
        for (s = 2; s <= sides; s++) line = line " " share(sum[s], sum[s - 1]) " |"
        if (sides > 2) line = line " " share(sum[sides], sum[1]) " |"
        print line
      }
    }' "${files[@]}"
  echo
  grep -h "WARNING" "$OUT"/results-*.md | sort -u || true
} | tee "$OUT/results.md"
log "table saved to target/bench/compare/results.md; each run's table and log beside it"
