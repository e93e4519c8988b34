#!/usr/bin/env bash
# CI: the WAR on the full Payara Server 6, deployed the way server-config/README-payara-server.md tells operations
# teams (server-config/payara-server.sh: settings from PAYMENTS_* variables, secrets as password aliases), on
# PostgreSQL; then a smoke flow over HTTP (token, company, project, key, processor, tokenize, authorize, E16), a check
# that the settings reached the application and that no secret is in clear in domain.xml, and the domain stopped.
#   .ci/payara-server-smoke.sh <jdbc-url of an empty schema>      (after mvn package or verify: target/payments.war)
# The distribution zip is fetched once into the local Maven repository; the server is unpacked into a fresh
# temporary folder each run and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

DB_URL=$1
WORK=$(mktemp -d "${TMPDIR:-/tmp}/payments-payara-server.XXXXXX")
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
PORT=$(free_port)
BASE=http://localhost:$PORT

export PAYARA_SERVER_DIR=$WORK/server PAYMENTS_DATA_DIR=$WORK/data PAYMENTS_HTTP_PORT=$PORT
export PAYMENTS_DB_URL=$DB_URL PAYMENTS_DB_USER=${PAYMENTS_DB_USER:-postgres} PAYMENTS_DB_PASSWORD=${PAYMENTS_DB_PASSWORD:-postgres}
export PAYMENTS_CRYPTO_MASTER_KEY=$(head -c 32 /dev/urandom | base64)
export PAYMENTS_BOOTSTRAP_ADMIN_EMAIL=ci-admin@payments.test
export PAYMENTS_BOOTSTRAP_ADMIN_PASSWORD="ci-$(head -c 12 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')-Secret1"
export PAYMENTS_SECURITY_PBKDF2_ITERATIONS=5000
# server-config/payara-server.sh deploys in production mode (PAYMENTS_MODE=production unless set): PostgreSQL, the
# master key above, and a signing key and an SMTP host of their own, or the instance never becomes ready. The flow
# sends no e-mail (no invitation), so nothing needs to listen on the SMTP port.
mkdir -p "$WORK/keys"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/keys/jwt-signing-key.pem" 2>/dev/null
chmod 600 "$WORK/keys/jwt-signing-key.pem"
export PAYMENTS_JWT_SIGNING_KEY=$WORK/keys/jwt-signing-key.pem
export PAYMENTS_MAIL_SMTP_HOST=127.0.0.1 PAYMENTS_MAIL_SMTP_PORT=$(free_port) PAYMENTS_MAIL_SMTP_SECURITY=none

stop() {
    server-config/payara-server.sh stop >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap stop EXIT

fail() { echo "payara-server smoke: $*" >&2; exit 1; }

server-config/payara-server.sh start >"$WORK/deploy.log" 2>&1 || { tail -50 "$WORK/deploy.log" >&2; \
    tail -80 "$WORK/server/payara6/glassfish/domains/domain1/logs/server.log" >&2 || true; fail "deployment failed"; }

# No secret in clear in domain.xml: the database password and the master key are aliases.
DOMAIN=$WORK/server/payara6/glassfish/domains/domain1/config/domain.xml
grep -q 'PAYMENTS_DB_URL' "$DOMAIN" || fail "the settings are not stored in domain.xml"
grep -qF "$PAYMENTS_CRYPTO_MASTER_KEY" "$DOMAIN" && fail "the master key is in clear in domain.xml"
grep -qF "$PAYMENTS_BOOTSTRAP_ADMIN_PASSWORD" "$DOMAIN" && fail "the bootstrap password is in clear in domain.xml"
grep -q 'ALIAS=PAYMENTS_DB_PASSWORD' "$DOMAIN" || fail "the database password is not an alias"

# The script's production mode reached the application, and its guard let it become ready.
READY=$(curl -fsS "$BASE/health/ready")
grep -Eq '"mode" *: *"production"' <<<"$READY" || fail "not in production mode: $READY"

json() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1], {"d": d, "sys": sys}))' "$1"; }
post() { curl -fsS -H 'Content-Type: application/json' -H "$1" -d "$3" "$BASE$2"; }

