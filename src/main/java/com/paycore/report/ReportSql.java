package com.paycore.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import com.paycore.platform.data.Likes;
import com.paycore.platform.input.Ids;

/**
 * Builds E3's SQL from a checked {@link ReportQuery}, over the fact table or, when {@link ReportHours} says it answers
 * the same, over its hourly rollup. Every column and function comes from the whitelists in
 * {@link Dimension}, {@link Metric} and {@link Dialect}; every value the client sent (dates, zone, filter values,
 * tag labels, project ids, paging) is a bound parameter. Three layers:
 * <ol>
 * <li>{@code b}: the company's events (or hours) in the range (the (company_id, occurred_at) index), the caller's
 * projects, the filters, and each grouping column computed once as {@code d0, d1, ...};</li>
 * <li>{@code g}: the groups and their metrics;</li>
 * <li>the page of groups in the requested order, each row with the number of groups ({@code report_total}).</li>
 * </ol>
 */
final class ReportSql {

    /**
     * Nulls sort as the largest value, PostgreSQL's own order, said explicitly for H2. Not only a convention: asked for
     * nulls first, PostgreSQL cannot reuse the order of a sorted grouping and falls back to a serial hash aggregate,
     * measured 40% slower on a month of 10 million events (docs/PERFORMANCE.md).
     */
    private static final String ASCENDING = " ASC NULLS LAST";
    private static final String DESCENDING = " DESC NULLS FIRST";

    /** SQL text and its parameters in order. */
    record Statement(String sql, List<Object> parameters) {
    }

    private final ReportQuery query;
    private final Dialect dialect;
    private final List<UUID> projects;
    private final ReportHours.Table hours;

    /**
     * @param projects the projects whose events the caller may see; null for every project of the company
     * @param hours    the hourly rollup to read rather than the fact table (null: the facts); only one that
     *                 {@link ReportHours#serves serves} the query
     */
    ReportSql(ReportQuery query, Dialect dialect, List<UUID> projects, ReportHours.Table hours) {
        if (hours != null && !ReportHours.serves(hours, query, projects)) {
            throw new IllegalArgumentException("The rollup " + hours.name + " cannot answer this report");
        }
        this.query = query;
        this.dialect = dialect;
        this.projects = projects;
        this.hours = hours;
    }

    /** The grouped rows from {@code offset}, at most {@code limit} of them, each with the total number of groups. */
    Statement page(int limit, int offset) {
        Sql sql = new Sql().add("SELECT g.*, COUNT(*) OVER () AS report_total FROM (").add(grouped()).add(") g ORDER BY ");
        List<String> order = new ArrayList<>();
        List<ReportQuery.Group> sorted = new ArrayList<>();
        for (ReportQuery.Order o : query.orders()) {
            String expression = o.metric() != null ? o.metric().orderExpression() : "g." + alias(o.group());
            order.add(expression + (o.descending() ? DESCENDING : ASCENDING));
            if (o.group() != null) {
                sorted.add(o.group());
            }
        }
        // Then every grouping column not sorted yet, so that pages never overlap.
        for (ReportQuery.Group group : query.groups()) {
            if (!sorted.contains(group)) {
                order.add("g." + alias(group) + ASCENDING);
            }
        }
        if (order.isEmpty()) {
            order.add("g.event_count");
        }
        return sql.add(String.join(", ", order)).add(" LIMIT ? OFFSET ?", limit, offset).statement();
    }

    /** The number of groups (for a page past the end, which carries no row to read it from). */
    Statement count() {
        return new Sql().add("SELECT COUNT(*) FROM (").add(grouped()).add(") g").statement();
    }

    /** The alias of a grouping column in the layers' rows. */
    String alias(ReportQuery.Group group) {
        return "d" + query.groups().indexOf(group);
    }

    private Sql grouped() {
        Sql sql = new Sql().add("SELECT ");
        List<String> dims = new ArrayList<>();
        for (int i = 0; i < query.groups().size(); i++) {
            dims.add("b.d" + i);
            sql.add("b.d" + i + ", ");
        }
        // A fact row is one event; a rollup row counts its events and sums their amounts, and keeps their extremes.
        boolean rolled = hours != null;
        sql.add(rolled ? "CAST(SUM(b.event_count) AS BIGINT) AS event_count" : "COUNT(*) AS event_count");
        for (int i = 0; i < Metric.COUNTED_TYPES.size(); i++) {
            String approved = "b.event_type = '" + Metric.COUNTED_TYPES.get(i) + "' AND b.event_result = 'Approved'";
            // No ELSE: rows of other types add nothing rather than a zero (measurably cheaper over millions of rows);
            // a group without such events has a null sum, read as 0.
            sql.add(rolled ? ", CAST(COALESCE(SUM(CASE WHEN " + approved + " THEN b.event_count END), 0) AS BIGINT) AS count_" + i
                    : ", COUNT(CASE WHEN " + approved + " THEN 1 END) AS count_" + i);
            sql.add(", SUM(CASE WHEN " + approved + " THEN b." + (rolled ? "amount_sum" : "amount") + " END) AS value_" + i);
        }
        sql.add(rolled ? ", SUM(b.amount_sum) AS amount_sum, MIN(b.first_at) AS first_at, MAX(b.last_at) AS last_at, "
                + "MAX(b.last_key) AS last_key FROM ("
                : ", SUM(b.amount) AS amount_sum, MIN(b.occurred_at) AS first_at, MAX(b.occurred_at) AS last_at, "
                + "MAX(b.event_order) AS last_key FROM (").add(base()).add(") b");
        // Without grouping columns: one row of totals, and none when no event matches.
        return sql.add(dims.isEmpty() ? " HAVING COUNT(*) > 0" : " GROUP BY " + String.join(", ", dims));
    }

