package com.paycore.platform.data;

import java.sql.Connection;

import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the schema migration ran and the database answers. */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    @Inject
    SchemaMigration migration;

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("database");
        if (!migration.migrated()) {
            return response.down().withData("migrated", false).build();
        }
        try (Connection connection = dataSource.getConnection()) {
            boolean valid = connection.isValid(2);
            return response.status(valid).withData("migrated", true).build();
        } catch (Exception e) {
            return response.down().withData("migrated", true).withData("error", "database unreachable").build();
        }
    }
}