# The settings reached the application: the bootstrap administrator (password from an alias) logs in, and the
# database is the PostgreSQL schema given (the company made here is in it).
TOKEN=$(curl -fsS "$BASE/api/auth/token" -d grant_type=password -d username="$PAYMENTS_BOOTSTRAP_ADMIN_EMAIL" \
    --data-urlencode password="$PAYMENTS_BOOTSTRAP_ADMIN_PASSWORD" | json 'd["access_token"]')
AUTH="Authorization: Bearer $TOKEN"
COMPANY=$(post "$AUTH" /api/adm/companies '{"companyName":"Payara Server smoke"}' | json 'd["id"]')
PROJECT=$(post "$AUTH" /api/adm/companyProjects "{\"companyId\":\"$COMPANY\",\"projectName\":\"Shop\"}" | json 'd["id"]')
post "$AUTH" /api/adm/projectPaymentProcessors "{\"companyProjectId\":\"$PROJECT\",\"projectPaymentProcessorName\":\"Sim\",\"gateway\":1,\"paymentType\":1,\"isActive\":true,\"settings\":{\"simulatorLatencyMs\":0}}" >/dev/null
KEY_ID=$(curl -fsS -H "$AUTH" "$BASE/api/adm/companyProjectKeys?CompanyProjectId=$PROJECT" | json 'd["entries"][0]["id"]')
KEY=$(curl -fsS -H "$AUTH" "$BASE/api/adm/companyProjectKeys/actual?keyId=$KEY_ID" | json 'd["entry"]["keyValue"]')
YEAR=$(( $(date +%Y) + 3 ))
PAY_TOKEN=$(post "X-API-Key: $KEY" "/api/pay/$PROJECT/companyProjectCreditCardPaymentsInfo" \
    "{\"creditCard\":{\"cardNumber\":\"4111111111111111\",\"expirationMonth\":12,\"expirationYear\":$YEAR,\"cvv\":\"123\"},\"personAddress\":{\"firstName\":\"Jane\",\"lastName\":\"Doe\"}}" \
    | json 'd["paymentToken"]')
TX=$(post "X-API-Key: $KEY" "/api/pay/$PROJECT/transactions" "{\"paymentToken\":\"$PAY_TOKEN\",\"amount\":12.34,\"currency\":\"USD\"}" \
    | json 'd["id"] if d["status"] == "Approved" else sys.exit("not approved: " + str(d))')
STATUS=$(curl -fsS -H "X-API-Key: $KEY" "$BASE/api/pay/$PROJECT/transactions?id=$TX" | json 'd["entries"][0]["status"]')
[[ $STATUS == Approved ]] || fail "E16 shows $STATUS"
# The database is the one given: the transaction is in that schema.
read -r HOST DBPORT DB SCHEMA < <(python3 -c 'import sys,urllib.parse as u; p=u.urlparse(sys.argv[1][5:]);
q=u.parse_qs(p.query); print(p.hostname, p.port or 5432, p.path.strip("/"), q.get("currentSchema", ["public"])[0])' "$DB_URL")
ROWS=$(psql -h "$HOST" -p "$DBPORT" -U "$PAYMENTS_DB_USER" -d "$DB" -tAc "SELECT count(*) FROM $SCHEMA.transactions WHERE id = '$TX'")
[[ $ROWS == 1 ]] || fail "the transaction is not in $SCHEMA"
# The database pool's figures are read from Payara Server's pool manager as on Payara Micro.
METRICS=$(curl -fsS "$BASE/metrics")
grep -Eq '^payments_db_pool_connections_max\{[^}]*\} 48(\.0)?$' <<<"$METRICS" || fail "no database pool figures in /metrics"
grep -q '^payments_db_pool_connections_in_use{' <<<"$METRICS" || fail "no payments_db_pool_connections_in_use in /metrics"
echo "payara-server smoke: Payara Server 6 deployed the WAR in production mode on $SCHEMA; token, company, project, key, processor, tokenize, authorize ($TX), E16 and the pool figures in /metrics passed"
