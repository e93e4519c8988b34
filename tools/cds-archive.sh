#!/usr/bin/env bash
# Makes an AppCDS archive (JDK class data sharing) of Payara Micro with the service's WAR, for faster restarts
# (docs/PERFORMANCE.md, "AppCDS"; docs/operations.md, "Running it"):
#
#   tools/cds-archive.sh payments.jsa [target/payments.war] [target/runtime/payara-micro.jar]
#   java -Xmx512m -XX:SharedArchiveFile=payments.jsa -jar target/runtime/payara-micro.jar --deploy target/payments.war ...
#
# A training start: Payara Micro with the WAR, started with -XX:ArchiveClassesAtExit, run until /health/ready (the
# deployment, the startup work and the warm-up have loaded their classes), then stopped with SIGTERM; the JVM writes
# the classes it loaded (the JDK's, Payara's and the WAR's, already parsed and verified) at exit. It runs in development
# mode on an embedded H2 database in a temporary folder, with none of the caller's PAYMENTS_* settings, so that it
# touches no real database and needs no secret.
#
# The archive fits one JDK build, one payara-micro.jar at the same path and the same heap options (-Xmx): make it
# again after changing any of them, and after a new WAR (classes that changed are then loaded as without the archive,
# so a stale archive is only slower, never wrong). An archive the JVM cannot use is ignored with a warning; a start
# never fails because of it.
set -euo pipefail

archive=${1:?usage: tools/cds-archive.sh archive.jsa [war] [payara-micro.jar]}
war=${2:-target/payments.war}
micro=${3:-target/runtime/payara-micro.jar}
port=${CDS_TRAINING_PORT:-18499}
heap=${CDS_HEAP:--Xmx512m}
[[ -f $war ]] || { echo "no WAR at $war (mvn package -DskipTests)" >&2; exit 2; }
[[ -f $micro ]] || { echo "no Payara Micro at $micro" >&2; exit 2; }
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "port $port is in use: set CDS_TRAINING_PORT" >&2; exit 2
fi

work=$(mktemp -d)
pid=
cleanup() {
  [[ -z $pid ]] || kill "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
archive_path=$(cd "$(dirname "$archive")" && pwd)/$(basename "$archive")
rm -f "$archive_path"

echo "training start of Payara Micro with $war (log: $work/server.log)" >&2
# shellcheck disable=SC2086 # heap is a list of options
env -i PATH="$PATH" HOME="$HOME" LANG="${LANG:-C.UTF-8}" \
  java $heap -XX:ArchiveClassesAtExit="$archive_path" -Xlog:cds=off -Xlog:cds+dynamic=off \
  -Dpayments.data.dir="$work/data" \
  -jar "$micro" --deploy "$war" --contextroot / --nohazelcast --port "$port" --rootdir "$work/root" \
  >"$work/server.log" 2>&1 &
pid=$!
deadline=$((SECONDS + ${CDS_TRAINING_TIMEOUT:-600}))
until curl -fsS -o /dev/null "http://127.0.0.1:$port/health/ready" 2>/dev/null; do
  if ! kill -0 "$pid" 2>/dev/null || (( SECONDS > deadline )); then
    tail -n 30 "$work/server.log" >&2
    echo "the training start did not become ready" >&2
    exit 1
  fi
  sleep 0.5
done
echo "ready; stopping it (the archive is written at exit)" >&2
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=
[[ -s $archive_path ]] || { tail -n 30 "$work/server.log" >&2; echo "no archive written" >&2; exit 1; }
echo "$archive_path: $(du -m "$archive_path" | cut -f1) MB" >&2
