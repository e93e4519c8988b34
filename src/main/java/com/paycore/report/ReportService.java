package com.paycore.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.access.ProjectAccess;
import com.paycore.platform.data.Datasource;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.runtime.StartupOrder;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.ErrorCode;
import com.paycore.platform.web.StrictJson;

/**
 * E3: checks who may see which events of the company, runs the report's SQL over the fact table or its hourly rollup
 * (whichever answers: {@link ReportHours}; {@code payments.reports.rollup=false} keeps to the facts) and shapes the rows.
 * Platform administrators read any company, its Admins all of it, its Users the events of the projects assigned to
 * them; anyone else gets the company's 404 (or 403 for an inactive membership), as every company resource does.
 */
@ApplicationScoped
public class ReportService {

    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssXXX");

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    @Inject
    ProjectAccess projects;

    @Inject
    @ConfigProperty(name = "payments.reports.max-range-days", defaultValue = "400")
    int maxRangeDays;

    @Inject
    @ConfigProperty(name = "payments.reports.statement-timeout", defaultValue = "PT15S")
    String statementTimeout;

    @Inject
    @ConfigProperty(name = "payments.reports.max-concurrent-per-company", defaultValue = "2")
    int maxConcurrentPerCompany;

    @Inject
    @ConfigProperty(name = "payments.reports.rollup", defaultValue = "true")
    boolean rollup;

    private Duration timeout;
    private ReportSlots slots;

    @PostConstruct
    void limits() {
        if (maxRangeDays < 1) {
            throw new IllegalArgumentException("payments.reports.max-range-days must be 1 or more, got " + maxRangeDays);
        }
        timeout = timeout(statementTimeout);
        slots = new ReportSlots(maxConcurrentPerCompany);
    }

    /**
     * Creates this bean at startup, so {@link #limits} checks the report settings then: a bad one stops the deployment,
     * naming it, as every other bad setting does, rather than failing every report.
     */
    void checkSettings(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        // limits() has run
    }

    /**
     * payments.reports.statement-timeout: an ISO 8601 duration (PT15S, PT0.5S) or a number of seconds (15, 0.001);
     * more than zero, whole milliseconds (a part of a millisecond rounds up).
     */
    static Duration timeout(String setting) {
        String text = setting == null ? "" : setting.trim();
        Duration parsed = null;
        try {
            parsed = text.matches("\\d+(\\.\\d+)?")
                    ? Duration.ofNanos(new BigDecimal(text).movePointRight(9).setScale(0, RoundingMode.CEILING).longValueExact())
                    : Duration.parse(text);
        } catch (DateTimeParseException | ArithmeticException notADuration) {
            // reported below
        }
        if (parsed == null || parsed.isNegative() || parsed.isZero()) {
            throw new IllegalArgumentException("payments.reports.statement-timeout must be an ISO 8601 duration (PT15S) or "
                    + "a number of seconds, more than zero; got " + setting);
        }
        long millis = parsed.toMillis() + (parsed.minusMillis(parsed.toMillis()).isZero() ? 0 : 1);
        return Duration.ofMillis(millis);
    }

    /**
     * A page of grouped rows, the number of groups, and the zone the report was read in (its IANA id): the report's
     * answer. The rows are built at run time (their keys are the chosen dimensions): the example shows one.
     */
    public record Report(@Schema(required = true, example = ENTRIES_EXAMPLE) List<JsonObject> entries,
                         @Schema(description = Envelope.TOTAL) long total,
                         @Schema(example = "America/New_York") String timeZoneId) {
    }

    static final String ENTRIES_EXAMPLE = """
            [{"eventDate": "2026-03-10", "paymentAuthorizationsCount": 3, "paymentAuthorizationsValue": 37.02,
             "paymentSettlementsCount": 2, "paymentSettlementsValue": 24.68, "refundAuthorizationsCount": 1,
             "refundAuthorizationsValue": 5.00, "refundSettlementsCount": 0, "refundSettlementsValue": 0.00,
             "paymentReverseAuthorizationsCount": 0, "paymentReverseAuthorizationsValue": 0.00,
             "chargebacksCount": 0, "chargebacksValue": 0.00, "amount": 37.02,
             "firstEventDate": "2026-03-10", "lastEventDate": "2026-03-10",
             "firstEventDateTime": "2026-03-10T09:12:44-04:00", "lastEventDateTime": "2026-03-10T17:40:02-04:00",
             "eventCount": 6, "lastEventType": "Refund", "lastEventResult": "Approved"}]""";

    /** E3's group (and filter) keys, in the contract's order: what a report form offers. */
    public static List<String> dimensions() {
        return Arrays.stream(Dimension.values()).map(Dimension::key).toList();
    }

