#!/usr/bin/env bash
# Runs target/payments.war, unchanged, on the full Payara Server 6 (domain1).
#   server-config/payara-server.sh [start|stop|settings]      (run `mvn package -DskipTests` first)
# Settings: every PAYMENTS_* and MP_JWT_* environment variable that is set (docs/configuration.md's table), stored
# with the domain; `settings` only prints how each would be stored (no server needed).
# PAYARA_SERVER_DIR and PAYMENTS_DATA_DIR (defaults under ${XDG_DATA_HOME:-~/.local/share}/payments, never under
# target/, which `mvn clean` deletes) and PAYMENTS_HTTP_PORT (default 8080) are overridable.
set -euo pipefail
cd "$(dirname "$0")/.."

PAYARA_VERSION=6.2025.10
STATE=${XDG_DATA_HOME:-$HOME/.local/share}/payments
export PAYMENTS_DATA_DIR=${PAYMENTS_DATA_DIR:-$STATE/data}
# Production mode unless told otherwise: not ready without PostgreSQL, a master key, a signing key and an SMTP host
# (docs/operations.md, "Production mode"); PAYMENTS_MODE=development to try it without them.
export PAYMENTS_MODE=${PAYMENTS_MODE:-production}
PORT=${PAYMENTS_HTTP_PORT:-8080}
WAR=$PWD/target/payments.war

# Secrets (by name) become password aliases; everything else a plain system property.
is_secret() { [[ $1 =~ (PASSWORD|SECRET|MASTER_KEYS?)$ ]]; }
# The settings of this run: every PAYMENTS_* and MP_JWT_* variable that is set, except the listener port (step 2).
settings() { compgen -e | grep -E '^(PAYMENTS|MP_JWT)_[A-Z0-9_]+$' | grep -vx PAYMENTS_HTTP_PORT | while read -r name; do
    [[ -n ${!name:-} ]] && echo "$name"; done; }

if [[ ${1:-start} == settings ]]; then
    for name in $(settings); do
        if is_secret "$name"; then echo "$name password-alias"; else echo "$name system-property"; fi
    done
    exit
fi

# Key material (the password-alias store, a generated master or signing key) must outlive `mvn clean`.
under_target() { [[ $(realpath -m "$1")/ == "$PWD/target/"* ]]; }
for dir in "${PAYARA_SERVER_DIR:-$STATE/payara-server}" "$PAYMENTS_DATA_DIR"; do
    if under_target "$dir"; then echo "$dir is under target/ (deleted by mvn clean): choose another folder" >&2; exit 2; fi
done
DIR=$(mkdir -p "${PAYARA_SERVER_DIR:-$STATE/payara-server}" && cd "${PAYARA_SERVER_DIR:-$STATE/payara-server}" && pwd)
ASADMIN=$DIR/payara6/bin/asadmin

if [[ ${1:-start} == stop ]]; then
    if [[ -x $ASADMIN ]]; then "$ASADMIN" stop-domain domain1; fi
    exit
fi
[[ ${1:-start} == start ]] || { echo "usage: $0 [start|stop|settings]" >&2; exit 2; }
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
    env $(compgen -e | sed -n 's/^\(PAYMENTS_\|MP_JWT_\)/-u &/p') "$ASADMIN" start-domain domain1
fi
"$ASADMIN" set configs.config.server-config.network-config.network-listeners.network-listener.http-listener-1.port="$PORT" >/dev/null

# 3. Settings as system properties of the server (domain.xml), not as environment variables: MP Config reads
# both, but the server's environment is whatever shell or service manager started it last, so a later plain
# `asadmin start-domain` would silently fall back to the embedded H2 and a fresh signing key. System properties
# persist with the domain and apply at once. Each is stored under its environment-variable name
# (PAYMENTS_DB_URL=...), which the application reads like the variable itself (EnvironmentNamedProperties): no list
# of settings here to forget a new one in. Secrets (is_secret) become password aliases (the encrypted
# domain-passwords store): domain.xml only holds ${ALIAS=...}, and the value never appears on a command line or in
# this script's output. The environment of this run is the whole truth: a setting that is not set is removed.
if [[ -z ${PAYMENTS_CRYPTO_MASTER_KEY:-} ]]; then
    echo "warning: PAYMENTS_CRYPTO_MASTER_KEY is not set: the service generates one into $PAYMENTS_DATA_DIR/master.key;" \
         "back it up, or better set it from your secret store" >&2
fi
props=()
pwfile=$(umask 077 && mktemp)
trap 'rm -f "$pwfile"' EXIT
wanted=" $(settings | tr '\n' ' ') "
# Settings of earlier runs (and of releases that stored dotted names such as payments.db.url) that are not set now.
for old in $("$ASADMIN" list-system-properties 2>/dev/null | sed -n 's/^\(PAYMENTS_[A-Z0-9_]*\|MP_JWT_[A-Z0-9_]*\|payments\.[a-z0-9.-]*\)=.*/\1/p'); do
    [[ $wanted == *" $old "* ]] || "$ASADMIN" delete-system-property "$old" >/dev/null 2>&1 || true
done
for old in $("$ASADMIN" list-password-aliases 2>/dev/null | grep -E '^(PAYMENTS_[A-Z0-9_]+|payments-[a-z0-9.-]+)$' || true); do
    [[ $wanted == *" $old "* ]] || "$ASADMIN" delete-password-alias "$old" >/dev/null 2>&1 || true
done
for name in $(settings); do
    value=${!name}
    if is_secret "$name"; then
        # Dropped first, else an unchanged ${ALIAS=...} is not resolved again and the server keeps the old value.
        "$ASADMIN" delete-system-property "$name" >/dev/null 2>&1 || true
        "$ASADMIN" delete-password-alias "$name" >/dev/null 2>&1 || true
        printf 'AS_ADMIN_ALIASPASSWORD=%s\n' "${value//\\/\\\\}" >"$pwfile"   # a properties file: escape backslashes
        "$ASADMIN" --passwordfile "$pwfile" create-password-alias "$name" >/dev/null
        : >"$pwfile"
        props+=("$name=\${ALIAS\\=$name}")
    else
        value=${value//\\/\\\\}; value=${value//:/\\:}; value=${value//=/\\=}   # create-system-properties syntax
        props+=("$name=$value")
    fi
done
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
# The readiness answer names what is missing (PAYMENTS_MODE=production refuses without its settings).
curl -s "http://localhost:$PORT/health/ready" >&2 && echo >&2 || true
exit 1
