package com.paycore.it;

import static com.paycore.it.Api.PROJECTS;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.created;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * E3 over a fixed data set written straight into the transaction tables (so that event times are chosen), copied by
 * the sync, and read through the API. Every expected figure is worked out by hand below, from this data set:
 *
 * <pre>
 * project Alpha                                     project Beta (assigned to the company User)
 * T1 VISA 1111, NY, New York, tags channel=web, campaign=spring, created 03-10 03:30Z
 *   e1  Authorize  Approved 100.00 03-10 03:30Z     T3 VISA 0002, NY, Buffalo, CVV failed, no tags, created 03-09 23:00Z
 *   e2  Capture    Approved 100.00 03-10 03:30Z       e8  Authorize Declined (05) 75.00 03-09 23:00Z
 *   e3  Settle     Approved 100.00 03-11 05:00Z     T4 AMEX 0005, no state, email x' OR '1'='1, channel=web, created 03-11 04:30Z
 * T2 MASTERCARD 4444, CA, San Francisco, channel=mobile, e9  Authorize        Approved 30.00 03-11 04:30Z
 *    created 03-10 12:00Z                             e10 ReverseAuthorize Approved 30.00 03-11 06:00Z
 *   e4  Authorize    Approved 50.00 03-10 12:00Z
 *   e5  Capture      Approved 50.00 03-10 12:00Z
 *   e6  Refund       Approved 20.00 03-12 15:00Z
 *   e7  RefundSettle Approved 20.00 03-13 01:00Z
 * T5 VISA 4242, NY, New York, channel=web, created 03-12 10:00Z
 *   e11 Authorize  Approved 200.00 03-12 10:00Z
 *   e12 Capture    Approved 200.00 03-12 10:00Z
 *   e13 Chargeback Approved 200.00 03-14 10:00Z
 * T6 VISA 1111, NY, created 03-20 12:00Z: e14 Authorize Approved 999.00 03-20 12:00Z (outside the range below)
 * </pre>
 *
 * All in March 2026: New York keeps daylight time (UTC-4) from 8 March, Berlin is on UTC+1 until 29 March. The
 * range is 2026-03-01 to 2026-03-15 (whole days in the report's zone): e1 to e13.
 */
abstract class ReportScenarios {

    static final String REPORTS = "/api/adm/reportTransactions/reports";
    static final String SYNC = "/api/adm/reportTransactions/sync";
    static final String INJECTION = "x' OR '1'='1";

    /** The company, its two projects and its people, with the data set above synchronized. */
    record Sales(UUID company, UUID alpha, String alphaName, UUID beta, String betaName, Api.Member admin,
                 Api.Member user, Map<String, UUID> transactions) {

        static Sales create() throws Exception {
            UUID company = Api.aCompany();
            Api.Member admin = Api.anAdminOf(company);
            Api.Member user = Api.aMember(company, "User");
            String alphaName = Api.unique("Alpha");
            String betaName = Api.unique("Beta");
            UUID alpha = created(asRoot().body(body("companyId", company, "projectName", alphaName)).post(PROJECTS));
            UUID beta = created(asRoot().body(body("companyId", company, "projectName", betaName,
                    "companyUsersToAdd", List.of(user.companyUserId()))).post(PROJECTS));
            Source a = Source.of(company, alpha);
            Source b = Source.of(company, beta);
            Map<String, UUID> t = new LinkedHashMap<>();
            try (Connection db = DatabaseDump.connect()) {
                t.put("T1", a.transaction(db, "2026-03-10T03:30:00Z", "VISA", "1111", true, "00",
                        "{\"campaign\":\"spring\",\"channel\":\"web\"}", address("Ada", "ada@example.com", "New York", "NY"),
                        event("Authorize", "Approved", "00", "100.00", "2026-03-10T03:30:00Z"),
                        event("Capture", "Approved", "00", "100.00", "2026-03-10T03:30:00Z"),
                        event("Settle", "Approved", "00", "100.00", "2026-03-11T05:00:00Z")));
                t.put("T2", a.transaction(db, "2026-03-10T12:00:00Z", "MASTERCARD", "4444", true, "00",
                        "{\"channel\":\"mobile\"}", address("Bob", "bob@example.com", "San Francisco", "CA"),
                        event("Authorize", "Approved", "00", "50.00", "2026-03-10T12:00:00Z"),
                        event("Capture", "Approved", "00", "50.00", "2026-03-10T12:00:00Z"),
                        event("Refund", "Approved", "00", "20.00", "2026-03-12T15:00:00Z"),
                        event("RefundSettle", "Approved", null, "20.00", "2026-03-13T01:00:00Z")));
                t.put("T3", b.transaction(db, "2026-03-09T23:00:00Z", "VISA", "0002", false, "05", null,
                        address("Eve", "eve@example.com", "Buffalo", "NY"),
                        event("Authorize", "Declined", "05", "75.00", "2026-03-09T23:00:00Z")));
                t.put("T4", b.transaction(db, "2026-03-11T04:30:00Z", "AMEX", "0005", true, "00", "{\"channel\":\"web\"}",
                        address("Mallory", INJECTION, "Springfield", null),
                        event("Authorize", "Approved", "00", "30.00", "2026-03-11T04:30:00Z"),
                        event("ReverseAuthorize", "Approved", "00", "30.00", "2026-03-11T06:00:00Z")));
                t.put("T5", a.transaction(db, "2026-03-12T10:00:00Z", "VISA", "4242", true, "00", "{\"channel\":\"web\"}",
                        address("Ada", "ada@example.com", "New York", "NY"),
                        event("Authorize", "Approved", "00", "200.00", "2026-03-12T10:00:00Z"),
                        event("Capture", "Approved", "00", "200.00", "2026-03-12T10:00:00Z"),
                        event("Chargeback", "Approved", "4837", "200.00", "2026-03-14T10:00:00Z")));
                t.put("T6", a.transaction(db, "2026-03-20T12:00:00Z", "VISA", "1111", true, "00", null,
                        address("Ada", "ada@example.com", "New York", "NY"),
                        event("Authorize", "Approved", "00", "999.00", "2026-03-20T12:00:00Z")));
            }
            sync();
            return new Sales(company, alpha, alphaName, beta, betaName, admin, user, t);
        }

        /** The report body over the data set's range, plus the given fields. */
        Map<String, Object> range(Object... more) {
            Map<String, Object> body = body("companyId", company, "startDate", "2026-03-01", "endDate", "2026-03-15");
            body.putAll(body(more));
            return body;
        }

        String adminToken() {
            return admin.token();
        }
    }

    /** A project with a processor and a payment token, for transactions written straight into the tables. */
    record Source(UUID company, UUID project, UUID processor, UUID token) {
        static Source of(UUID company, UUID project) {
            UUID processor = Api.aProcessor(project);
            UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
            Cards.Shop shop = new Cards.Shop(company, project, keyId, PayAuthenticationScenarios.valueOf(keyId));
            return new Source(company, project, processor, created(shop.tokenize(Cards.body("4111111111111111", "123"))));
        }

        UUID transaction(Connection db, String createdAt, String ccType, String last4, boolean validCvv, String resultCode,
                         String tags, Map<String, String> details, Object[]... events) throws Exception {
            UUID id = UUID.randomUUID();
            Map<String, Object> columns = new LinkedHashMap<>();
            columns.put("id", id);
            columns.put("project_id", project);
            columns.put("company_id", company);
            columns.put("processor_id", processor);
            columns.put("gateway", 1);
            columns.put("credential_version", 0);
            columns.put("payment_token_id", token);
            columns.put("cc_type", ccType);
            columns.put("masked_card_number", "************" + last4);
            columns.put("cc_last4", last4);
            columns.put("cc_expiration", "2031-12");
            columns.put("valid_cvv", validCvv);
            columns.put("amount", new BigDecimal((String) events[0][3]));
            columns.put("currency", "USD");
            columns.put("captured_amount", BigDecimal.ZERO);
            columns.put("refunded_amount", BigDecimal.ZERO);
            columns.put("status", "Approved");
            columns.put("result_code", resultCode);
            columns.put("event_count", events.length);
            columns.put("tags", tags);
            columns.putAll(details);
            columns.put("created_at", OffsetDateTime.parse(createdAt));
            columns.put("updated_at", OffsetDateTime.parse(createdAt));
            columns.put("version", 1L);
            insert(db, "transactions", columns);
            for (int i = 0; i < events.length; i++) {
                Object[] e = events[i];
                Map<String, Object> event = new LinkedHashMap<>();
                event.put("id", UUID.randomUUID());
                event.put("transaction_id", id);
                event.put("project_id", project);
                event.put("company_id", company);
                event.put("position", i + 1);
                event.put("event_type", e[0]);
                event.put("event_result", e[1]);
                event.put("result_code", e[2]);
                event.put("amount", new BigDecimal((String) e[3]));
                event.put("currency", "USD");
                event.put("credential_version", 0);
                event.put("awaiting_settlement", false);
                event.put("occurred_at", OffsetDateTime.parse((String) e[4]));
                insert(db, "transaction_events", event);
            }
            return id;
        }
    }

    static Object[] event(String type, String result, String code, String amount, String at) {
        return new Object[] {type, result, code, amount, at};
    }

    static Map<String, String> address(String firstName, String email, String city, String state) {
        Map<String, String> a = new HashMap<>();
        a.put("email", email);
        a.put("ip", "10.0.0." + Math.abs(firstName.hashCode() % 200));
        a.put("fingerprint", "fp-" + firstName.toLowerCase());
        a.put("billing_first_name", firstName);
        a.put("billing_last_name", "Tester");
        a.put("billing_address_line1", "1 Main Street");
        a.put("billing_city", city);
        a.put("billing_state", state);
        a.put("billing_zip", "10001");
        a.put("billing_country", "US");
        a.put("delivery_first_name", firstName);
        a.put("delivery_city", "Boston");
        a.put("delivery_state", "MA");
        a.put("delivery_country", "US");
        return a;
    }

    private static void insert(Connection db, String table, Map<String, Object> columns) throws Exception {
        String sql = "INSERT INTO " + table + " (" + String.join(", ", columns.keySet()) + ") VALUES ("
                + columns.keySet().stream().map(c -> "?").collect(Collectors.joining(", ")) + ")";
        try (PreparedStatement ps = db.prepareStatement(sql)) {
            int i = 1;
            for (Object value : columns.values()) {
                ps.setObject(i++, value);
            }
            ps.executeUpdate();
        }
    }

    // ---- requests ----

    static JsonBody sync() {
        return LongRuns.outcome(asRoot().post(SYNC));
    }

    static Response report(String token, Map<String, Object> body) {
        return as(token).body(body).post(REPORTS);
    }

    /**
     * A successful report's answer, decimals read exactly: the first instance's, which reads the hourly rollup where it
     * can, and the same as the second instance's, which reads the facts only ({@link SecondInstance}).
     */
    static JsonBody answer(String token, Map<String, Object> body) {
        JsonBody answer = firstInstanceAnswer(token, body);
        JsonBody facts = ok(Api.onSecondInstance(token).body(body).post(REPORTS)).exact();
        assertEquals(facts.prettify(), answer.prettify(), "the report differs between the rollup and the facts");
        return answer;
    }

    /** The first instance's answer alone (while the periodic sync may still change it between two requests). */
    static JsonBody firstInstanceAnswer(String token, Map<String, Object> body) {
        return ok(report(token, body)).exact();
    }

    static List<Map<String, Object>> entries(JsonBody answer) {
        return answer.getList("entries");
    }

    static List<Map<String, Object>> entries(String token, Map<String, Object> body) {
        return entries(answer(token, body));
    }

    /** {key: {index: i}} for the keys in order. */
    static Map<String, Object> group(String... keys) {
        Map<String, Object> group = new LinkedHashMap<>();
        for (int i = 0; i < keys.length; i++) {
            group.put(keys[i], Map.of("index", i));
        }
        return group;
    }

    static Map<String, Object> item(Object value, String condition) {
        Map<String, Object> item = new HashMap<>();
        item.put("value", value);
        item.put("condition", condition);
        return item;
    }

    static Map<String, Object> filter(String key, Object value, String condition) {
        return Map.of(key, List.of(item(value, condition)));
    }

    static long number(Object value) {
        return ((Number) value).longValue();
    }

    static BigDecimal money(Object value) {
        return new BigDecimal(value.toString());
    }

    /** The single row of totals (no group keys) of the filtered range: its event count, 0 when there is no row. */
    static long eventCount(Sales s, Map<String, Object> filter) {
        JsonBody answer = answer(Api.rootToken(), s.range("filter", filter));
        List<Map<String, Object>> rows = entries(answer);
        assertEquals(rows.size(), answer.getInt("total"));
        return rows.isEmpty() ? 0 : number(rows.get(0).get("eventCount"));
    }

    private static <K> Map<K, Long> counts(List<Map<String, Object>> rows, Function<Map<String, Object>, K> key) {
        Map<K, Long> counts = new LinkedHashMap<>();
        rows.forEach(r -> counts.put(key.apply(r), number(r.get("eventCount"))));
        return counts;
    }

    /** The instance this class shares with another ({@link IsolatedInstance}) is not needed by this class any more. */
    @AfterAll
    static void releaseIsolatedInstance() throws Exception {
        IsolatedInstance.release("Reports");
    }

    // ---- metrics and groupings ----

    @Test
    void withoutGroupKeysOneRowOfTotalsCarriesEveryMetric() throws Exception {
        Sales s = Sales.create();
        JsonBody answer = answer(s.adminToken(), s.range());
        assertEquals(1, answer.getInt("total"));
        assertEquals("America/New_York", answer.getString("timeZoneId"));
        Map<String, Object> all = entries(answer).get(0);
        assertEquals(4, number(all.get("paymentAuthorizationsCount"))); // e1, e4, e9, e11: e8 was declined
        assertEquals(new BigDecimal("380.00"), money(all.get("paymentAuthorizationsValue")));
        assertEquals(1, number(all.get("paymentSettlementsCount")));
        assertEquals(new BigDecimal("100.00"), money(all.get("paymentSettlementsValue")));
        assertEquals(1, number(all.get("refundAuthorizationsCount")));
        assertEquals(new BigDecimal("20.00"), money(all.get("refundAuthorizationsValue")));
        assertEquals(1, number(all.get("refundSettlementsCount")));
        assertEquals(new BigDecimal("20.00"), money(all.get("refundSettlementsValue")));
        assertEquals(1, number(all.get("paymentReverseAuthorizationsCount")));
        assertEquals(new BigDecimal("30.00"), money(all.get("paymentReverseAuthorizationsValue")));
        assertEquals(1, number(all.get("chargebacksCount")));
        assertEquals(new BigDecimal("200.00"), money(all.get("chargebacksValue")));
        assertEquals(new BigDecimal("1175.00"), money(all.get("amount"))); // every event e1..e13, the decline too
        assertEquals(13, number(all.get("eventCount"))); // e14 is after the range
        assertEquals("2026-03-09", all.get("firstEventDate")); // e8, 19:00 in New York
        assertEquals("2026-03-09T19:00:00-04:00", all.get("firstEventDateTime"));
        assertEquals("2026-03-14", all.get("lastEventDate"));
        assertEquals("2026-03-14T06:00:00-04:00", all.get("lastEventDateTime"));
        assertEquals("Chargeback", all.get("lastEventType"));
        assertEquals("Approved", all.get("lastEventResult"));
        assertEquals(20, all.size(), "the 20 metrics and no dimension: " + all.keySet());
    }

    @Test
    void groupsByProjectWithEachGroupsMetricsAndTheRowsOrderedByMetrics() throws Exception {
        Sales s = Sales.create();
        Map<String, Object> body = s.range("group", group("projectName"));
        List<Map<String, Object>> rows = entries(s.adminToken(), body);
        assertEquals(List.of(s.alphaName(), s.betaName()), rows.stream().map(r -> r.get("projectName")).toList());
        Map<String, Object> alpha = rows.get(0);
        assertEquals(10, number(alpha.get("eventCount")));
        assertEquals(3, number(alpha.get("paymentAuthorizationsCount")));
        assertEquals(new BigDecimal("350.00"), money(alpha.get("paymentAuthorizationsValue")));
        assertEquals(0, number(alpha.get("paymentReverseAuthorizationsCount")));
        assertEquals(new BigDecimal("0.00"), money(alpha.get("paymentReverseAuthorizationsValue")));
        assertEquals(new BigDecimal("1040.00"), money(alpha.get("amount")));
        assertEquals("2026-03-09", alpha.get("firstEventDate")); // e1: 23:30 on the 9th in New York
        assertEquals("Chargeback", alpha.get("lastEventType"));
        Map<String, Object> beta = rows.get(1);
        assertEquals(3, number(beta.get("eventCount")));
        assertEquals(1, number(beta.get("paymentAuthorizationsCount")));
        assertEquals(new BigDecimal("30.00"), money(beta.get("paymentAuthorizationsValue")));
        assertEquals(new BigDecimal("30.00"), money(beta.get("paymentReverseAuthorizationsValue")));
        assertEquals(new BigDecimal("135.00"), money(beta.get("amount")));
        assertEquals("2026-03-11T02:00:00-04:00", beta.get("lastEventDateTime"));
        assertEquals("ReverseAuthorize", beta.get("lastEventType"));
        assertEquals("Approved", beta.get("lastEventResult"));
        assertEquals(21, beta.size(), "projectName and the 20 metrics: " + beta.keySet());

        body.put("order", Map.of("eventCount", Map.of("index", 0, "option", "Asc")));
        assertEquals(List.of(s.betaName(), s.alphaName()), names(entries(s.adminToken(), body)));
        body.put("order", Map.of("amount", Map.of("index", 0, "option", "Desc")));
        assertEquals(List.of(s.alphaName(), s.betaName()), names(entries(s.adminToken(), body)));
        body.put("order", Map.of("lastEventType", Map.of("index", 0, "option", "Asc"))); // Chargeback < ReverseAuthorize
        assertEquals(List.of(s.alphaName(), s.betaName()), names(entries(s.adminToken(), body)));
        body.put("order", Map.of("lastEventType", Map.of("index", 0, "option", "Desc")));
        assertEquals(List.of(s.betaName(), s.alphaName()), names(entries(s.adminToken(), body)));
        body.put("order", Map.of("projectName", Map.of("index", 0, "option", "Desc")));
        assertEquals(List.of(s.betaName(), s.alphaName()), names(entries(s.adminToken(), body)));
    }

    private static List<Object> names(List<Map<String, Object>> rows) {
        return rows.stream().map(r -> r.get("projectName")).toList();
    }

    /** ccType and eventType over the range: 10 groups, in this order by default (group columns ascending). */
    static final List<String> CARD_EVENT_GROUPS = List.of("AMEX Authorize", "AMEX ReverseAuthorize",
            "MASTERCARD Authorize", "MASTERCARD Capture", "MASTERCARD Refund", "MASTERCARD RefundSettle",
            "VISA Authorize", "VISA Capture", "VISA Chargeback", "VISA Settle");

    private static List<String> cardEvents(List<Map<String, Object>> rows) {
        return rows.stream().map(r -> r.get("ccType") + " " + r.get("eventType")).toList();
    }

    @Test
    void groupIndexesOrderPrioritiesPagingTotalAndReturnAll() throws Exception {
        Sales s = Sales.create();
        String token = s.adminToken();
        Map<String, Object> group = Map.of("eventType", Map.of("index", 1), "ccType", Map.of("index", 0));
        JsonBody all = answer(token, s.range("group", group, "limit", 1000));
        assertEquals(10, all.getInt("total"));
        List<Map<String, Object>> rows = entries(all);
        assertEquals(CARD_EVENT_GROUPS, cardEvents(rows));
        assertEquals(3, number(rows.get(6).get("eventCount"))); // VISA Authorize: e1, e8, e11
        assertEquals(2, number(rows.get(6).get("paymentAuthorizationsCount")));
        assertTrue(rows.get(0).keySet().containsAll(List.of("ccType", "eventType")), rows.get(0).keySet().toString());

        JsonBody page = answer(token, s.range("group", group, "limit", 3, "offset", 3));
        assertEquals(10, page.getInt("total"));
        assertEquals(CARD_EVENT_GROUPS.subList(3, 6), cardEvents(entries(page)));
        JsonBody past = answer(token, s.range("group", group, "limit", 3, "offset", 20));
        assertEquals(10, past.getInt("total"));
        assertEquals(List.of(), entries(past));
        JsonBody byDefault = answer(token, s.range("group", group));
        assertEquals(CARD_EVENT_GROUPS, cardEvents(entries(byDefault))); // default limit 20
        assertEquals(CARD_EVENT_GROUPS, cardEvents(entries(token,
                s.range("group", group, "limit", 3, "offset", 3, "returnAllIfCountLessThan", 10))));
        assertEquals(CARD_EVENT_GROUPS.subList(3, 6), cardEvents(entries(token,
                s.range("group", group, "limit", 3, "offset", 3, "returnAllIfCountLessThan", 9))));

        Map<String, Object> order = Map.of("eventCount", Map.of("index", 0, "option", "Desc"),
                "ccType", Map.of("index", 1, "option", "Desc"));
        assertEquals(List.of("VISA Authorize", "VISA Capture", "VISA Chargeback", "VISA Settle", "MASTERCARD Authorize"),
                cardEvents(entries(token, s.range("group", group, "order", order, "limit", 5))));
    }

    @Test
    void transactionTimeAndEventTimeDimensions() throws Exception {
        Sales s = Sales.create();
        String token = s.adminToken();
        // date is the transaction's creation day in New York: T1 and T3 on the 9th, T2 the 10th, T4 the 11th (00:30), T5 the 12th.
        assertEquals(Map.of("2026-03-09", 4L, "2026-03-10", 4L, "2026-03-11", 2L, "2026-03-12", 3L),
                counts(entries(token, s.range("group", group("date"))), r -> r.get("date")));
        // eventDate is each event's day: e3 (Settle of T1) on the 11th although T1 began on the 9th.
        assertEquals(Map.of("2026-03-09", 3L, "2026-03-10", 2L, "2026-03-11", 3L, "2026-03-12", 4L, "2026-03-14", 1L),
                counts(entries(token, s.range("group", group("eventDate"))), r -> r.get("eventDate")));
        List<Map<String, Object>> beta = entries(token, s.range("group",
                group("eventDateTime", "eventTime", "eventWeek", "eventMonth", "eventYear", "dateTime", "time", "week",
                        "month", "year"),
                "filter", filter("projectName", s.betaName(), "Equals")));
        assertEquals(List.of("2026-03-09T19:00:00", "2026-03-11T00:30:00", "2026-03-11T02:00:00"),
                beta.stream().map(r -> r.get("eventDateTime")).toList());
        Map<String, Object> reversal = beta.get(2);
        assertEquals("02:00:00", reversal.get("eventTime"));
        assertEquals(11, number(reversal.get("eventWeek"))); // ISO week 11: 9 to 15 March 2026
        assertEquals(3, number(reversal.get("eventMonth")));
        assertEquals("2026", reversal.get("eventYear"));
        assertEquals("2026-03-11T00:30:00", reversal.get("dateTime")); // T4's creation
        assertEquals("00:30:00", reversal.get("time"));
        assertEquals(11, number(reversal.get("week")));
        assertEquals(3, number(reversal.get("month")));
        assertEquals("2026", reversal.get("year"));
        // groupBy day is the event's date after the group keys.
        assertEquals(List.of(s.alphaName() + " 2026-03-09", s.alphaName() + " 2026-03-10", s.alphaName() + " 2026-03-11",
                        s.alphaName() + " 2026-03-12", s.alphaName() + " 2026-03-14", s.betaName() + " 2026-03-09",
                        s.betaName() + " 2026-03-11"),
                entries(token, s.range("group", group("projectName"), "groupBy", "day")).stream()
                        .map(r -> r.get("projectName") + " " + r.get("eventDate")).toList());
    }

    @Test
    void dayBucketsFollowTheTimeZoneWindowsOrIana() throws Exception {
        Sales s = Sales.create();
        String token = s.adminToken();
        Map<String, Long> newYork = Map.of("2026-03-09", 3L, "2026-03-10", 2L, "2026-03-11", 3L, "2026-03-12", 4L,
                "2026-03-14", 1L);
        // 03-09 23:00Z (e8) is midnight in Berlin; 03-10 03:30Z (e1, e2) is 23:30 on the 9th in New York, 04:30 on
        // the 10th in Berlin; 03-13 01:00Z (e7) is the 12th in New York and the 13th in Berlin.
        Map<String, Long> berlin = Map.of("2026-03-10", 5L, "2026-03-11", 3L, "2026-03-12", 3L, "2026-03-13", 1L,
                "2026-03-14", 1L);
        for (String zone : Arrays.asList(null, "Eastern Standard Time", "eastern standard time", "America/New_York")) {
            Map<String, Object> body = s.range("group", group("eventDate"));
            if (zone != null) {
                body.put("timeZoneId", zone);
            }
            assertEquals(newYork, counts(entries(token, body), r -> r.get("eventDate")), "zone " + zone);
        }
        for (String zone : List.of("W. Europe Standard Time", "Europe/Berlin")) {
            JsonBody answer = answer(token, s.range("group", group("eventDate"), "timeZoneId", zone));
            assertEquals(berlin, counts(entries(answer), r -> r.get("eventDate")), zone);
            assertEquals("Europe/Berlin", answer.getString("timeZoneId"));
        }
        Map<String, Object> first = entries(token, s.range("timeZoneId", "Europe/Berlin")).get(0);
        assertEquals("2026-03-10T00:00:00+01:00", first.get("firstEventDateTime"));
        assertEquals("2026-03-10", first.get("firstEventDate"));
    }

    @Test
    void startAndEndAreInclusiveAndReadInTheZoneUnlessTheyHaveAnOffset() throws Exception {
        Sales s = Sales.create();
        String token = s.adminToken();
        // 19:00 and 23:30 New York time are e8 and e1/e2 exactly.
        Map<String, Object> body = s.range();
        body.put("startDate", "2026-03-09T19:00:00");
        body.put("endDate", "2026-03-09T23:30:00");
        assertEquals(3, number(entries(token, body).get(0).get("eventCount")));
        body.put("startDate", "2026-03-09T19:00:00.000001");
        assertEquals(2, number(entries(token, body).get(0).get("eventCount")));
        body.put("startDate", "2026-03-09T23:00:00Z");
        body.put("endDate", "2026-03-10T03:30:00+00:00");
        assertEquals(3, number(entries(token, body).get(0).get("eventCount")));
        body.put("timeZoneId", "Europe/Berlin"); // offsets win over the zone
        assertEquals(3, number(entries(token, body).get(0).get("eventCount")));
        body.put("startDate", "2026-03-10"); // Berlin's 10 March: e8 at its midnight, e1, e2, e4, e5
        body.put("endDate", "2026-03-10");
        assertEquals(5, number(entries(token, body).get(0).get("eventCount")));
        JsonBody none = answer(token, s.range("startDate", "2026-04-01", "endDate", "2026-04-30"));
        assertEquals(0, none.getInt("total"));
        assertEquals(List.of(), none.getList("entries"));
        assertTrue(none.getBoolean("success"));
    }

    // ---- filters ----

    @Test
    void everyConditionOrWithinAKeyAndAcrossKeys() throws Exception {
        Sales s = Sales.create();
        assertEquals(7, eventCount(s, filter("billingState", "NY", "Equals"))); // T1, T3, T5
        assertEquals(6, eventCount(s, filter("billingState", "NY", "NotEquals"))); // T2, and T4 without a state
        assertEquals(2, eventCount(s, filter("billingState", null, "Equals"))); // T4
        assertEquals(11, eventCount(s, filter("billingState", null, "NotEquals")));
        assertEquals(6, eventCount(s, filter("email", "ADA@", "Contains"))); // T1, T5: ignoring case
        assertEquals(6, eventCount(s, filter("billingCity", "new", "StartsWith"))); // T1 and T5 in New York
        assertEquals(0, eventCount(s, filter("billingCity", "york", "StartsWith")));
        assertEquals(5, eventCount(s, filter("eventDate", "2026-03-11", "GreaterThan"))); // the 12th (4), the 14th
        assertEquals(8, eventCount(s, filter("eventDate", "2026-03-11", "GreaterThanOrEqual")));
        assertEquals(3, eventCount(s, filter("eventDate", "2026-03-10", "LessThan")));
        assertEquals(5, eventCount(s, filter("eventDate", "2026-03-10", "LessThanOrEqual")));
        assertEquals(13, eventCount(s, filter("eventWeek", 11, "Equals")));
        assertEquals(0, eventCount(s, filter("eventWeek", 11, "NotEquals")));
        assertEquals(13, eventCount(s, filter("eventMonth", 3, "LessThanOrEqual")));
        assertEquals(1, eventCount(s, filter("validCVV", false, "Equals"))); // T3
        assertEquals(1, eventCount(s, filter("resultCode", "05", "Equals"))); // e8
        assertEquals(1, eventCount(s, filter("eventResult", "Declined", "Equals")));
        assertEquals(2, eventCount(s, filter("ccType", "AMEX", "Equals")));
        assertEquals(3, eventCount(s, filter("ccLast4", "4242", "Equals")));
        Map<String, Object> captureOrSettle = Map.of("eventType", List.of(item("Capture", "Equals"), item("Settle", "Equals")));
        assertEquals(4, eventCount(s, captureOrSettle)); // e2, e5, e12, e3
        Map<String, Object> andVisa = new HashMap<>(captureOrSettle);
        andVisa.put("ccType", List.of(item("VISA", "Equals")));
        assertEquals(3, eventCount(s, andVisa)); // e2, e12, e3
    }

    @Test
    void tagsGroupOrderAndFilterByLabel() throws Exception {
        Sales s = Sales.create();
        String token = s.adminToken();
        List<Map<String, Object>> rows = entries(token, s.range("group", Map.of("tags", List.of(Map.of("index", 0,
                "label", "channel")))));
        // Ascending, the transaction without the tag (T3) last: no value sorts as the largest.
        assertEquals(3, rows.size());
        assertEquals("mobile", tag(rows.get(0), "channel"));
        assertEquals(4, number(rows.get(0).get("eventCount")));
        assertEquals("web", tag(rows.get(1), "channel"));
        assertEquals(8, number(rows.get(1).get("eventCount")));
        assertNull(tag(rows.get(2), "channel"));
        assertEquals(1, number(rows.get(2).get("eventCount")));
        rows = entries(token, s.range("group", Map.of("projectName", Map.of("index", 1),
                        "tags", List.of(Map.of("index", 0, "label", "channel"))),
                "order", Map.of("tags", List.of(Map.of("index", 0, "option", "Desc", "label", "channel")))));
        assertEquals(Arrays.asList(null, "web", "web", "mobile"), rows.stream().map(r -> tag(r, "channel")).toList());
        assertEquals(List.of(s.betaName(), s.alphaName(), s.betaName(), s.alphaName()),
                rows.stream().map(r -> r.get("projectName")).toList());

        assertEquals(8, eventCount(s, Map.of("tags", List.of(Map.of("label", "channel", "item", item("web", "Equals"))))));
        assertEquals(12, eventCount(s, Map.of("tags", List.of(Map.of("label", "channel", "item", item("web", "Equals")),
                Map.of("label", "channel", "item", item("mob", "StartsWith"))))));
        assertEquals(3, eventCount(s, Map.of("tags", List.of(Map.of("label", "channel", "item", item("web", "Equals")),
                Map.of("label", "campaign", "item", item("spring", "Equals")))))); // labels AND-ed: T1
        assertEquals(5, eventCount(s, Map.of("tags", List.of(Map.of("label", "channel", "item", item("web", "NotEquals"))))));
    }

    @SuppressWarnings("unchecked")
    private static Object tag(Map<String, Object> row, String label) {
        return ((Map<String, Object>) row.get("tags")).get(label);
    }

    @Test
    void aFilterValueIsDataNeverSql() throws Exception {
        Sales s = Sales.create();
        assertEquals(0, eventCount(s, filter("billingState", INJECTION, "Equals")));
        assertEquals(0, eventCount(s, filter("projectName", INJECTION, "Contains")));
        assertEquals(2, eventCount(s, filter("email", INJECTION, "Equals"))); // T4's email is that very text
        assertEquals(0, eventCount(s, Map.of("tags", List.of(Map.of("label", INJECTION, "item", item("web", "Equals"))))));
        refused(report(s.adminToken(), s.range("group", Map.of(INJECTION, Map.of("index", 0)))), 400);
        refused(report(s.adminToken(), s.range("filter", filter("ip", "1", INJECTION))), 400);
    }

    // ---- access ----

    @Test
    void aCompanyUserSeesOnlyTheEventsOfAssignedProjects() throws Exception {
        Sales s = Sales.create();
        List<Map<String, Object>> rows = entries(s.user().token(), s.range("group", group("projectName")));
        assertEquals(List.of(s.betaName()), names(rows));
        assertEquals(3, number(rows.get(0).get("eventCount")));
        assertEquals(3, number(entries(s.user().token(), s.range()).get(0).get("eventCount")));
        assertEquals(0, answer(s.user().token(), s.range("filter", filter("projectName", s.alphaName(), "Equals")))
                .getInt("total"));
        assertEquals(13, number(entries(s.adminToken(), s.range()).get(0).get("eventCount")));
        assertEquals(13, number(entries(Api.rootToken(), s.range()).get(0).get("eventCount")));
    }

    @Test
    void otherTenantsAndRefusedCallers() throws Exception {
        Sales s = Sales.create();
        Api.Member outsider = Api.anAdminOf(Api.aCompany());
        refused(report(outsider.token(), s.range()), 404);
        // The company before the body: another tenant's company with an invalid body answers as an unknown one.
        refused(report(outsider.token(), s.range("group", Map.of("colour", Map.of("index", 0)))), 404);
        refused(report(Api.rootToken(), s.range("companyId", UUID.randomUUID())), 404);
        refused(report(Api.aMember(s.company(), "None").token(), s.range()), 403);
        refused(Api.anonymous().body(s.range()).post(REPORTS), 401);
        refused(as(s.adminToken()).post(SYNC), 403);
        refused(as(s.user().token()).post(SYNC), 403);
        refused(Api.anonymous().post(SYNC), 401);
    }

    @Test
    void invalidRequestsAre400() throws Exception {
        UUID company = Api.aCompany();
        String root = Api.rootToken();
        Map<String, Object> valid = body("companyId", company, "startDate", "2026-03-01", "endDate", "2026-03-15");
        answer(root, valid);
        for (String missing : List.of("companyId", "startDate", "endDate")) {
            Map<String, Object> body = new HashMap<>(valid);
            body.remove(missing);
            assertTrue(refused(report(root, body), 400).getString("errorMessage").contains(missing), missing);
        }
        List<Map<String, Object>> invalid = List.of(
                body("companyId", "not-a-uuid"), body("startDate", "last week"), body("endDate", "2026-02-30"),
                body("startDate", "2026-03-16"), body("timeZoneId", "Nowhere Standard Time"),
                body("timeZoneId", "Mars/Olympus_Mons"), body("group", Map.of("colour", Map.of("index", 0))),
                body("order", Map.of("ccType", Map.of("index", 0))), body("order", Map.of("amount", Map.of("option", "Up"))),
                body("filter", filter("ip", "10.0.0.1", "Like")), body("filter", Map.of("colour", List.of(item("red", "Equals")))),
                body("filter", filter("week", "eleven", "Equals")), body("filter", filter("eventType", "Authorise", "Equals")),
                body("filter", filter("validCVV", "yes", "Equals")), body("limit", 0), body("limit", 1001),
                body("offset", -1), body("returnAllIfCountLessThan", -1), body("returnAllIfCountLessThan", 10_001),
                body("groupBy", "year"), body("limit", "ten"));
        for (Map<String, Object> change : invalid) {
            Map<String, Object> body = new HashMap<>(valid);
            body.putAll(change);
            refused(report(root, body), 400);
        }
        answer(root, body("companyId", company, "startDate", "2026-03-01", "endDate", "2026-03-15", "limit", 1000,
                "returnAllIfCountLessThan", 10_000, "groupBy", "Week", "timeZoneId", "Tokyo Standard Time"));
    }

    // ---- cost limits ----

    @Test
    void costLimitsAre400NamingTheLimit() throws Exception {
        UUID company = Api.aCompany();
        String user = Api.aMember(company, "User").token(); // a company User may run E3: the limits are for everyone
        Map<String, Object> longest = body("companyId", company, "startDate", "2025-01-01", "endDate", "2026-02-04");
        answer(user, longest); // 400 whole days
        Map<String, Object> tooLong = new HashMap<>(longest);
        tooLong.put("endDate", "2026-02-05");
        String message = refused(report(user, tooLong), 400).getString("errorMessage");
        assertTrue(message.contains("more than 400 days") && message.contains("payments.reports.max-range-days"), message);

        Map<String, Object> valid = body("companyId", company, "startDate", "2026-03-01", "endDate", "2026-03-15");
        Map<String, Object> body = new HashMap<>(valid);
        body.put("filter", Map.of("billingCity", items(20)));
        answer(user, body);
        body.put("filter", Map.of("billingCity", items(21)));
        message = refused(report(user, body), 400).getString("errorMessage");
        assertTrue(message.contains("filter.billingCity: at most 20 items"), message);
        body.put("filter", Map.of("tags", items(21).stream().map(i -> Map.of("label", "channel", "item", i)).toList()));
        message = refused(report(user, body), 400).getString("errorMessage");
        assertTrue(message.contains("at most 20 items"), message);

        body = new HashMap<>(valid);
        body.put("group", Map.of("tags", labels(5)));
        assertEquals(0, answer(user, body).getInt("total"));
        body.put("group", Map.of("tags", labels(6)));
        message = refused(report(user, body), 400).getString("errorMessage");
        assertTrue(message.contains("at most 5 tag labels"), message);
        body = new HashMap<>(valid);
        body.put("filter", Map.of("tags", labels(6).stream().map(l -> Map.of("label", l.get("label"), "item",
                item("web", "Equals"))).toList()));
        message = refused(report(user, body), 400).getString("errorMessage");
        assertTrue(message.contains("at most 5 distinct tag labels"), message);
        // Grouped and filtered labels count together, a label in both once: label0-2 with other and label0 are 4.
        body.put("group", Map.of("tags", labels(3)));
        body.put("filter", Map.of("tags", List.of(Map.of("label", "other", "item", item("web", "Equals")),
                Map.of("label", "label0", "item", item("web", "Equals")))));
        answer(user, body);
        body.put("filter", Map.of("tags", List.of(Map.of("label", "other", "item", item("web", "Equals")),
                Map.of("label", "another", "item", item("web", "Equals")), Map.of("label", "third", "item",
                        item("web", "Equals")))));
        message = refused(report(user, body), 400).getString("errorMessage");
        assertTrue(message.contains("at most 5 distinct tag labels in group, order and filter together"), message);
    }

    private static List<Map<String, Object>> items(int count) {
        return IntStream.range(0, count).mapToObj(i -> item("city" + i, "Contains")).toList();
    }

    private static List<Map<String, Object>> labels(int count) {
        return IntStream.range(0, count).mapToObj(i -> Map.<String, Object>of("index", i, "label",
                "label" + i)).toList();
    }

    /**
     * An instance with a database schema of its own ({@link IsolatedInstance}), with a report statement timeout of
     * {@link IsolatedInstance#REPORT_TIMEOUT} and one report per company at a time: a test holds an exclusive lock on
     * the fact table and its rollups, so that a report waits as long as the test wants (deterministic, unlike a slow
     * query), and stops it by the timeout or by letting go.
     */
    private static ExtraInstance limited;
    private static ExtraInstance.Database limitedDb;

    private static synchronized ExtraInstance limited() throws Exception {
        if (limited == null) {
            limitedDb = IsolatedInstance.db();
            limited = IsolatedInstance.instance();
        }
        return limited;
    }

    private static RequestSpecification onLimited(String token) {
        return RestAssured.given().baseUri(limited.baseUri())
                .contentType(ContentType.JSON).accept(ContentType.JSON)
                .header("Authorization", "Bearer " + token);
    }

    private static String limitedRoot() {
        Response r = RestAssured.given().baseUri(limited.baseUri())
                .contentType(ContentType.URLENC).formParams(Map.of("grant_type", "password",
                        "username", Api.ROOT_EMAIL, "password", Api.ROOT_PASSWORD)).post("/api/auth/token");
        assertEquals(200, r.statusCode(), r.asString());
        return JsonBody.of(r).getString("access_token");
    }

    private static UUID limitedCompany(String root) {
        return created(onLimited(root).body(Map.of("companyName", Api.unique("Co"))).post("/api/adm/companies"));
    }

    /** The tables a report reads from: the facts and their rollups. */
    private static final List<String> READ_BY_REPORTS = List.of("report_transaction_events", "report_event_hours",
            "report_company_hours");

    /** A connection holding an exclusive lock on the fact table and its rollups until it is closed (which rolls back). */
    private static Connection lockFacts() throws Exception {
        Connection lock = limitedDb.connect();
        lock.setAutoCommit(false);
        try (var st = lock.createStatement()) {
            st.execute("LOCK TABLE " + String.join(", ", READ_BY_REPORTS) + " IN ACCESS EXCLUSIVE MODE");
        }
        return lock;
    }

    /** Waits until {@code count} statements wait for the lock on the fact table or its rollups. */
    private static void awaitWaiting(int count) throws Exception {
        try (Connection db = limitedDb.connect(); PreparedStatement ps = db.prepareStatement("SELECT count(*) FROM pg_locks "
                + "WHERE relation::regclass::text IN ('" + String.join("', '", READ_BY_REPORTS) + "') AND NOT granted")) {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline) {
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) >= count) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError(count + " report statements never waited for the lock");
    }

    private static void assumePostgres() {
        String url = System.getenv("PAYMENTS_DB_URL");
        Assumptions.assumeTrue(url != null && url.startsWith("jdbc:postgresql:"),
                "a table lock of PostgreSQL holds the report");
    }

    @Test
    void aReportStatementOverTheTimeoutIsStoppedAnd400NeverA500() throws Exception {
        assumePostgres();
        limited();
        String root = limitedRoot();
        Map<String, Object> body = body("companyId", limitedCompany(root), "startDate", "2026-03-01", "endDate", "2026-03-15");
        ok(onLimited(root).body(body).post(REPORTS));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection lock = lockFacts()) {
            // Bounded, so that a report without a timeout fails the test rather than waiting for the lock for ever.
            Response stopped = pool.submit(() -> onLimited(root).body(body).post(REPORTS))
                    .get(60, TimeUnit.SECONDS);
            String message = refused(stopped, 400).getString("errorMessage");
            assertTrue(message.contains(IsolatedInstance.REPORT_TIMEOUT.toSeconds() + " s")
                    && message.contains("payments.reports.statement-timeout"), message);
        } finally {
            pool.shutdownNow();
        }
        // The stopped report freed its connection and its slot: the next one answers.
        ok(onLimited(root).body(body).post(REPORTS));
        assertFalse(limited.log().contains("Unexpected error"),
                "a timeout is an expected refusal, not an unexpected error");
    }

    @Test
    void aCompanysReportBeyondItsConcurrentLimitIs429() throws Exception {
        assumePostgres();
        limited();
        String root = limitedRoot();
        UUID company = limitedCompany(root);
        Map<String, Object> body = body("companyId", company, "startDate", "2026-03-01", "endDate", "2026-03-15");
        Map<String, Object> other = body("companyId", limitedCompany(root), "startDate", "2026-03-01", "endDate", "2026-03-15");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Response> first;
            Future<Response> otherCompany;
            try (Connection lock = lockFacts()) {
                first = pool.submit(() -> onLimited(root).body(body).post(REPORTS));
                awaitWaiting(1); // the company's one report runs (held by the lock)
                JsonBody busy = refused(onLimited(root).body(body).post(REPORTS), 429);
                assertTrue(busy.getString("errorMessage").contains("payments.reports.max-concurrent-per-company"),
                        busy.prettify());
                otherCompany = pool.submit(() -> onLimited(root).body(other).post(REPORTS));
                awaitWaiting(2); // another company's report is not held back by this one's limit
            }
            ok(first.get(60, TimeUnit.SECONDS));
            ok(otherCompany.get(60, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
        ok(onLimited(root).body(body).post(REPORTS)); // the slot is free again
    }

    @Test
    void bothOperationsAreDocumented() {
        String doc = Api.anonymous().accept("application/yaml, application/json, */*").get("/openapi").then()
                .statusCode(200).extract().asString();
        for (String expected : List.of(REPORTS, SYNC, "E3 Grouped transaction report", "returnAllIfCountLessThan",
                "groupBy", "timeZoneId")) {
            assertTrue(doc.contains(expected), expected + " missing from /openapi");
        }
    }

    // ---- the hourly rollup ----

    @Test
    void theSyncKeepsTheHourlyRollupAsTheFactsAndTheFirstInstanceReadsIt() throws Exception {
        Sales s = Sales.create();
        // A second sync brings an event into an hour and dimensions the rollup has already: T1's authorization's.
        try (Connection db = DatabaseDump.connect()) {
            Source.of(s.company(), s.alpha()).transaction(db, "2026-03-10T03:45:00Z", "VISA", "9999", true, "00", null,
                    address("Ada", "ada@example.com", "New York", "NY"),
                    event("Authorize", "Approved", "00", "5.00", "2026-03-10T03:45:00Z"));
        }
        sync();
        Map<String, String> hours = rollup(s.company(), true);
        assertEquals(factsByHour(s.company(), true), hours);
        assertEquals(factsByHour(s.company(), false), rollup(s.company(), false));
        assertTrue(hours.values().stream().anyMatch(cell -> cell.startsWith("2|105.00|2026-03-10T03:30:00Z|"
                + "2026-03-10T03:45:00Z|")), "the cell of 03:00Z took the second authorization: " + hours);
        // Every other report of this class compares the two instances; here the rollups are shown to be what the
        // first reads: a cell changed under it changes its answer, and not the second's. By project: the project
        // rollup; over the whole company: the company's.
        for (String table : List.of("report_event_hours", "report_company_hours")) {
            Map<String, Object> body = table.equals("report_event_hours") ? s.range("group", group("projectName"))
                    : s.range("group", group("ccType"));
            long facts = entries(answer(Api.rootToken(), body)).stream().mapToLong(r -> number(r.get("eventCount"))).sum();
            try (Connection db = DatabaseDump.connect(); PreparedStatement bump = db.prepareStatement("UPDATE " + table
                    + " SET event_count = event_count + ? WHERE company_id = ? AND occurred_hour < ?")) {
                bump.setLong(1, 1000);
                bump.setObject(2, s.company());
                bump.setObject(3, OffsetDateTime.parse("2026-03-16T04:00:00Z")); // the range's end in New York: not T6
                int cells = bump.executeUpdate();
                try {
                    long read = entries(firstInstanceAnswer(Api.rootToken(), body)).stream()
                            .mapToLong(r -> number(r.get("eventCount"))).sum();
                    assertEquals(facts + 1000L * cells, read, "the first instance reads " + table);
                } finally {
                    bump.setLong(1, -1000);
                    bump.executeUpdate();
                }
            }
        }
        assertEquals(hours, rollup(s.company(), true));
    }

    /**
     * The company's rows of the project rollup, or of the company's: key (project or none, hours, dimensions) -> count,
     * sum, first, last, last key.
     */
    private static Map<String, String> rollup(UUID company, boolean perProject) throws Exception {
        Map<String, String> cells = new TreeMap<>();
        try (Connection db = DatabaseDump.connect(); PreparedStatement ps = db.prepareStatement("SELECT "
                + (perProject ? "project_id" : "'all'") + ", occurred_hour, created_hour, event_type, event_result, "
                + "event_result_code, cc_type, valid_cvv, currency, event_count, amount_sum, first_at, last_at, last_key FROM "
                + (perProject ? "report_event_hours" : "report_company_hours") + " WHERE company_id = ?")) {
            ps.setObject(1, company);
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    String key = String.join("|", rs.getString(1), instant(rs, 2).toString(), instant(rs, 3).toString(),
                            rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9));
                    assertNull(cells.put(key, String.join("|", String.valueOf(rs.getLong(10)),
                            rs.getBigDecimal(11).setScale(2, RoundingMode.UNNECESSARY).toPlainString(),
                            instant(rs, 12).toString(), instant(rs, 13).toString(), rs.getString(14))), "one row per cell: " + key);
                }
            }
        }
        return cells;
    }

    /** The company's facts summed by a rollup's key, in Java. */
    private static Map<String, String> factsByHour(UUID company, boolean perProject) throws Exception {
        record Cell(long count, BigDecimal sum, Instant first, Instant last, String lastKey) {
        }
        Map<String, Cell> cells = new TreeMap<>();
        try (Connection db = DatabaseDump.connect(); PreparedStatement ps = db.prepareStatement("SELECT "
                + (perProject ? "project_id" : "'all'") + ", occurred_at, created_at, event_type, event_result, event_result_code, cc_type, valid_cvv, currency, "
                + "amount, event_order FROM report_transaction_events WHERE company_id = ?")) {
            ps.setObject(1, company);
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    Instant at = instant(rs, 2);
                    String key = String.join("|", rs.getString(1), at.truncatedTo(ChronoUnit.HOURS).toString(),
                            instant(rs, 3).truncatedTo(ChronoUnit.HOURS).toString(), rs.getString(4),
                            rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9));
                    Cell one = new Cell(1, rs.getBigDecimal(10), at, at, rs.getString(11));
                    cells.merge(key, one, (a, b) -> new Cell(a.count() + b.count(), a.sum().add(b.sum()),
                            a.first().isBefore(b.first()) ? a.first() : b.first(), a.last().isAfter(b.last()) ? a.last() : b.last(),
                            a.lastKey().compareTo(b.lastKey()) > 0 ? a.lastKey() : b.lastKey()));
                }
            }
        }
        Map<String, String> out = new TreeMap<>();
        cells.forEach((key, c) -> out.put(key, String.join("|", String.valueOf(c.count()),
                c.sum().setScale(2, RoundingMode.UNNECESSARY).toPlainString(), c.first().toString(),
                c.last().toString(), c.lastKey())));
        return out;
    }

    private static Instant instant(ResultSet rs, int column) throws Exception {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    // ---- synchronization ----

    @Test
    void theSyncCopiesEachEventOnceAndCarriesRenamesOver() throws Exception {
        Sales s = Sales.create();
        assertEquals(0, sync().getInt("added")); // nothing new since the data set's own sync
        String renamed = Api.unique("Renamed");
        ok(asRoot().body(body("projectName", renamed)).put(PROJECTS + "/" + s.alpha() + "/general"));
        sync();
        // Every fact row of Alpha carries the new name (the periodic job may have carried it over before this sync,
        // so the count in the sync's answer is not asserted: it depends on which run got there first).
        assertEquals(List.of(s.betaName(), renamed), names(entries(s.adminToken(), s.range("group", group("projectName")))));
    }

    @Test
    void concurrentSyncsOnTwoInstancesCopyEveryEventExactlyOnce() throws Exception {
        UUID company = Api.aCompany();
        UUID project = Api.aProject(company);
        Source source = Source.of(company, project);
        try (Connection db = DatabaseDump.connect()) {
            for (int i = 0; i < 40; i++) {
                source.transaction(db, "2026-05-0" + (1 + i % 9) + "T12:00:00Z", "VISA", "1111", true, "00", null, Map.of(),
                        event("Authorize", "Approved", "00", "1.00", "2026-05-0" + (1 + i % 9) + "T12:00:00Z"),
                        event("Capture", "Approved", "00", "1.00", "2026-05-0" + (1 + i % 9) + "T12:00:01Z"));
            }
        }
        String root = Api.rootToken();
        SecondInstance.baseUri(); // booted outside the timed requests when this class runs first (2-3 min under load)
        List<Response> answers = Parallel.run(4, i -> (i % 2 == 0 ? Api.as(root) : Api.onSecondInstance(root)).post(SYNC));
        // One requested sync at a time: a request while one runs is refused with 409; each started run succeeds.
        for (Response answer : answers) {
            if (answer.statusCode() == 409) {
                Api.refused(answer, 409);
            } else {
                UUID run = LongRuns.accepted(answer);
                assertEquals("Succeeded", LongRuns.awaitEnd(() -> Api.as(root), run).getString("entry.state"));
            }
        }
        Map<String, Object> body = body("companyId", company, "startDate", "2026-05-01", "endDate", "2026-05-31");
        Map<String, Object> totals = entries(root, body).get(0);
        assertEquals(80, number(totals.get("eventCount")));
        assertEquals(40, number(totals.get("paymentAuthorizationsCount")));
        assertEquals(new BigDecimal("80.00"), money(totals.get("amount")));
        assertEquals(0, sync().getInt("added"));
        assertEquals(factsByHour(company, true), rollup(company, true), "the rollup counts each event once too");
        assertEquals(factsByHour(company, false), rollup(company, false));
    }

    @Test
    void eventsWrittenThroughTheApiReachTheReportWithTheirTags() throws Exception {
        Cards.Shop shop = Cards.aShop();
        Map<String, Object> sale = new HashMap<>();
        sale.put("paymentToken", shop.aToken("4111111111111111"));
        sale.put("amount", new BigDecimal("12.34"));
        sale.put("capture", true);
        sale.put("tags", Map.of("channel", "kiosk"));
        UUID id = created(shop.pay().body(sale).post(shop.transactions()));
        assertEquals(List.of("Authorize", "Capture"), TransactionScenarios.types(shop.transaction(id)));
        OffsetDateTime now = OffsetDateTime.now();
        Map<String, Object> body = body("companyId", shop.companyId(), "startDate", now.minusDays(1).toString(),
                "endDate", now.plusDays(1).toString(), "group", Map.of("tags", List.of(Map.of("index", 0, "label", "channel")),
                        "billingState", Map.of("index", 1), "ccType", Map.of("index", 2)));
        // The periodic job (every 5 s in these tests) copies it without being asked.
        List<Map<String, Object>> rows = List.of();
        for (int i = 0; i < 60 && rows.isEmpty(); i++) {
            rows = entries(firstInstanceAnswer(Api.rootToken(), body));
            if (rows.isEmpty()) {
                Thread.sleep(500);
            }
        }
        assertEquals(1, rows.size(), "the sale reached the report by the periodic sync");
        Map<String, Object> row = rows.get(0);
        assertEquals("kiosk", tag(row, "channel"));
        assertEquals("LDN", row.get("billingState")); // the token's personAddress
        assertEquals("VISA", row.get("ccType"));
        assertEquals(2, number(row.get("eventCount")));
        assertEquals(1, number(row.get("paymentAuthorizationsCount")));
        assertEquals(new BigDecimal("12.34"), money(row.get("paymentAuthorizationsValue")));
        assertEquals(new BigDecimal("24.68"), money(row.get("amount")));
        assertEquals("Capture", row.get("lastEventType"));
        assertFalse(answer(Api.rootToken(), body).prettify().contains("4111111111111111"));
    }

    @Test
    void noCardNumberInTheReportTables() throws Exception {
        Sales.create(); // events at whole seconds: times that once made card-number-shaped digits in the fact table
        String dump = DatabaseDump.all();
        List<String> reportRows = dump.lines().filter(l -> l.toLowerCase(Locale.ROOT).startsWith("report_")).toList();
        assertTrue(reportRows.size() > 13, "the dump covers the report tables");
        for (String pan : Cards.SIMULATOR_CARDS) {
            assertTrue(reportRows.stream().noneMatch(row -> row.contains(pan)), "a card number in a report table");
        }
    }
}
