package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import com.paycore.platform.data.Migrations;

/**
 * The migration to settings versions on a database with processors: each configuration's settings become its version
 * 1 (the sealed value as it was), the configuration names its company and version, and its settings column goes.
 */
class SettingsVersionsMigrationTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 11, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void existingSettingsBecomeVersionOneOfTheirConfiguration() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:settings-versions;DB_CLOSE_DELAY=-1");
        try (Connection c = h2.getConnection()) {
            Migrations.before(c, "026-acquirer-link");
        }
        UUID company = UUID.randomUUID();
        UUID project = UUID.randomUUID();
        UUID withSettings = UUID.randomUUID();
        UUID without = UUID.randomUUID();
        try (Connection c = h2.getConnection()) {
            insert(c, "insert into companies (id, company_name, name_key, active, created_at, updated_at, version) "
                    + "values (?, 'Shop', 'shop', true, ?, ?, 1)", company, NOW, NOW);
            insert(c, "insert into projects (id, company_id, project_name, name_key, active, credential_version, "
                    + "created_at, updated_at, version) values (?, ?, 'p', 'p', true, 0, ?, ?, 1)", project, company, NOW, NOW);
            for (UUID id : new UUID[] {withSettings, without}) {
                insert(c, "insert into payment_processors (id, project_id, name, gateway, payment_type, active, settings, "
                        + "created_at, updated_at, version) values (?, ?, 'p', 2, 1, true, ?, ?, ?, 3)", id, project,
                        id.equals(withSettings) ? "v1.sealed-settings" : null, NOW, NOW);
            }
        }
        try (Connection c = h2.getConnection()) {
            Migrations.all(c);
        }
        try (Connection c = h2.getConnection();
             ResultSet versions = c.createStatement().executeQuery("select id, processor_id, settings_version, settings "
                     + "from processor_settings")) {
            versions.next();
            assertEquals(withSettings, versions.getObject(2, UUID.class));
            assertEquals(1, versions.getInt(3));
            assertEquals("v1.sealed-settings", versions.getString(4));
            assertFalse(versions.next(), "a configuration without settings has no version");
            try (ResultSet processors = c.createStatement().executeQuery("select id, company_id, settings_version from "
                    + "payment_processors order by settings_version")) {
                processors.next();
                assertEquals(without, processors.getObject(1, UUID.class));
                assertEquals(company, processors.getObject(2, UUID.class));
                assertEquals(0, processors.getInt(3));
                processors.next();
                assertEquals(company, processors.getObject(2, UUID.class));
                assertEquals(1, processors.getInt(3));
            }
        }
    }

    private static void insert(Connection c, String sql, Object... values) throws Exception {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
        }
    }
}
