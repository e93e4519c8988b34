package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.paycore.platform.data.Migrations;

/**
 * The migration from one results row per card file row to one per chunk, on a database with results: each chunk of
 * 1,000 rows becomes the lines the results endpoint served for them, byte for byte (quotes, commas, formula prefixes,
 * empty cells), on H2 and, when the tests are given one ({@code PAYMENTS_DB_URL}), on PostgreSQL.
 */
class CardFileResultsMigrationTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 11, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    private static final UUID TOKEN = UUID.fromString("0193a7b2-0000-7000-8000-000000000001");
    private static final UUID LATER_TOKEN = UUID.fromString("0193a7b2-0000-7000-8000-000000000002");

    @Test
    void onH2EachThousandRowsBecomeTheLinesTheyWereServedAs() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:card-file-results;DB_CLOSE_DELAY=-1");
        try (Connection c = h2.getConnection()) {
            migratesTheRowsOf(c);
        }
    }

    @Test
    void onPostgresqlEachThousandRowsBecomeTheLinesTheyWereServedAs() throws Exception {
        String url = System.getenv("PAYMENTS_DB_URL");
        Assumptions.assumeTrue(url != null && url.startsWith("jdbc:postgresql:"), "no PostgreSQL given (PAYMENTS_DB_URL)");
        String user = System.getenv().getOrDefault("PAYMENTS_DB_USER", "postgres");
        String password = System.getenv().getOrDefault("PAYMENTS_DB_PASSWORD", "");
        String schema = "card_file_results_migration_" + Long.toHexString(System.nanoTime());
        try (Connection admin = DriverManager.getConnection(url, user, password)) {
            admin.createStatement().execute("drop schema if exists " + schema + " cascade");
            admin.createStatement().execute("create schema " + schema);
            try (Connection c = DriverManager.getConnection(withSchema(url, schema), user, password)) {
                migratesTheRowsOf(c);
            } finally {
                admin.createStatement().execute("drop schema " + schema + " cascade");
            }
        }
    }

    private static void migratesTheRowsOf(Connection c) throws Exception {
        Migrations.before(c, "031-card-file-results");
        UUID company = UUID.randomUUID();
        UUID project = UUID.randomUUID();
        UUID file = UUID.randomUUID();
        insert(c, "insert into companies (id, company_name, name_key, active, created_at, updated_at, version) "
                + "values (?, 'Shop', 'shop', true, ?, ?, 1)", company, NOW, NOW);
        insert(c, "insert into projects (id, company_id, project_name, name_key, active, credential_version, "
                + "created_at, updated_at, version) values (?, ?, 'p', 'p', true, 0, ?, ?, 1)", project, company, NOW, NOW);
        insert(c, "insert into card_files (id, project_id, company_id, run_id, state, message_bytes, parts, received_at) "
                + "values (?, ?, ?, ?, 'Succeeded', 0, 0, ?)", file, project, company, UUID.randomUUID(), NOW);
        String rows = "insert into card_file_rows (file_id, row_number, reference, token_id, payment_token, last4, "
                + "cc_type, expiration_month, expiration_year, error) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
        insert(c, rows, file, 1L, "r,1 \"quoted\"", TOKEN, "tok_abc", "4242", "Visa", 12, 2030, null);
        insert(c, rows, file, 2L, null, null, null, null, null, null, null, "cardNumber: fails the check, \"Luhn\"");
        insert(c, rows, file, 3L, "r-3", null, null, null, null, null, null, "-a reason a spreadsheet would compute");
        insert(c, rows, file, 1001L, "@later", LATER_TOKEN, "tok_def", "0004", "Mastercard", 1, 2031, null);

        Migrations.all(c);

        List<String[]> chunks = new ArrayList<>();
        try (PreparedStatement read = c.prepareStatement("select first_row, lines from card_file_results "
                + "where file_id = ? order by first_row")) {
            read.setObject(1, file);
            try (ResultSet r = read.executeQuery()) {
                while (r.next()) {
                    chunks.add(new String[] {Long.toString(r.getLong(1)), r.getString(2)});
                }
            }
        }
        assertEquals(2, chunks.size(), "rows 1-1000 and 1001-2000");
        assertEquals("1", chunks.get(0)[0]);
        assertEquals(line("1", "r,1 \"quoted\"", "Tokenized", TOKEN.toString(), "tok_abc", "4242", "Visa", "12", "2030",
                null) + line("2", null, "Rejected", null, null, null, null, null, null,
                "cardNumber: fails the check, \"Luhn\"") + line("3", "r-3", "Rejected", null, null, null, null, null,
                null, "-a reason a spreadsheet would compute"), chunks.get(0)[1]);
        assertEquals("1001", chunks.get(1)[0]);
        assertEquals(line("1001", "@later", "Tokenized", LATER_TOKEN.toString(), "tok_def", "0004", "Mastercard", "1",
                "2031", null), chunks.get(1)[1]);
        assertTrue(chunks.get(0)[1].contains("\"r,1 \"\"quoted\"\"\"") && chunks.get(0)[1].contains(",'-a reason"),
                chunks.get(0)[1]);
        try (ResultSet tables = c.getMetaData().getTables(null, null, "%", null)) {
            while (tables.next()) {
                assertTrue(!"card_file_rows".equalsIgnoreCase(tables.getString("TABLE_NAME"))
                        || !c.getSchema().equalsIgnoreCase(tables.getString("TABLE_SCHEM")), "card_file_rows is gone");
            }
        }
    }

    /** A line as the results endpoint served it before the migration. */
    private static String line(String... cells) {
        return Csv.line(Arrays.asList(cells));
    }

    private static String withSchema(String url, String schema) {
        String base = url.replaceAll("([?&])currentSchema=[^&]*&?", "$1").replaceAll("[?&]$", "");
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
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
