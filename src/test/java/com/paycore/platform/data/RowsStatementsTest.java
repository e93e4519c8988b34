package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Enumerated;
import jakarta.persistence.EnumType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import liquibase.Liquibase;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;

/** The application's statements on the embedded database (H2) with the Liquibase schema; EntityInsert's own rules. */
class RowsStatementsTest {

    static JdbcDataSource h2;

    @BeforeAll
    static void schema() throws Exception {
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:rows;DB_CLOSE_DELAY=-1");
        var database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(h2.getConnection()));
        try (Liquibase liquibase = new Liquibase("db/changelog.yaml", new ClassLoaderResourceAccessor(), database)) {
            liquibase.update(""); // closes its connection
        }
    }

    @Test
    void everyStatementFitsTheSchemaAndEveryInsertTheMapping() throws Exception {
        try (Connection connection = h2.getConnection()) {
            List<String> checked = RowsStatements.check(connection);
            assertTrue(checked.size() >= 55 && checked.containsAll(List.of("transaction.CardTransactionRows.INSERT", "processor.IsoNumbers.STAN_H2",
                    "webhook.WebhookDeliveryRows.CANDIDATES", "webhook.WebhookDeliveryRows.candidates(2)",
                    "webhook.WebhookDeliveryRows.lock(2)", "webhook.WebhookAttemptRows.INSERT",
                    "webhook.WebhookEndpointRepository.DISABLE", "chargeback.ChargebackRows.PENDING_DUE_BY",
                    "transaction.TransactionReads.BY_ID_WITH_KEY", "transaction.CardTransactionRows.erasure(2)",
                    "report.ReportFactRows.erasure(2)", "report.ReportFactRows.addEvents(true)",
                    "report.ReportFactRows.addHours(PROJECTS)", "report.ReportFactRows.addHours(COMPANY)",
                    "retention.RetentionJob.deleteSql(webhookDeliveries)",
                    "secret.MasterKeyRewrap.update(project_keys.key_value)")), checked.toString());
            assertFalse(checked.contains("processor.IsoNumbers.STAN_POSTGRES"), "PostgreSQL's statements are not H2's");
        }
    }

    enum Colour { Red }

    @Entity
    @Table(name = "things")
    static class Thing extends Timestamped {
        @Id
        private UUID id = UUID.randomUUID();
        @Column(name = "thing_name")
        private String name = "a";
        @Enumerated(EnumType.STRING)
        private Colour colour = Colour.Red;
        @Column(insertable = false, updatable = false)
        private Long seq;
        private transient String cache;
        static final String NOT_A_COLUMN = "x";
    }

    @Test
    void anInsertIsTheMappingItsValuesWhatJpaWouldWrite() {
        EntityInsert<Thing> insert = EntityInsert.of(Thing.class);
        assertEquals(List.of("id", "thing_name", "colour", "created_at", "updated_at", "version"), insert.columns());
        assertEquals(RowsStatements.mapped(Thing.class), insert.columns());
        assertEquals("insert into things (id, thing_name, colour, created_at, updated_at, version) values (?, ?, ?, ?, ?, ?)",
                insert.sql());
        Thing thing = new Thing();
        Object[] values = insert.values(thing);
        assertEquals(thing.id, values[0]);
        assertEquals("a", values[1]);
        assertEquals("Red", values[2]);
        assertTrue(values[3] instanceof OffsetDateTime);
        assertEquals(values[3], values[4]);
        assertEquals(thing.createdAt(), values[3]);
        assertEquals(1L, values[5]);
    }

    @Entity
    static class Unnamed {
        @Id
        private UUID id;
    }

    @Test
    void anEntityWithoutItsTableNamedIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> EntityInsert.of(Unnamed.class));
    }
}
