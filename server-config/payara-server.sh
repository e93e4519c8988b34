#!/usr/bin/env bash
# Runs target/payments.war, unchanged, on the full Payara Server 6 (domain1).
#   server-config/payara-server.sh [start|stop]      (run `mvn package -DskipTests` first)
# Settings come from the PAYMENTS_* environment variables that are set (see README-payara-server.md).
# PAYARA_SERVER_DIR (default target/payara-server) and PAYMENTS_HTTP_PORT (default 8080) are overridable.
set -euo pipefail
cd "$(dirname "$0")/.."

PAYARA_VERSION=6.2025.10
DIR=$(mkdir -p "${PAYARA_SERVER_DIR:-target/payara-server}" && cd "${PAYARA_SERVER_DIR:-target/payara-server}" && pwd)
ASADMIN=$DIR/payara6/bin/asadmin
PORT=${PAYMENTS_HTTP_PORT:-8080}
WAR=$PWD/target/payments.war

if [[ ${1:-start} == stop ]]; then
    if [[ -x $ASADMIN ]]; then "$ASADMIN" stop-domain domain1; fi
    exit
fi
[[ ${1:-start} == start ]] || { echo "usage: $0 [start|stop]" >&2; exit 2; }
[[ -f $WAR ]] || { echo "$WAR is missing: run mvn package -DskipTests" >&2; exit 1; }

# 1. The distribution, from Maven Central, once.
if [[ ! -x $ASADMIN ]]; then
    mvn -q -B org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy -Dartifact=fish.payara.distributions:payara:$PAYARA_VERSION:zip -DoutputDirectory="$DIR"
    unzip -q -o "$DIR/payara-$PAYARA_VERSION.zip" -d "$DIR" && rm "$DIR/payara-$PAYARA_VERSION.zip"
fi

# 2. The domain.
if ! "$ASADMIN" list-domains | grep -q '^domain1 running'; then
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
        echo "Port $PORT is in use: set PAYMENTS_HTTP_PORT to a free port" >&2; exit 1
    fi
    # Without the PAYMENTS_* variables: the server must see only the settings stored below (step 3).
    env $(compgen -e | sed -n 's/^PAYMENTS_/-u &/p') "$ASADMIN" start-domain domain1
fi
"$ASADMIN" set configs.config.server-config.network-config.network-listeners.network-listener.http-listener-1.port="$PORT" >/dev/null

# 3. Settings as system properties of the server (domain.xml), not as environment variables: MP Config reads
# both, but the server's environment is whatever shell or service manager started it last, so a later plain
# `asadmin start-domain` would silently fall back to the embedded H2 and a fresh signing key. System properties
# persist with the domain, apply at once without restart and outrank environment variables in MP Config.
# Secrets become password aliases (encrypted domain-passwords store): domain.xml only holds ${ALIAS=...},
# and the value never appears on a command line or in this script's output.
# The environment of this run is the whole truth: a variable that is not set removes its property.
props=()
pwfile=$(umask 077 && mktemp)
trap 'rm -f "$pwfile"' EXIT
drop() { "$ASADMIN" delete-system-property "$1" >/dev/null 2>&1 || true; }
setting() { # property variable [default]
    local value=${!2:-${3:-}}
    if [[ -z $value ]]; then drop "$1"; return; fi
    value=${value//\\/\\\\}; value=${value//:/\\:}; value=${value//=/\\=}   # create-system-properties syntax
    props+=("$1=$value")
}
secret() { # property variable
    local alias=${1//./-}
    drop "$1"   # else an unchanged ${ALIAS=...} is not resolved again and the server keeps the old value
    "$ASADMIN" delete-password-alias "$alias" >/dev/null 2>&1 || true
    [[ -n ${!2:-} ]] || return 0
    printf 'AS_ADMIN_ALIASPASSWORD=%s\n' "${!2//\\/\\\\}" >"$pwfile"   # a properties file: escape backslashes
    "$ASADMIN" --passwordfile "$pwfile" create-password-alias "$alias" >/dev/null
    : >"$pwfile"
    props+=("$1=\${ALIAS\\=$alias}")
}
setting payments.db.url PAYMENTS_DB_URL
setting payments.db.user PAYMENTS_DB_USER
secret payments.db.password PAYMENTS_DB_PASSWORD
setting payments.data.dir PAYMENTS_DATA_DIR "$DIR/data"
setting payments.bootstrap.admin.email PAYMENTS_BOOTSTRAP_ADMIN_EMAIL
secret payments.bootstrap.admin.password PAYMENTS_BOOTSTRAP_ADMIN_PASSWORD
setting payments.jwt.signing-key PAYMENTS_JWT_SIGNING_KEY
setting payments.jwt.issuer PAYMENTS_JWT_ISSUER
setting payments.security.pbkdf2-iterations PAYMENTS_SECURITY_PBKDF2_ITERATIONS
"$ASADMIN" create-system-properties "$(IFS=:; echo "${props[*]}")" >/dev/null

# 4. The application, at the root context; --force redeploys it with the settings above.
"$ASADMIN" deploy --contextroot / --name payments --force=true "$WAR"

# 5. Ready once the schema is migrated and the database answers (MicroProfile Health on the HTTP listener).
for _ in $(seq 120); do
    if curl -fs "http://localhost:$PORT/health/ready"; then
        echo; echo "Payments is up at http://localhost:$PORT/ (admin console http://localhost:4848)."
        echo "Stop with: $0 stop   (or $ASADMIN stop-domain domain1)"
        exit 0
    fi
    sleep 1
done
echo "Not ready after 120 s: see $DIR/payara6/glassfish/domains/domain1/logs/server.log" >&2
exit 1
