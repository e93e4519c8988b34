#!/usr/bin/env bash
# Sums up a JDK Flight Recorder recording's CPU samples (jdk.ExecutionSample): where the server's Java CPU goes.
#   bench/jfr-top.sh target/bench/hotpath/profile-tokenize.jfr [top-n]
# Prints (1) the share of samples per area, inclusive (a sample counts for every area on its stack, so the shares
# add up to more than 100%; "application" is com.paycore), (2) self time by area (the area of the top frame, each
# sample once), (3) self time by owner: a sample whose top frames are the JDK's counts for the area of its first
# frame outside the JDK (the code that asked the JDK for the work), (4) the top frames (self), (5) the top owner
# frames, (6) the application's own methods (inclusive).
set -euo pipefail
file=${1:?usage: bench/jfr-top.sh recording.jfr [top-n]}
top=${2:-25}
command -v jfr >/dev/null || { echo "jfr (JDK 17) is not on the PATH" >&2; exit 2; }
jfr print --events jdk.ExecutionSample --stack-depth 400 "$file" | awk -v top="$top" '
  function area(frame) {
    if (frame ~ /^com\.paycore\./) return "application (com.paycore)"
    if (frame ~ /^org\.eclipse\.persistence\./) return "JPA (EclipseLink)"
    if (frame ~ /^org\.postgresql\./) return "JDBC driver (pgjdbc)"
    if (frame ~ /^com\.sun\.enterprise\.resource\.|^com\.sun\.gjc\.|^fish\.payara\.jdbc|^com\.sun\.enterprise\.connectors/) return "connection pool (Payara JCA)"
    if (frame ~ /^com\.sun\.enterprise\.transaction|^com\.sun\.jts|^fish\.payara\.transaction|^jakarta\.transaction/) return "JTA transactions"
    if (frame ~ /^org\.eclipse\.yasson\.|^org\.glassfish\.json\.|^org\.eclipse\.parsson\.|^jakarta\.json/) return "JSON (Yasson/Parsson)"
    if (frame ~ /^org\.jboss\.weld\./) return "CDI (Weld)"
    if (frame ~ /^org\.glassfish\.jersey\.|^jakarta\.ws\.rs/) return "JAX-RS (Jersey)"
    if (frame ~ /^org\.hibernate\.validator|^jakarta\.validation/) return "Bean Validation"
    if (frame ~ /^org\.glassfish\.grizzly\./) return "HTTP (Grizzly)"
    if (frame ~ /^org\.apache\.catalina\.|^org\.glassfish\.web\.|^com\.sun\.enterprise\.web\.|^org\.apache\.coyote/) return "servlet container"
    if (frame ~ /^com\.sun\.ejb\.|^org\.glassfish\.ejb\./) return "EJB container"
    if (frame ~ /^fish\.payara\.microprofile\.|^io\.smallrye\./) return "MicroProfile (Payara)"
    if (frame ~ /^fish\.payara\.|^com\.sun\.enterprise\.|^org\.glassfish\./) return "Payara/GlassFish other"
    if (frame ~ /^com\.sun\.crypto\.|^sun\.security\.(provider|rsa|ec|util)\.|^javax\.crypto\.|^java\.security\.(MessageDigest|Signature|SecureRandom|KeyFactory)|^org\.bouncycastle\./) return "crypto (JCE)"
    if (frame ~ /^java\.util\.logging\.|^com\.sun\.enterprise\.server\.logging|^fish\.payara\.logging/) return "logging"
    if (frame ~ /^java\.util\.regex\./) return "regex"
    if (frame ~ /^sun\.nio\.|^java\.nio\.|^sun\.net\.|^java\.net\./) return "I/O (NIO, sockets)"
    if (frame ~ /^java\.lang\.reflect\.|^jdk\.internal\.reflect\.|^java\.lang\.invoke\./) return "reflection"
    if (frame ~ /^java\.|^jdk\.|^sun\./) return "JDK other"
    return "other"
  }
  /^jdk\.ExecutionSample/ { in_stack = 0; depth = 0; next }
  /stackTrace = \[/ { in_stack = 1; samples++; owned = 0; delete seen; delete seen_app; next }
  in_stack && /^[ \t]*\]/ {
    if (!owned) { owner_area["JDK only"]++; owner_frame["(JDK only)"]++ }
    in_stack = 0; next }
  in_stack {
    frame = $0; sub(/^[ \t]+/, "", frame); sub(/[ \t]+line:.*$/, "", frame)
    if (frame == "...") next
    a = area(frame)
    if (depth == 0) { self_area[a]++; self_frame[frame]++ }
    if (!owned && a != "JDK other" && a != "reflection" && a != "I/O (NIO, sockets)" && a != "regex") {
      owned = 1; owner_area[a]++; owner_frame[frame]++ }
    depth++
    if (!(a in seen)) { seen[a] = 1; incl_area[a]++ }
    if (a ~ /^application/) { m = frame; sub(/\(.*$/, "", m); if (!(m in seen_app)) { seen_app[m] = 1; app[m]++ } }
  }
  END {
    if (samples == 0) { print "no execution samples"; exit 1 }
    printf "%d CPU samples\n\n", samples
    print "## Inclusive share by area (a sample counts for every area on its stack)"
    for (a in incl_area) printf "%6.1f%%  %s\n", incl_area[a] * 100 / samples, a | "sort -rn"
    close("sort -rn")
    print "\n## Self share by area (top frame)"
    for (a in self_area) printf "%6.1f%%  %s\n", self_area[a] * 100 / samples, a | "sort -rn"
    close("sort -rn")
    print "\n## Self share by owner (JDK frames counted for their first non-JDK caller)"
    for (a in owner_area) printf "%6.1f%%  %s\n", owner_area[a] * 100 / samples, a | "sort -rn"
    close("sort -rn")
    printf "\n## Top %d frames (self)\n", top
    for (f in self_frame) printf "%6.1f%%  %s\n", self_frame[f] * 100 / samples, f | ("sort -rn | head -n " top)
    close("sort -rn | head -n " top)
    printf "\n## Top %d owner frames (first frame outside the JDK)\n", top
    for (f in owner_frame) printf "%6.1f%%  %s\n", owner_frame[f] * 100 / samples, f | ("sort -rn | head -n " top)
    close("sort -rn | head -n " top)
    printf "\n## Application methods (inclusive), top %d\n", top
    for (m in app) printf "%6.1f%%  %s\n", app[m] * 100 / samples, m | ("sort -rn | head -n " top)
    close("sort -rn | head -n " top)
  }'
