# Runs the WAR on the official Payara Micro image. Build the WAR first: mvn package -DskipTests
# Settings come from the environment at run time (PAYMENTS_DB_URL, PAYMENTS_DB_USER, PAYMENTS_DB_PASSWORD,
# PAYMENTS_CRYPTO_MASTER_KEY, PAYMENTS_JWT_SIGNING_KEY, PAYMENTS_MAIL_SMTP_HOST, PAYMENTS_BOOTSTRAP_ADMIN_EMAIL/_PASSWORD, ...).
FROM payara/micro:6.2025.10-jdk17

# Production mode: the container does not become ready (/health/ready 503, naming each setting) without PostgreSQL,
# a master key, a token signing key and an SMTP host, or with webhooks allowed to reach private addresses (docs/operations.md,
# "Production mode"). To try the image without them: -e PAYMENTS_MODE=development.
ENV PAYMENTS_MODE=production
# Local state (embedded database, generated keys) in development mode: mount a volume here.
ENV PAYMENTS_DATA_DIR=/opt/payara/data
USER root
RUN mkdir -p /opt/payara/data && chown payara:payara /opt/payara/data
USER payara

COPY --chown=payara:payara server-config/ /opt/payara/server-config/
COPY --chown=payara:payara target/payments.war /opt/payara/deployments/payments.war

# The heap the service is sized and benchmarked for (docs/PERFORMANCE.md). JAVA_TOOL_OPTIONS reaches the JVM whatever
# the image's entry point does; an explicit -Xmx wins over its MaxRAMPercentage. Override it at run time with -e.
ENV JAVA_TOOL_OPTIONS="-Xmx512m"

EXPOSE 8080
VOLUME /opt/payara/data
# 16 HTTP worker threads: sized for 2 cores, as the run command (docs/PERFORMANCE.md); about 8 per core on larger hosts.
CMD ["--deploy", "/opt/payara/deployments/payments.war", "--contextroot", "/", "--nohazelcast", "--maxHttpThreads", "16"]
