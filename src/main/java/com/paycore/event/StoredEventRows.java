package com.paycore.event;

import com.paycore.platform.data.EntityInsert;

/** The statements on {@code events} (the outbox, a queue table) that go by plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
final class StoredEventRows {

    private StoredEventRows() {
    }

    /** An event written with a change that goes by plain JDBC, in the change's compound statement. */
    static final EntityInsert<StoredEvent> INSERT = EntityInsert.of(StoredEvent.class);

    /** The oldest undispatched events, locked (%d: how many at most). */
    static final String UNDISPATCHED = "select id, project_id, company_id, type, created_at from events "
            + "where not dispatched order by created_at, seq fetch first %d rows only for update skip locked";

    static final String MARK_DISPATCHED = "update events set dispatched = true where id = ?";
}
