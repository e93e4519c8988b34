package com.paycore.report;

import java.util.Locale;

/**
 * What the report's SQL cannot say the same way on both databases: reading a point in time in a zone. PostgreSQL
 * converts with {@code AT TIME ZONE} and formats with {@code to_char}; H2 formats in a zone with
 * {@code FORMATDATETIME} and reads fields of a value moved to the zone with {@code AT TIME ZONE} (a cast to
 * {@code TIMESTAMP} there would use the session's zone instead). Each expression takes the zone as its one parameter.
 */
enum Dialect {
    POSTGRESQL {
        @Override
        String time(Dimension.TimeField field, String column) {
            String local = column + " AT TIME ZONE ?";
            return switch (field) {
                case DATE_TIME -> "to_char(" + local + ", 'YYYY-MM-DD\"T\"HH24:MI:SS')";
                case TIME -> "to_char(" + local + ", 'HH24:MI:SS')";
                case DATE -> "to_char(" + local + ", 'YYYY-MM-DD')";
                case YEAR -> "to_char(" + local + ", 'YYYY')";
                case WEEK -> "CAST(EXTRACT(WEEK FROM " + local + ") AS INTEGER)";
                case MONTH -> "CAST(EXTRACT(MONTH FROM " + local + ") AS INTEGER)";
            };
        }

        @Override
        String utcMicros(String column) {
            return "to_char(" + column + " AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')";
        }

        @Override
        String utcHour(String column) {
            return "date_trunc('hour', " + column + ", 'UTC')"; // without the zone, truncated in the session's zone
        }
    },
    H2 {
        @Override
        String time(Dimension.TimeField field, String column) {
            return switch (field) {
                case DATE_TIME -> "FORMATDATETIME(" + column + ", 'yyyy-MM-dd''T''HH:mm:ss', 'en', ?)";
                case TIME -> "FORMATDATETIME(" + column + ", 'HH:mm:ss', 'en', ?)";
                case DATE -> "FORMATDATETIME(" + column + ", 'yyyy-MM-dd', 'en', ?)";
                case YEAR -> "FORMATDATETIME(" + column + ", 'yyyy', 'en', ?)";
                case WEEK -> "EXTRACT(ISO_WEEK FROM " + column + " AT TIME ZONE ?)";
                case MONTH -> "EXTRACT(MONTH FROM " + column + " AT TIME ZONE ?)";
            };
        }

        @Override
        String utcMicros(String column) {
            return "FORMATDATETIME(" + column + ", 'yyyy-MM-dd HH:mm:ss.SSSSSS', 'en', 'UTC')";
        }

        @Override
        String utcHour(String column) {
            return "DATE_TRUNC('HOUR', " + column + " AT TIME ZONE 'UTC')"; // truncated in the value's own offset
        }
    };

    /** The SQL for a part of the point in time in {@code column}, read in the zone bound to its one parameter. */
    abstract String time(Dimension.TimeField field, String column);

    /** {@code 2026-03-10 03:30:00.000000}: the point in time in {@code column}, in UTC, fixed width. */
    abstract String utcMicros(String column);

    /** The point in time in {@code column} truncated to its hour in UTC (the rollup's hours). */
    abstract String utcHour(String column);

    /** From the JDBC driver's database product name. */
    static Dialect of(String databaseProductName) {
        String name = databaseProductName == null ? "" : databaseProductName.toLowerCase(Locale.ROOT);
        if (name.contains("postgres")) {
            return POSTGRESQL;
        }
        if (name.contains("h2")) {
            return H2;
        }
        throw new IllegalStateException("Reports support PostgreSQL and H2, not " + databaseProductName);
    }
}
