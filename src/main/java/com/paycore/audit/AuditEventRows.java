package com.paycore.audit;

/** The statements on {@code audit_events}, all JPQL (docs/ARCHITECTURE.md, "SQL"); the rows are written by {@link AuditLog}. */
final class AuditEventRows {

    private AuditEventRows() {
    }

    /** JPQL: every event, filtered by {@code Where}; then {@link #OLDEST_FIRST} or {@link #NEWEST_FIRST}. */
    static final String LISTED = "select e from AuditEvent e where 1 = 1";

    static final String OLDEST_FIRST = " order by e.occurredAt, e.id";

    static final String NEWEST_FIRST = " order by e.occurredAt desc, e.id desc";
}
