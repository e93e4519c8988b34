#!/usr/bin/env bash
# The hot-path benchmark (bench/hotpath.sh) of two commits in one run, alternated so that the machine's drift shows:
# BEFORE, AFTER, BEFORE, AFTER (ROUNDS pairs), each on a fresh server and schema with the same knobs. Builds each
# commit's WAR in a worktree of its own under target/bench/compare/ (the working tree is not touched), then prints
# each round's req/s per workload and AFTER as a share of BEFORE (the mean of the rounds). A regression check for a
# refactoring: no workload's share well below 1.00 (the figures of one run still move 5-10% between rounds).
#
#   bench/compare.sh 6ed1934              # that commit against HEAD
#   bench/compare.sh 6ed1934 int          # two commits
#   ROUNDS=1 WARMUP=60 bench/compare.sh 6ed1934
set -euo pipefail

BEFORE=${1:?usage: bench/compare.sh BEFORE [AFTER]  (git revisions; AFTER defaults to HEAD)}
AFTER=${2:-HEAD}
ROUNDS=${ROUNDS:-2}
export WARMUP=${WARMUP:-90} DURATION=${DURATION:-20} LEVELS=${LEVELS:-32} BOOTS=${BOOTS:-1} QUERIES=${QUERIES:-0}

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
BEFORE_COMMIT=$(git rev-parse --short "$BEFORE^{commit}")
AFTER_COMMIT=$(git rev-parse --short "$AFTER^{commit}")
BEFORE_WAR=$(war_of "$BEFORE")
AFTER_WAR=$(war_of "$AFTER")

# One hot-path run per WAR and round, this checkout's bench scripts for both (the same measurement).
for round in $(seq 1 "$ROUNDS"); do
  for side in before after; do
    if [[ $side == before ]]; then war=$BEFORE_WAR commit=$BEFORE_COMMIT; else war=$AFTER_WAR commit=$AFTER_COMMIT; fi
    log "round $round, $side ($commit): bench/hotpath.sh"
    BENCH_WAR=$war BENCH_COMMIT=$commit bash bench/hotpath.sh >"$OUT/run-$round-$side.log" 2>&1 \
      || die "bench/hotpath.sh failed for $commit (log: target/bench/compare/run-$round-$side.log)"
    cp target/bench/hotpath/results.md "$OUT/results-$round-$side.md"
  done
done

# The rows "| label | conns | req/s | ..." of each results.md: label and level as the key.
{
  echo
  echo "### Hot-path A/B, $(date '+%Y-%m-%d %H:%M %Z'): $BEFORE_COMMIT (before) against $AFTER_COMMIT (after)"
  echo
  echo "bench/hotpath.sh with WARMUP=$WARMUP DURATION=$DURATION LEVELS=\"$LEVELS\" BOOTS=$BOOTS, run before, after, before, after..."
  echo "($ROUNDS rounds), each on a fresh server and schema; req/s per round, and after / before over the rounds' sums."
  echo
  header="| workload | conns |"; rule="|---|---|"
  for round in $(seq 1 "$ROUNDS"); do header+=" before $round | after $round |"; rule+="---|---|"; done
  echo "$header after / before |"
  echo "$rule---|"
  awk -F '|' -v rounds="$ROUNDS" '
    FNR == 1 { file++ }
    $3 ~ /^ *[0-9]+ *$/ && $4 ~ /^ *[0-9.]+ *$/ {
      key = $2 "|" $3
      if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      rps[key, file] = $4 + 0
    }
    END {
      for (i = 1; i <= n; i++) {
        key = order[i]; split(key, part, "|"); line = "|" part[1] "|" part[2] "|"; b = 0; a = 0
        for (f = 1; f <= 2 * rounds; f++) {
          line = line sprintf(" %.0f |", rps[key, f])
          if (f % 2) b += rps[key, f]; else a += rps[key, f]
        }
        printf "%s %s |\n", line, (b > 0) ? sprintf("%.2f", a / b) : "-"
      }
    }' $(for round in $(seq 1 "$ROUNDS"); do printf '%s %s ' "$OUT/results-$round-before.md" "$OUT/results-$round-after.md"; done)
  echo
  grep -h "WARNING" "$OUT"/results-*.md | sort -u || true
} | tee "$OUT/results.md"
log "table saved to target/bench/compare/results.md; each run's table and log beside it"
