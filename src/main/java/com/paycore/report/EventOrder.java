package com.paycore.report;

import java.util.List;

import com.paycore.transaction.TransactionService;

/**
 * The fact table's {@code event_order}: a text whose maximum over a group names the group's last event, so that
 * {@code lastEventType} and {@code lastEventResult} cost one {@code MAX} instead of a sort or a second pass:
 * {@code 2026-03-10 03:30:00.000000|00002|1|0}, the event's time in UTC to the microsecond, its position in the
 * transaction (a sale's Capture shares its Authorize's time and comes after it), the type's code and the result's.
 * Every part has a fixed width, so text order is time order. Codes follow the names' alphabetical order (sorting by
 * a code sorts by name); 9 is a name this version does not know.
 *
 * <p>Not one number: a long run of digits made of a time and codes would hold card-number-shaped substrings, which
 * the card-data scans (ours in the tests, a PCI DSS discovery tool's in production) rightly report. Here no run of
 * digits is longer than six.
 */
final class EventOrder {

    static final List<String> TYPES = TransactionService.eventTypes().stream().sorted().toList();
    static final List<String> RESULTS = TransactionService.eventResults().stream().sorted().toList();
    /** 1-based positions of the codes in the text, for SQL's SUBSTRING. */
    static final int TYPE_POSITION = 34;
    static final int RESULT_POSITION = 36;
    private static final String UNKNOWN = "9";

    private EventOrder() {
    }

    /** The SQL expression computing the text of the transaction_events row {@code event}. */
    static String sql(Dialect dialect, String event) {
        return dialect.utcMicros(event + ".occurred_at")
                + " || '|' || LPAD(CAST(LEAST(" + event + ".position, 99999) AS VARCHAR(5)), 5, '0')"
                + " || '|' || " + code(event + ".event_type", TYPES)
                + " || '|' || " + code(event + ".event_result", RESULTS);
    }

    private static String code(String column, List<String> names) {
        StringBuilder sql = new StringBuilder("(CASE ").append(column);
        for (int i = 0; i < names.size(); i++) {
            sql.append(" WHEN '").append(names.get(i)).append("' THEN '").append(i).append('\'');
        }
        return sql.append(" ELSE '").append(UNKNOWN).append("' END)").toString();
    }

    /** The event type a text names; null for none. */
    static String type(String key) {
        return name(TYPES, key, TYPE_POSITION);
    }

    /** The event result a text names; null for none. */
    static String result(String key) {
        return name(RESULTS, key, RESULT_POSITION);
    }

    private static String name(List<String> names, String key, int position) {
        if (key == null || key.length() < position) {
            return null;
        }
        int code = key.charAt(position - 1) - '0';
        return code >= 0 && code < names.size() ? names.get(code) : null;
    }
}
