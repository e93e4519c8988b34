package com.paycore.platform.data;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The one datasource. Its settings come from MicroProfile Config at deploy time (environment variables
 * PAYMENTS_DB_URL, PAYMENTS_DB_USER, PAYMENTS_DB_PASSWORD), never from the WAR; see {@link DatabaseConfigSource}.
 * Every connection of the pool is made with the same user, so Payara's connection matching (on by default for a
 * pool defined by the application: every checkout asks each free connection for its credentials) only costs time:
 * off (docs/PERFORMANCE.md, "Two checkouts per read").
 */
@ApplicationScoped
@DataSourceDefinition(
        name = Datasource.JNDI_NAME,
        className = "${MPCONFIG=payments.db.datasource-class}",
        url = "${MPCONFIG=payments.db.jdbc-url}",
        user = "${MPCONFIG=payments.db.user}",
        password = "${MPCONFIG=payments.db.password}",
        minPoolSize = 2,
        maxPoolSize = 48,
        properties = {
                "fish.payara.is-connection-validation-required=true",
                "fish.payara.connection-validation-method=auto-commit",
                "fish.payara.fail-all-connections=true",
                "fish.payara.match-connections=false"
        })
public class Datasource {
    public static final String JNDI_NAME = "java:app/jdbc/payments";
}