    private Sql base() {
        Sql sql = new Sql().add("SELECT ");
        for (int i = 0; i < query.groups().size(); i++) {
            sql.add(expression(query.groups().get(i))).add(" AS d" + i + ", ");
        }
        if (hours != null) {
            sql.add("f.event_type, f.event_result, f.event_count, f.amount_sum, f.first_at, f.last_at, f.last_key "
                    + "FROM " + hours.name + " f");
            if (ReportHours.namesProjects(query)) {
                sql.add(" JOIN report_projects p ON p.project_id = f.project_id");
            }
            sql.add(" WHERE f.company_id = ? AND f.occurred_hour >= ? AND f.occurred_hour < ?", query.companyId(),
                    query.from(), query.until());
        } else {
            sql.add("f.event_type, f.event_result, f.amount, f.occurred_at, f.event_order FROM report_transaction_events f");
            for (int i = 0; i < query.groups().size(); i++) {
                ReportQuery.Group group = query.groups().get(i);
                if (group.tag() != null) {
                    sql.add(" LEFT JOIN report_transaction_tags t" + i + " ON t" + i + ".transaction_id = f.transaction_id "
                            + "AND t" + i + ".label = ?", group.tag());
                }
            }
            sql.add(" WHERE f.company_id = ? AND f.occurred_at >= ? AND f.occurred_at < ?", query.companyId(), query.from(),
                    query.until());
        }
        if (projects != null) {
            sql.add(" AND f.project_id IN (");
            List<UUID> allowed = Ids.orNone(projects); // a User with no assigned project sees nothing
            for (int i = 0; i < allowed.size(); i++) {
                sql.add(i == 0 ? "?" : ", ?", allowed.get(i));
            }
            sql.add(")");
        }
        for (ReportQuery.Filter filter : query.filters()) {
            sql.add(" AND (");
            for (int i = 0; i < filter.items().size(); i++) {
                sql.add(i == 0 ? "" : " OR ").add(filter.target().tag() != null
                        ? tagCondition(filter.target().tag(), filter.items().get(i))
                        : condition(expression(filter.target()), filter.items().get(i)));
            }
            sql.add(")");
        }
        return sql;
    }

    /** A grouping or filtered dimension's value for the fact row {@code f}. */
    private Sql expression(ReportQuery.Group group) {
        if (group.tag() != null) {
            return new Sql().add("t" + query.groups().indexOf(group) + ".tag_value");
        }
        Dimension dimension = group.dimension();
        String column = hours != null ? ReportHours.column(dimension) : "f." + dimension.column();
        if (dimension.timeField() == null) {
            return new Sql().add(column);
        }
        return new Sql().add(dialect.time(dimension.timeField(), column), query.zone().getId());
    }

    /**
     * One item on a value. NotEquals also matches rows without a value (a report filtering out one state keeps
     * the rows that have none); Contains and StartsWith ignore case.
     */
    private static Sql condition(Sql value, ReportQuery.Item item) {
        Object v = item.value();
        if (v == null) {
            return new Sql().add("(").add(value).add(item.condition() == Condition.Equals ? " IS NULL)" : " IS NOT NULL)");
        }
        return switch (item.condition()) {
            case NotEquals -> new Sql().add("(").add(value).add(" IS NULL OR ").add(value).add(" <> ?)", v);
            case Contains -> new Sql().add("LOWER(").add(value).add(") LIKE ? ESCAPE '\\'", Likes.contains(v.toString()));
            case StartsWith -> new Sql().add("LOWER(").add(value).add(") LIKE ? ESCAPE '\\'",
                    Likes.escape(v.toString().toLowerCase(Locale.ROOT)) + "%");
            default -> new Sql().add(value).add(" " + item.condition().operator() + " ?", v);
        };
    }

    /** One item on a tag: the transaction has the label with a matching value (NotEquals: has no such value). */
    private static Sql tagCondition(String label, ReportQuery.Item item) {
        String exists = "EXISTS (SELECT 1 FROM report_transaction_tags x WHERE x.transaction_id = f.transaction_id "
                + "AND x.label = ?";
        Sql value = new Sql().add("x.tag_value");
        if (item.value() == null) {
            return new Sql().add(item.condition() == Condition.Equals ? "NOT " : "").add(exists + ")", label);
        }
        if (item.condition() == Condition.NotEquals) {
            return new Sql().add("NOT " + exists + " AND x.tag_value = ?)", label, item.value());
        }
        return new Sql().add(exists + " AND ", label).add(condition(value, item)).add(")");
    }

    /** SQL text with its parameters, appended together so that they stay in step. */
    private static final class Sql {
        private final StringBuilder text = new StringBuilder();
        private final List<Object> parameters = new ArrayList<>();

        Sql add(String sql, Object... values) {
            text.append(sql);
            Collections.addAll(parameters, values);
            return this;
        }

        Sql add(Sql other) {
            text.append(other.text);
            parameters.addAll(other.parameters);
            return this;
        }

        Statement statement() {
            return new Statement(text.toString(), List.copyOf(parameters));
        }
    }
}
