package com.paycore.report;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneOffsetTransitionRule;
import java.time.zone.ZoneRules;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * When E3 may read an hourly rollup ({@link Table}) instead of the fact table, and answer exactly the same. A row of
 * {@code report_event_hours} holds the events of one company and project ({@code report_company_hours}: of one
 * company), one UTC hour of the event and one of the transaction's creation, and one value of each of the dimensions
 * below; it counts them, sums their amounts and keeps the earliest and latest time and the last event's order key, so
 * every metric is a sum, minimum or maximum of rows. The rollups serve a request when:
 * <ul>
 * <li>every group and filter key is one of its dimensions (no tag, no card or address detail, no time of day);</li>
 * <li>the range starts and ends on whole UTC hours (dates in a zone whose offset is whole hours do);</li>
 * <li>a date, week, month or year, if any is asked, is read in a zone whose offset has been a whole number of hours
 * since 1970: then every instant of a UTC hour falls on the same local day, so the hour's day is the events' day,
 * also on the days the zone changes its offset.</li>
 * </ul>
 * Otherwise, in a zone such as Asia/Kolkata (+05:30) or for a range that starts at 10:30, the fact table answers.
 * The company's rollup serves those that neither name a project nor are restricted to some projects.
 */
final class ReportHours {

    /** The rollup tables: both of hours, with the same dimensions, the first per project. */
    enum Table {
        /** Per project: any caller, any key below. */
        PROJECTS("report_event_hours", true),
        /** Per company, fewer rows: reports over all of a company's projects that do not name a project. */
        COMPANY("report_company_hours", false);

        final String name;
        final boolean perProject;

        Table(String name, boolean perProject) {
            this.name = name;
            this.perProject = perProject;
        }
    }

    /**
     * What a rollup row {@code f} gives for the dimensions that are not times: its columns, named as the fact table's,
     * and the project's name from {@code report_projects p}, which the sync keeps equal to the facts'.
     */
    private static final Map<Dimension, String> PLAIN = new EnumMap<>(Map.of(Dimension.projectName, "p.project_name",
            Dimension.resultCode, "f.event_result_code", Dimension.eventType, "f.event_type",
            Dimension.eventResult, "f.event_result", Dimension.validCVV, "f.valid_cvv", Dimension.ccType, "f.cc_type"));

    /** The parts of time that every instant of a UTC hour shares, read in a zone of whole-hour offsets. */
    private static final Set<Dimension.TimeField> WHOLE_HOUR_PARTS = EnumSet.of(Dimension.TimeField.DATE,
            Dimension.TimeField.WEEK, Dimension.TimeField.MONTH, Dimension.TimeField.YEAR);

    private static final Instant SINCE = Instant.EPOCH;

    private ReportHours() {
    }

    /**
     * The smallest rollup that answers the query exactly as the fact table does, if one does.
     *
     * @param visible the projects the caller may see; null for all of the company's
     */
    static Optional<Table> table(ReportQuery query, List<UUID> visible) {
        if (!serve(query)) {
            return Optional.empty();
        }
        return Optional.of(companyWide(query, visible) ? Table.COMPANY : Table.PROJECTS);
    }

    /** Whether {@code table} answers the query exactly as the fact table does. */
    static boolean serves(Table table, ReportQuery query, List<UUID> visible) {
        return serve(query) && (table.perProject || companyWide(query, visible));
    }

    /** A report over every project of the company that names none: the company's rollup has what it reads. */
    private static boolean companyWide(ReportQuery query, List<UUID> visible) {
        return visible == null && !namesProjects(query);
    }

    /** Whether the rollup per project answers the query exactly as the fact table does. */
    static boolean serve(ReportQuery query) {
        if (!keys(query).allMatch(g -> g.dimension() != null && rolledUp(g.dimension()))) {
            return false;
        }
        if (!wholeHour(query.from()) || !wholeHour(query.until())) {
            return false;
        }
        return keys(query).noneMatch(g -> g.dimension().timeField() != null) || wholeHours(query.zone());
    }

    /** Whether the query groups or filters by the project's name (the rollup keeps the project's id). */
    static boolean namesProjects(ReportQuery query) {
        return keys(query).anyMatch(g -> g.dimension() == Dimension.projectName);
    }

    /**
     * What a rollup row {@code f} gives for a dimension the rollups have (a time: the hour it is truncated to); the
     * project's name needs {@code report_projects p} joined ({@link #namesProjects}).
     */
    static String column(Dimension dimension) {
        if (!rolledUp(dimension)) {
            throw new IllegalArgumentException("The hourly rollups have no " + dimension.key());
        }
        if (dimension.timeField() == null) {
            return PLAIN.get(dimension);
        }
        return dimension.column().equals(Dimension.Source.TRANSACTION.column) ? "f.created_hour" : "f.occurred_hour";
    }

    private static boolean rolledUp(Dimension dimension) {
        return dimension.timeField() == null ? PLAIN.containsKey(dimension)
                : WHOLE_HOUR_PARTS.contains(dimension.timeField());
    }

    /** The group and filter keys (orders name groups or metrics). */
    private static Stream<ReportQuery.Group> keys(ReportQuery query) {
        return Stream.concat(query.groups().stream(), query.filters().stream().map(ReportQuery.Filter::target));
    }

    private static boolean wholeHour(OffsetDateTime at) {
        return at.getNano() == 0 && Math.floorMod(at.toEpochSecond(), 3600) == 0;
    }

    /** Whether every offset the zone has had since 1970, and has in its rules for later years, is whole hours. */
    static boolean wholeHours(ZoneId zone) {
        ZoneRules rules = zone.getRules();
        if (!wholeHours(rules.getOffset(SINCE))) {
            return false;
        }
        for (ZoneOffsetTransition transition : rules.getTransitions()) {
            if (transition.getInstant().isAfter(SINCE) && !wholeHours(transition.getOffsetAfter())) {
                return false;
            }
        }
        for (ZoneOffsetTransitionRule rule : rules.getTransitionRules()) {
            if (!wholeHours(rule.getOffsetAfter()) || !wholeHours(rule.getOffsetBefore())) {
                return false;
            }
        }
        return true;
    }

    private static boolean wholeHours(ZoneOffset offset) {
        return offset.getTotalSeconds() % 3600 == 0;
    }
}
