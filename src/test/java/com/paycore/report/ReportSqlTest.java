package com.paycore.report;

import static com.paycore.report.ReportQueryTest.json;
import static com.paycore.report.ReportQueryTest.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

import jakarta.json.JsonObject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import liquibase.Liquibase;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;


/**
 * The report's SQL: what it binds, and what it answers on H2 (the embedded default) over the real schema, with fact
 * rows written directly. PostgreSQL runs the same statements in the integration tests.
 */
class ReportSqlTest {

    private static final UUID COMPANY = UUID.randomUUID();
    private static final UUID OTHER_COMPANY = UUID.randomUUID();
    private static final UUID DST_COMPANY = UUID.randomUUID();
    private static final String URL = "jdbc:h2:mem:report-sql-test;DB_CLOSE_DELAY=-1";
    private static final UUID SHOP = UUID.randomUUID();
    private static final UUID OUTLET = UUID.randomUUID();
    private static final String INJECTION = "x' OR '1'='1";
    private static Connection db;

    @BeforeAll
    static void schema() throws Exception {
        try (Liquibase liquibase = new Liquibase("db/changelog.yaml", new ClassLoaderResourceAccessor(),
                DatabaseFactory.getInstance().findCorrectDatabaseImplementation(
                        new JdbcConnection(DriverManager.getConnection(URL, "sa", ""))))) {
            liquibase.update("");
        }
        db = DriverManager.getConnection(URL, "sa", "");
        UUID sale = UUID.randomUUID();
        UUID declined = UUID.randomUUID();
        UUID refunded = UUID.randomUUID();
        // A sale at 03:30Z on 10 March: 9 March 23:30 in New York (EDT), 10 March 04:30 in Berlin (CET).
        fact(sale, COMPANY, SHOP, "Shop", 1, "Authorize", "Approved", "100.00", "2026-03-10T03:30:00Z", "NY", "VISA");
        fact(sale, COMPANY, SHOP, "Shop", 2, "Capture", "Approved", "100.00", "2026-03-10T03:30:00Z", "NY", "VISA");
        // 23:00Z on 9 March: 19:00 in New York, midnight in Berlin.
        fact(declined, COMPANY, OUTLET, "Outlet", 1, "Authorize", "Declined", "7.50", "2026-03-09T23:00:00Z", null, "AMEX");
        fact(refunded, COMPANY, SHOP, "Shop", 1, "Authorize", "Approved", "40.00", "2026-03-12T12:00:00Z", "CA", "VISA");
        fact(refunded, COMPANY, SHOP, "Shop", 2, "Capture", "Approved", "40.00", "2026-03-12T12:00:00Z", "CA", "VISA");
        fact(refunded, COMPANY, SHOP, "Shop", 3, "Refund", "Approved", "15.25", "2026-03-13T09:00:00Z", "CA", "VISA");
        fact(UUID.randomUUID(), OTHER_COMPANY, UUID.randomUUID(), "Elsewhere", 1, "Authorize", "Approved", "999.00",
                "2026-03-10T03:30:00Z", "NY", "VISA");
        // Around New York's change to daylight time (07:00Z on 8 March 2026: 01:59 EST is followed by 03:00 EDT).
        UUID night = UUID.randomUUID();
        fact(night, DST_COMPANY, SHOP, "Shop", 1, "Authorize", "Approved", "10.00", "2026-03-08T04:10:00Z", "NY", "VISA");
        fact(UUID.randomUUID(), DST_COMPANY, SHOP, "Shop", 1, "Authorize", "Approved", "5.00", "2026-03-08T04:30:00Z", "NY",
                "VISA"); // the same hour and dimensions as the first: one rollup row of two events
        fact(night, DST_COMPANY, SHOP, "Shop", 2, "Capture", "Approved", "10.00", "2026-03-08T06:59:59Z", "NY", "VISA");
        fact(night, DST_COMPANY, SHOP, "Shop", 3, "Settle", "Approved", "10.00", "2026-03-08T07:00:00Z", "NY", "VISA");
        fact(UUID.randomUUID(), DST_COMPANY, OUTLET, "Outlet", 1, "Authorize", "Declined", "3.00", "2026-03-09T03:59:59Z",
                "NY", "AMEX");
        fact(UUID.randomUUID(), DST_COMPANY, OUTLET, "Outlet", 1, "Authorize", "Approved", "4.00", "2026-03-09T04:00:00Z",
                "NY", "MASTERCARD");
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO report_projects (project_id, project_name) VALUES (?, ?)")) {
            for (Object[] project : new Object[][] {{SHOP, "Shop"}, {OUTLET, "Outlet"}}) {
                ps.setObject(1, project[0]);
                ps.setString(2, (String) project[1]);
                ps.executeUpdate(); // as the sync records each project before its facts
            }
        }
        rollUpTheFacts();
        try (PreparedStatement ps = db.prepareStatement(
                "INSERT INTO report_transaction_tags (transaction_id, label, tag_value) VALUES (?, ?, ?)")) {
            for (Object[] tag : new Object[][] {{sale, "channel", "web"}, {refunded, "channel", "phone"},
                    {refunded, "campaign", INJECTION}}) {
                ps.setObject(1, tag[0]);
                ps.setString(2, (String) tag[1]);
                ps.setString(3, (String) tag[2]);
                ps.executeUpdate();
            }
        }
    }

    /**
     * The facts written above rolled up by hour as the migration does on a database that has facts already: its
     * changeset forgotten and run again.
     */
    private static void rollUpTheFacts() throws Exception {
        try (PreparedStatement ps = db.prepareStatement("DELETE FROM DATABASECHANGELOG WHERE ID LIKE '032-report-event-hours-fill%'")) {
            assertEquals(1, ps.executeUpdate()); // the H2 fill ran on the empty table
        }
        try (Liquibase liquibase = new Liquibase("db/changelog.yaml", new ClassLoaderResourceAccessor(),
                DatabaseFactory.getInstance().findCorrectDatabaseImplementation(
                        new JdbcConnection(DriverManager.getConnection(URL, "sa", ""))))) {
            liquibase.update("");
        }
    }

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    private static void fact(UUID transaction, UUID company, UUID project, String projectName, int position, String type,
                             String result, String amount, String at, String billingState, String ccType) throws Exception {
        insertFact(new Object[] {UUID.randomUUID(), transaction, company, project, projectName, position, type, result,
                null, new BigDecimal(amount), OffsetDateTime.parse(at), order(at, position, type, result),
                OffsetDateTime.parse(at), true, ccType, billingState, OffsetDateTime.now()});
    }

    /** A fact row: the values of {@link #FACT_COLUMNS} in order. */
    private static void insertFact(Object[] values) throws Exception {
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO report_transaction_events (" + FACT_COLUMNS + ", "
                + "currency, cc_last4, cc_expiration) VALUES (" + "?, ".repeat(values.length) + "'USD', '4242', '2031-12')")) {
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            ps.executeUpdate();
        }
    }

    private static final String FACT_COLUMNS = "event_id, transaction_id, company_id, project_id, project_name, "
            + "event_position, event_type, event_result, event_result_code, amount, occurred_at, event_order, created_at, "
            + "valid_cvv, cc_type, billing_state, synced_at";

    /** The fact's event_order: its time in UTC to the microsecond, position, type and result codes. */
    private static String order(String at, int position, String type, String result) {
        return DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS").format(Instant.parse(at).atOffset(ZoneOffset.UTC))
                + String.format("|%05d|%d|%d", position, EventOrder.TYPES.indexOf(type), EventOrder.RESULTS.indexOf(result));
    }

    private static List<JsonObject> report(ReportRequest request) throws Exception {
        return report(request, COMPANY);
    }

    private static List<JsonObject> report(ReportRequest request, UUID company) throws Exception {
        request.companyId = company;
        ReportService.Report report = report(ReportQuery.of(request), null);
        assertEquals(report.entries().size(), Math.min(report.total(), request.limit == null ? 20 : request.limit));
        return report.entries();
    }

    /**
     * The report over the facts; where the hourly rollup serves the query, also over the rollup, which must answer
     * the same, entry for entry.
     */
    private static ReportService.Report report(ReportQuery query, List<UUID> visible) throws Exception {
        ReportService.Report facts = ReportService.report(db, query, visible, null);
        for (ReportHours.Table table : ReportHours.Table.values()) {
            if (ReportHours.serves(table, query, visible)) {
                assertEquals(facts, ReportService.report(db, query, visible, table), table.name + " answers otherwise");
                served.merge(table, 1, Integer::sum);
            }
        }
        return facts;
    }

    /** How many reports each rollup answered too (the comparisons above are not all skipped). */
    private static final Map<ReportHours.Table, Integer> served = new EnumMap<>(ReportHours.Table.class);

    private static ReportRequest march() {
        return request("2026-03-01", "2026-03-31");
    }

    @Test
    void eventDatesFallOnTheZonesDays() throws Exception {
        ReportRequest r = march();
        r.group = json("{'eventDate': {'index': 0}}");
        assertEquals(Map.of("2026-03-09", 3L, "2026-03-12", 2L, "2026-03-13", 1L), counts(report(r), "eventDate"));
        r.timeZoneId = "W. Europe Standard Time";
        assertEquals(Map.of("2026-03-10", 3L, "2026-03-12", 2L, "2026-03-13", 1L), counts(report(r), "eventDate"));
        r.timeZoneId = "Asia/Tokyo"; // 03:30Z is 12:30, 23:00Z is 08:00 on the 10th, 12:00Z is 21:00, 09:00Z 18:00
        assertEquals(Map.of("2026-03-10", 3L, "2026-03-12", 2L, "2026-03-13", 1L), counts(report(r), "eventDate"));
    }

    @Test
    void timeParts() throws Exception {
        ReportRequest r = march();
        r.group = json("{'eventDateTime': {'index': 0}, 'eventTime': {'index': 1}, 'eventWeek': {'index': 2},"
                + " 'eventMonth': {'index': 3}, 'eventYear': {'index': 4}, 'date': {'index': 5}}");
        JsonObject first = report(r).get(0);
        assertEquals("2026-03-09T19:00:00", first.getString("eventDateTime"));
        assertEquals("19:00:00", first.getString("eventTime"));
        assertEquals(11, first.getInt("eventWeek"));
        assertEquals(3, first.getInt("eventMonth"));
        assertEquals("2026", first.getString("eventYear"));
        assertEquals("2026-03-09", first.getString("date"));
        assertEquals("2026-03-09T19:00:00-04:00", first.getString("firstEventDateTime"));
    }

    @Test
    void metricsOfOneGroupOfTotals() throws Exception {
        List<JsonObject> rows = report(march());
        assertEquals(1, rows.size());
        JsonObject all = rows.get(0);
        assertEquals(6, all.getInt("eventCount"));
        assertEquals(2, all.getInt("paymentAuthorizationsCount"));
        assertEquals(new BigDecimal("140.00"), all.getJsonNumber("paymentAuthorizationsValue").bigDecimalValue());
        assertEquals(1, all.getInt("refundAuthorizationsCount"));
        assertEquals(new BigDecimal("15.25"), all.getJsonNumber("refundAuthorizationsValue").bigDecimalValue());
        assertEquals(0, all.getInt("chargebacksCount"));
        assertEquals(new BigDecimal("0.00"), all.getJsonNumber("chargebacksValue").bigDecimalValue());
        assertEquals(new BigDecimal("302.75"), all.getJsonNumber("amount").bigDecimalValue());
        assertEquals("2026-03-09", all.getString("firstEventDate"));
        assertEquals("2026-03-13", all.getString("lastEventDate"));
        assertEquals("Refund", all.getString("lastEventType"));
        assertEquals("Approved", all.getString("lastEventResult"));
        assertFalse(all.containsKey("projectName"));
    }

    @Test
    void theLaterMoveOfASaleIsItsLastEvent() throws Exception {
        ReportRequest r = march();
        r.endDate = "2026-03-10T23:59:59";
        r.group = json("{'projectName': {'index': 0}}");
        List<JsonObject> rows = report(r);
        assertEquals(List.of("Outlet", "Shop"), rows.stream().map(e -> e.getString("projectName")).toList());
        assertEquals("Capture", rows.get(1).getString("lastEventType"));
        assertEquals("Declined", rows.get(0).getString("lastEventResult"));
    }

    @Test
    void nothingMatchingIsNoRow() throws Exception {
        ReportRequest r = request("2027-01-01", "2027-01-31");
        r.companyId = COMPANY;
        ReportService.Report report = report(ReportQuery.of(r), null);
        assertEquals(0, report.total());
        assertEquals(List.of(), report.entries());
    }

    @Test
    void projectsRestrictTheRows() throws Exception {
        ReportRequest r = march();
        r.companyId = COMPANY;
        assertEquals(1, report(ReportQuery.of(r), List.of(OUTLET)).entries().get(0).getInt("eventCount"));
        assertEquals(0, report(ReportQuery.of(r), List.of()).total());
    }

    @Test
    void tagsGroupAndFilter() throws Exception {
        ReportRequest r = march();
        r.group = json("{'tags': [{'index': 0, 'label': 'channel'}]}");
        r.order = json("{'tags': [{'label': 'channel', 'option': 'Desc'}]}");
        List<JsonObject> rows = report(r); // descending: no value first, as the largest
        assertEquals(3, rows.size());
        assertTrue(rows.get(0).getJsonObject("tags").isNull("channel"));
        assertEquals("web", rows.get(1).getJsonObject("tags").getString("channel"));
        assertEquals(2, rows.get(1).getInt("eventCount"));
        assertEquals("phone", rows.get(2).getJsonObject("tags").getString("channel"));
        r.group = null;
        r.order = null;
        r.filter = json("{'tags': [{'label': 'channel', 'item': {'value': 'WE', 'condition': 'StartsWith'}},"
                + " {'label': 'channel', 'item': {'value': 'phone'}}]}");
        assertEquals(5, report(r).get(0).getInt("eventCount"));
        r.filter = json("{'tags': [{'label': 'channel', 'item': {'value': 'web', 'condition': 'NotEquals'}}]}");
        assertEquals(4, report(r).get(0).getInt("eventCount")); // the untagged decline too
    }

    @Test
    void filterValuesAreBoundNeverWritten() throws Exception {
        ReportRequest r = march();
        r.companyId = COMPANY;
        r.group = json("{'billingState': {'index': 0}}");
        r.filter = json("{'billingState': [{'value': \"" + INJECTION.replace("'", "\\u0027") + "\"}]}");
        ReportQuery query = ReportQuery.of(r);
        ReportSql.Statement statement = new ReportSql(query, Dialect.H2, null, null).page(20, 0);
        assertFalse(statement.sql().contains("OR '1'"), statement.sql());
        assertTrue(statement.parameters().contains(INJECTION), statement.parameters().toString());
        assertEquals(0, report(query, null).total());
        // As data it matches where it is data: the campaign tag holds that very text.
        r.group = null;
        r.filter = json("{'tags': [{'label': 'campaign', 'item': {'value': \"" + INJECTION.replace("'", "\\u0027")
                + "\", 'condition': 'Equals'}}]}");
        assertEquals(3, report(r).get(0).getInt("eventCount"));
    }

    @Test
    void nullFiltersAndNotEquals() throws Exception {
        ReportRequest r = march();
        r.filter = json("{'billingState': [{'value': null}]}");
        assertEquals(1, report(r).get(0).getInt("eventCount"));
        r.filter = json("{'billingState': [{'value': 'NY', 'condition': 'NotEquals'}]}");
        assertEquals(4, report(r).get(0).getInt("eventCount"));
        r.filter = json("{'billingState': [{'value': null, 'condition': 'NotEquals'}], 'ccType': [{'value': 'VISA'}]}");
        assertEquals(5, report(r).get(0).getInt("eventCount"));
    }

    @Test
    void theRollupServesWholeHoursReadInZonesOfWholeHours() {
        ReportRequest r = march();
        r.companyId = COMPANY;
        assertTrue(ReportHours.serve(ReportQuery.of(r)), "UTC days, no group");
        ReportQuery totals = ReportQuery.of(r);
        assertEquals(Optional.of(ReportHours.Table.COMPANY), ReportHours.table(totals, null));
        assertEquals(Optional.of(ReportHours.Table.PROJECTS), ReportHours.table(totals, List.of(SHOP)),
                "a caller who sees some projects only");
        assertTrue(new ReportSql(totals, Dialect.H2, null, ReportHours.Table.COMPANY).page(20, 0).sql()
                .contains("FROM report_company_hours"));
        assertThrows(IllegalArgumentException.class,
                () -> new ReportSql(totals, Dialect.H2, List.of(SHOP), ReportHours.Table.COMPANY));
        r.group = json("{'eventDate': {'index': 0}, 'month': {'index': 1}, 'ccType': {'index': 2}, 'projectName': {'index': 3},"
                + " 'eventResult': {'index': 4}, 'eventType': {'index': 5}, 'resultCode': {'index': 6}, 'validCVV': {'index': 7}}");
        assertTrue(ReportHours.serve(ReportQuery.of(r)));
        assertEquals(Optional.of(ReportHours.Table.PROJECTS), ReportHours.table(ReportQuery.of(r), null),
                "the project's name is a key");
        r.timeZoneId = "America/New_York";
        assertTrue(ReportHours.serve(ReportQuery.of(r)), "daylight saving time moves by whole hours");
        for (String zone : List.of("Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "India Standard Time")) {
            r.timeZoneId = zone; // +05:30, +05:45, a half-hour daylight saving shift, Windows' name of Kolkata
            assertFalse(ReportHours.serve(ReportQuery.of(r)), zone);
        }
        r.group = null;
        r.timeZoneId = "Asia/Kolkata"; // no date to read, but its days start at 18:30Z
        assertFalse(ReportHours.serve(ReportQuery.of(r)));
        r.startDate = "2026-03-01T00:00:00Z";
        r.endDate = "2026-03-31T23:59:59Z"; // inclusive to its microsecond: the range ends at 23:59:59.000001
        assertFalse(ReportHours.serve(ReportQuery.of(r)), "a range to a second");
        r.endDate = "2026-03-31T23:59:59.999999Z";
        assertTrue(ReportHours.serve(ReportQuery.of(r)), "no date to read, whole UTC hours");
        r.startDate = "2026-03-01T10:30:00Z";
        assertFalse(ReportHours.serve(ReportQuery.of(r)), "a range from half past");
        r = march();
        for (String key : List.of("billingState", "eventTime", "eventDateTime", "dateTime", "time", "ccLast4", "email")) {
            r.group = json("{'" + key + "': {'index': 0}}");
            assertFalse(ReportHours.serve(ReportQuery.of(r)), key);
        }
        r.group = json("{'tags': [{'index': 0, 'label': 'channel'}]}");
        assertFalse(ReportHours.serve(ReportQuery.of(r)), "tags");
        r.group = null;
        r.filter = json("{'email': [{'value': 'ada@example.com'}]}");
        assertFalse(ReportHours.serve(ReportQuery.of(r)), "a filter on a key the rollup lacks");
        assertThrows(IllegalArgumentException.class,
                () -> new ReportSql(ReportQuery.of(withTags()), Dialect.H2, null, ReportHours.Table.PROJECTS));
    }

    private static ReportRequest withTags() {
        ReportRequest r = march();
        r.group = json("{'tags': [{'index': 0, 'label': 'channel'}]}");
        return r;
    }

    @Test
    void onTheDayNewYorkMovesItsClockTheHoursAnswerAsTheEvents() throws Exception {
        Map<ReportHours.Table, Integer> before = new EnumMap<>(served);
        ReportRequest r = request("2026-03-07", "2026-03-09");
        r.timeZoneId = "America/New_York";
        r.group = json("{'eventDate': {'index': 0}}");
        assertEquals(Map.of("2026-03-07", 2L, "2026-03-08", 3L, "2026-03-09", 1L), counts(report(r, DST_COMPANY), "eventDate"));
        r.group = json("{'date': {'index': 0}, 'eventWeek': {'index': 1}, 'ccType': {'index': 2}}");
        assertEquals(4, report(r, DST_COMPANY).size());
        r.group = json("{'projectName': {'index': 0}}");
        List<JsonObject> rows = report(r, DST_COMPANY);
        assertEquals(List.of("Outlet", "Shop"), rows.stream().map(e -> e.getString("projectName")).toList());
        JsonObject shop = rows.get(1);
        assertEquals(4, shop.getInt("eventCount"));
        assertEquals(2, shop.getInt("paymentAuthorizationsCount"));
        assertEquals(new BigDecimal("15.00"), shop.getJsonNumber("paymentAuthorizationsValue").bigDecimalValue());
        assertEquals("2026-03-07T23:10:00-05:00", shop.getString("firstEventDateTime"), "the event's second, not its hour's");
        assertEquals("2026-03-08T03:00:00-04:00", shop.getString("lastEventDateTime"));
        assertEquals("Settle", shop.getString("lastEventType"));
        r.group = json("{'eventDate': {'index': 0}}");
        r.filter = json("{'eventDate': [{'value': '2026-03-08'}], 'eventResult': [{'value': 'Declined', 'condition': 'NotEquals'}]}");
        assertEquals(2, report(r, DST_COMPANY).get(0).getInt("eventCount"));
        r.filter = json("{'ccType': [{'value': 'ma', 'condition': 'StartsWith'}, {'value': 'ex', 'condition': 'Contains'}]}");
        assertEquals(Map.of("2026-03-08", 1L, "2026-03-09", 1L), counts(report(r, DST_COMPANY), "eventDate"));
        r.filter = null;
        r.order = json("{'eventCount': {'option': 'Desc'}}");
        r.limit = 1;
        r.offset = 1;
        assertEquals(Map.of("2026-03-07", 2L), counts(report(r, DST_COMPANY), "eventDate"));
        assertEquals(6, served.get(ReportHours.Table.PROJECTS) - before.getOrDefault(ReportHours.Table.PROJECTS, 0),
                "the project rollup answered each of these too");
        assertEquals(5, served.get(ReportHours.Table.COMPANY) - before.getOrDefault(ReportHours.Table.COMPANY, 0),
                "and the company's each that names no project");
        try (var rs = db.createStatement().executeQuery("SELECT COUNT(*), SUM(event_count) FROM report_event_hours "
                + "WHERE company_id = '" + DST_COMPANY + "'")) {
            assertTrue(rs.next());
            assertEquals(5, rs.getInt(1), "the two authorizations of 04:00Z share a row");
            assertEquals(6, rs.getInt(2));
        }
        try (var rs = db.createStatement().executeQuery("SELECT COUNT(*), SUM(event_count) FROM report_company_hours "
                + "WHERE company_id = '" + DST_COMPANY + "'")) {
            assertTrue(rs.next());
            assertEquals(5, rs.getInt(1));
            assertEquals(6, rs.getInt(2));
        }
    }

    @Test
    void theSyncAddsARunsFactsToTheirCellsNullKeysIncluded() throws Exception {
        UUID company = UUID.randomUUID();
        OffsetDateTime first = OffsetDateTime.parse("2026-04-01T10:00:00Z");
        OffsetDateTime second = OffsetDateTime.parse("2026-04-01T10:01:00Z");
        // No CVV check known and no result code: the cell's keys are null, and a later run's event must find it.
        syncedFact(company, "2026-04-01T09:05:00Z", null, null, "10.00", first);
        addHours(first);
        syncedFact(company, "2026-04-01T09:40:00Z", null, null, "2.50", second);
        syncedFact(company, "2026-04-01T09:50:00Z", true, "00", "1.00", second);
        addHours(second);
        for (String table : List.of("report_event_hours", "report_company_hours")) {
            try (var rs = db.createStatement().executeQuery("SELECT valid_cvv, event_result_code, event_count, amount_sum, "
                    + "first_at, last_at FROM " + table + " WHERE company_id = '" + company + "' ORDER BY valid_cvv NULLS FIRST")) {
                assertTrue(rs.next());
                assertEquals(null, rs.getObject(1));
                assertEquals(null, rs.getString(2));
                assertEquals(2, rs.getInt(3), table + ": the second run's event joined the first's cell");
                assertEquals(0, new BigDecimal("12.50").compareTo(rs.getBigDecimal(4)));
                assertEquals(Instant.parse("2026-04-01T09:05:00Z"), rs.getObject(5, OffsetDateTime.class).toInstant());
                assertEquals(Instant.parse("2026-04-01T09:40:00Z"), rs.getObject(6, OffsetDateTime.class).toInstant());
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(3));
                assertFalse(rs.next(), table);
            }
        }
    }

    /** A fact row copied by the sync run of {@code run}, as ReportSync's copy writes it. */
    private static void syncedFact(UUID company, String at, Boolean validCvv, String code, String amount,
                                   OffsetDateTime run) throws Exception {
        insertFact(new Object[] {UUID.randomUUID(), UUID.randomUUID(), company, SHOP, "Shop", 1, "Authorize", "Approved",
                code, new BigDecimal(amount), OffsetDateTime.parse(at), order(at, 1, "Authorize", "Approved"),
                OffsetDateTime.parse(at), validCvv, "VISA", null, run});
    }

    /** The sync's statements that add a run's facts to the rollups. */
    private static void addHours(OffsetDateTime run) throws Exception {
        for (ReportHours.Table table : ReportHours.Table.values()) {
            try (PreparedStatement ps = db.prepareStatement(ReportFactRows.addHours(Dialect.H2, table))) {
                ps.setObject(1, run);
                ps.executeUpdate();
            }
        }
    }

    private static Map<String, Long> counts(List<JsonObject> rows, String key) {
        return rows.stream().collect(Collectors.toMap(e -> e.getString(key),
                e -> e.getJsonNumber("eventCount").longValue()));
    }
}
