package com.paycore.event;

import com.paycore.platform.data.EntityInsert;

/** The statements on {@code events} (the outbox, a queue table), plain JDBC and JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class StoredEventRows {

    private StoredEventRows() {
    }

    /** An event written with a change that goes by plain JDBC, in the change's compound statement. */
    static final EntityInsert<StoredEvent> INSERT = EntityInsert.of(StoredEvent.class);

    /** The oldest undispatched events, locked (%d: how many at most). */
    static final String UNDISPATCHED = "select id, project_id, company_id, type, created_at from events "
            + "where not dispatched order by created_at, seq fetch first %d rows only for update skip locked";

    static final String MARK_DISPATCHED = "update events set dispatched = true where id = ?";

    /** JPQL: the ids and bodies of the events {@code :ids}. */
    static final String BODIES = "select e.id, e.body from StoredEvent e where e.id in :ids";

    /** JPQL: a project's ({@code :project}) events, filtered by {@code Where}, then {@link #NEWEST_FIRST}. */
    static final String OF_PROJECT = "select e from StoredEvent e where e.projectId = :project";

    static final String NEWEST_FIRST = " order by e.createdAt desc, e.seq desc";

    /** JPQL: the ids and bodies of a project's ({@code :project}) events whose body holds {@code :subject} (a like). */
    static final String BODIES_MENTIONING = "select e.id, e.body from StoredEvent e where e.projectId = :project "
            + "and e.body like :subject";

    /** JPQL: an event's ({@code :id}) body replaced ({@code :body}): a redaction. */
    static final String SET_BODY = "update StoredEvent e set e.body = :body where e.id = :id";
}
