package com.paycore.report;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

import com.paycore.transaction.EventResult;
import com.paycore.transaction.EventType;

/**
 * The fact table's {@code event_order}: one number whose maximum over a group names the group's last event, so that
 * {@code lastEventType} and {@code lastEventResult} cost one {@code MAX} instead of a sort or a second pass.
 * {@code epoch microseconds * 10^7 + min(position, 99999) * 100 + type code * 10 + result code}: later events win,
 * then the later move of the same transaction (a sale's Capture shares its Authorize's time). Codes follow the
 * names' alphabetical order, so sorting by the last two digits sorts by type name, then result name; 9 is a name
 * this version does not know.
 */
final class EventOrder {

    static final List<String> TYPES = Arrays.stream(EventType.values()).map(Enum::name).sorted().toList();
    static final List<String> RESULTS = Arrays.stream(EventResult.values()).map(Enum::name).sorted().toList();
    private static final int UNKNOWN = 9;
    private static final BigInteger HUNDRED = BigInteger.valueOf(100);

    private EventOrder() {
    }

    /** The SQL expression (PostgreSQL and H2 alike) computing the key of the transaction_events row {@code e}. */
    static String sql(String event) {
        return "CAST(EXTRACT(EPOCH FROM " + event + ".occurred_at) * 1000000 AS NUMERIC(30,0)) * 10000000"
                + " + LEAST(" + event + ".position, 99999) * 100"
                + " + " + code(event + ".event_type", TYPES) + " * 10"
                + " + " + code(event + ".event_result", RESULTS);
    }

    private static String code(String column, List<String> names) {
        StringBuilder sql = new StringBuilder("(CASE ").append(column);
        for (int i = 0; i < names.size(); i++) {
            sql.append(" WHEN '").append(names.get(i)).append("' THEN ").append(i);
        }
        return sql.append(" ELSE ").append(UNKNOWN).append(" END)").toString();
    }

    /** The event type a key names; null for none. */
    static String type(BigDecimal key) {
        return key == null ? null : name(TYPES, key.toBigInteger().mod(HUNDRED).intValue() / 10);
    }

    /** The event result a key names; null for none. */
    static String result(BigDecimal key) {
        return key == null ? null : name(RESULTS, key.toBigInteger().mod(BigInteger.TEN).intValue());
    }

    private static String name(List<String> names, int code) {
        return code < names.size() ? names.get(code) : null;
    }
}