    /** E3's metric keys, in the order every entry carries them. */
    public static List<String> metrics() {
        return Arrays.stream(Metric.values()).map(Metric::name).toList();
    }

    /** E3's filter conditions. */
    public static List<String> conditions() {
        return Arrays.stream(Condition.values()).map(Condition::name).toList();
    }

    /**
     * Text typed into a form as the JSON value a filter key takes: a whole number for week, month, eventWeek and
     * eventMonth, true/false for validCVV, the text itself otherwise. Text that does not read as the key's type stays
     * text, which {@link #run} then refuses in words like any wrong value; an unknown key likewise.
     */
    public static JsonValue filterValue(String key, String text) {
        String typed = text == null ? "" : text.strip();
        Dimension.Kind kind = Dimension.byKey(key).map(Dimension::kind).orElse(Dimension.Kind.TEXT);
        if (kind == Dimension.Kind.INT && typed.matches("-?\\d{1,9}")) {
            return StrictJson.json().createValue(Integer.parseInt(typed));
        }
        if (kind == Dimension.Kind.BOOL && (typed.equalsIgnoreCase("true") || typed.equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(typed) ? JsonValue.TRUE : JsonValue.FALSE;
        }
        return StrictJson.json().createValue(typed);
    }

    public Report run(ReportRequest request) {
        // The company first (404 for an unknown or another tenant's one), then the body: an invalid body must not tell
        // another company's id from an unknown one.
        List<UUID> visible = projects.visibleIn(Bodies.requiredId(request, "companyId", request.companyId));
        Bodies.validate(request);
        ReportQuery query = ReportQuery.of(request, maxRangeDays);
        try (ReportSlots.Slot slot = slots.take(query.companyId());
             Connection connection = dataSource.getConnection()) {
            return report(connection, query, visible, timeout,
                    rollup ? ReportHours.table(query, visible).orElse(null) : null);
        } catch (SQLException e) {
            throw new IllegalStateException("The transaction report could not be read", e);
        }
    }

    /** The report without a time limit, over the fact table or the given hourly rollup (tests). */
    static Report report(Connection connection, ReportQuery query, List<UUID> visible, ReportHours.Table hours)
            throws SQLException {
        return report(connection, query, visible, null, hours);
    }

    /**
     * The report over the fact table the connection reaches; {@code visible} null means every project. Each statement
     * may run for {@code timeout} (null: no limit): on PostgreSQL a {@code SET LOCAL statement_timeout} in a read-only
     * transaction of the report's own (it ends with the transaction, so the pooled connection keeps no trace of it),
     * otherwise (H2, or a connection already in a transaction) the JDBC query timeout (whole seconds, rounded up). A
     * statement stopped by it is a 400, {@link ErrorCode#REPORT_TIMEOUT}. {@code hours}: the hourly rollup to read, one
     * that serves the query ({@link ReportHours}); null for the fact table.
     */
    static Report report(Connection connection, ReportQuery query, List<UUID> visible, Duration timeout,
                         ReportHours.Table hours)
            throws SQLException {
        Dialect dialect = Dialect.of(connection.getMetaData().getDatabaseProductName());
        ReportSql sql = new ReportSql(query, dialect, visible, hours);
        boolean ownTransaction = timeout != null && dialect == Dialect.POSTGRESQL && connection.getAutoCommit();
        Duration jdbcTimeout = ownTransaction ? null : timeout; // H2, or a transaction that is not the report's own
        try {
            if (ownTransaction) {
                connection.setAutoCommit(false);
                try (Statement limit = connection.createStatement()) {
                    limit.execute("SET LOCAL statement_timeout = " + timeout.toMillis()); // a number, never client text
                }
            }
            Page page = read(connection, sql, query, query.page().limit(), query.page().offset(), jdbcTimeout);
            Integer returnAll = query.returnAllIfCountLessThan();
            if (returnAll != null && page.total() <= returnAll && page.rows().size() < page.total()) {
                page = read(connection, sql, query, (int) page.total(), 0, jdbcTimeout);
            }
            return new Report(page.rows(), page.total(), query.zone().getId());
        } catch (SQLException e) {
            if (QUERY_CANCELED.equals(e.getSQLState()) && timeout != null) {
                throw new AppException(ErrorCode.REPORT_TIMEOUT, describe(timeout));
            }
            throw e;
        } finally {
            if (ownTransaction) {
                try {
                    connection.rollback(); // read only: nothing to keep, and it ends SET LOCAL
                } finally {
                    connection.setAutoCommit(true);
                }
            }
        }
    }

    /** SQL state 57014, query_canceled: PostgreSQL's statement_timeout and H2's query timeout both answer it. */
    private static final String QUERY_CANCELED = "57014";

    /** 15 s, 1.5 s, 1 ms. */
    static String describe(Duration timeout) {
        long millis = timeout.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s"
                : millis < 1000 ? millis + " ms" : BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString() + " s";
    }

    private record Page(List<JsonObject> rows, long total) {
    }

    private static Page read(Connection connection, ReportSql sql, ReportQuery query, int limit, int offset,
                             Duration timeout) throws SQLException {
        List<JsonObject> rows = new ArrayList<>();
        long total = 0;
        try (ResultSet rs = execute(connection, sql.page(limit, offset), timeout)) {
            while (rs.next()) {
                total = rs.getLong("report_total");
                rows.add(entry(rs, sql, query));
            }
        }
        if (rows.isEmpty() && offset > 0) {
            try (ResultSet rs = execute(connection, sql.count(), timeout)) {
                total = rs.next() ? rs.getLong(1) : 0;
            }
        }
        return new Page(rows, total);
    }

    /** @param timeout the JDBC query timeout (rounded up to whole seconds), or null */
    private static ResultSet execute(Connection connection, ReportSql.Statement statement, Duration timeout)
            throws SQLException {
        PreparedStatement ps = connection.prepareStatement(statement.sql());
        if (timeout != null) {
            ps.setQueryTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, (timeout.toMillis() + 999) / 1000)));
        }
        List<Object> parameters = statement.parameters();
        for (int i = 0; i < parameters.size(); i++) {
            ps.setObject(i + 1, parameters.get(i));
        }
        ps.closeOnCompletion();
        return ps.executeQuery();
    }

    /** One entry: the grouping columns in group order (tags as one object of label -> value), then every metric. */
    private static JsonObject entry(ResultSet rs, ReportSql sql, ReportQuery query) throws SQLException {
        JsonObjectBuilder entry = StrictJson.json().createObjectBuilder();
        JsonObjectBuilder tags = null;
        for (ReportQuery.Group group : query.groups()) {
            String column = sql.alias(group);
            if (group.tag() != null) {
                tags = tags == null ? StrictJson.json().createObjectBuilder() : tags;
                add(tags, group.tag(), rs.getString(column));
                continue;
            }
            switch (group.kind()) {
                case TEXT -> add(entry, group.dimension().key(), rs.getString(column));
                case INT -> {
                    int value = rs.getInt(column);
                    add(entry, group.dimension().key(), rs.wasNull() ? null : value);
                }
                case BOOL -> {
                    boolean value = rs.getBoolean(column);
                    add(entry, group.dimension().key(), rs.wasNull() ? null : value);
                }
            }
        }
        if (tags != null) {
            entry.add(ReportQuery.TAGS, tags);
        }
        ZoneId zone = query.zone();
        for (Metric metric : Metric.values()) {
            String key = metric.name();
            String column = metric.column();
            switch (metric.measure()) {
                case COUNT, EVENT_COUNT -> entry.add(key, rs.getLong(column));
                case VALUE, AMOUNT -> entry.add(key, money(rs.getBigDecimal(column)));
                case FIRST_DATE, LAST_DATE -> add(entry, key, inZone(rs, column, zone, DateTimeFormatter.ISO_LOCAL_DATE));
                case FIRST_DATE_TIME, LAST_DATE_TIME -> add(entry, key, inZone(rs, column, zone, DATE_TIME));
                case LAST_TYPE -> add(entry, key, EventOrder.type(rs.getString(column)));
                case LAST_RESULT -> add(entry, key, EventOrder.result(rs.getString(column)));
            }
        }
        return entry.build();
    }

    /** Sums in major units: 12.34, 100.00, never 1E+2. */
    static BigDecimal money(BigDecimal sum) {
        if (sum == null) {
            return BigDecimal.ZERO.setScale(2);
        }
        BigDecimal stripped = sum.stripTrailingZeros();
        return stripped.scale() < 2 ? stripped.setScale(2) : stripped;
    }

    private static String inZone(ResultSet rs, String column, ZoneId zone, DateTimeFormatter format) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : format.format(at.atZoneSameInstant(zone));
    }

    private static void add(JsonObjectBuilder json, String key, Object value) {
        if (value == null) {
            json.addNull(key);
        } else if (value instanceof String s) {
            json.add(key, s);
        } else if (value instanceof Integer i) {
            json.add(key, i);
        } else if (value instanceof Boolean b) {
            json.add(key, b);
        } else {
            throw new IllegalArgumentException("unexpected value type " + value.getClass());
        }
    }
}
