package com.paycore.event;

import java.io.StringReader;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.paycore.platform.AppException;
import com.paycore.platform.Ids;
import com.paycore.platform.Page;
import com.paycore.platform.StrictJson;

/**
 * The transactional outbox (DESIGN.md section 10): each state change that is an event records it here, in the same
 * database transaction as the change, so a rolled-back change has no event and a committed one always has one. The
 * event is stored whole, as the events API and the webhooks send it: {@code id}, {@code type}, {@code createdDate},
 * {@code companyProjectId} and {@code data}, the resource as its own read answers show it at that moment.
 */
@ApplicationScoped
public class Events {

    /** Every type's wire name (webhook endpoints subscribe by them). */
    public static final List<String> TYPES = Topic.WIRE_NAMES;

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    /** A recorded event: {@code body} is the complete event JSON, to be sent (and signed) byte for byte. */
    public record Published(UUID id, UUID projectId, UUID companyId, String type, OffsetDateTime createdDate,
                            String body) {
    }

    /** An event row as a plain statement and its values, for a caller writing its change by JDBC (one round trip). */
    public record Insert(String sql, Object[] values) {
    }

    /** Records an event in the caller's database transaction (there must be one). */
    @Transactional(TxType.MANDATORY)
    public void record(Topic topic, UUID projectId, UUID companyId, OffsetDateTime at, Object data) {
        em.persist(event(topic, projectId, companyId, at, data));
    }

    /**
     * The event as an insert, for a change written by plain JDBC: the caller executes it in the same database
     * transaction (the same compound statement) as the change.
     */
    public Insert insert(Topic topic, UUID projectId, UUID companyId, OffsetDateTime at, Object data) {
        return new Insert(StoredEvent.INSERT, event(topic, projectId, companyId, at, data).insertValues());
    }

    /**
     * Claims up to {@code max} events not dispatched yet, oldest first, in a new database transaction: the rows are
     * locked ({@code SKIP LOCKED}: instances running at once claim different events), handed to {@code fanOut} inside
     * that transaction, then marked dispatched; the whole commits or, if {@code fanOut} throws, nothing is marked.
     * Answers how many it claimed.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public int dispatch(int max, Consumer<List<Published>> fanOut) {
        @SuppressWarnings("unchecked")
        List<StoredEvent> claimed = em.createNativeQuery("select * from events where not dispatched "
                        + "order by created_at, seq fetch first " + Math.max(1, max) + " rows only for update skip locked",
                StoredEvent.class).getResultList();
        if (claimed.isEmpty()) {
            return 0;
        }
        fanOut.accept(claimed.stream().map(StoredEvent::published).toList());
        claimed.forEach(StoredEvent::dispatched);
        return claimed.size();
    }

    /** One event by id, whatever its project. */
    @Transactional(TxType.SUPPORTS)
    public Optional<Published> find(UUID eventId) {
        return Optional.ofNullable(em.find(StoredEvent.class, eventId)).map(StoredEvent::published);
    }

    /** {@code GET /api/pay/{projectId}/events/{id}}: 404 unless it is one of the project's events. */
    @Transactional(TxType.SUPPORTS)
    public JsonObject get(UUID projectId, UUID eventId) {
        StoredEvent event = em.find(StoredEvent.class, eventId);
        if (event == null || !event.projectId().equals(projectId)) {
            throw AppException.notFound("Event");
        }
        return json(event.body());
    }

    /** {@code GET /api/pay/{projectId}/events}: the project's events, newest first, optionally of one type and time. */
    @Transactional(TxType.SUPPORTS)
    public List<JsonObject> list(UUID projectId, String type, OffsetDateTime from, OffsetDateTime to, Page page) {
        if (type != null && Topic.of(type).isEmpty()) {
            throw AppException.invalid("type: one of " + TYPES);
        }
        if (from != null && to != null && to.isBefore(from)) {
            throw AppException.invalid("to: before from");
        }
        StringBuilder jpql = new StringBuilder("select e from StoredEvent e where e.projectId = :project");
        if (type != null) {
            jpql.append(" and e.type = :type");
        }
        if (from != null) {
            jpql.append(" and e.createdAt >= :from");
        }
        if (to != null) {
            jpql.append(" and e.createdAt <= :to");
        }
        var query = em.createQuery(jpql.append(" order by e.createdAt desc, e.seq desc").toString(), StoredEvent.class)
                .setParameter("project", projectId);
        if (type != null) {
            query.setParameter("type", type);
        }
        if (from != null) {
            query.setParameter("from", from);
        }
        if (to != null) {
            query.setParameter("to", to);
        }
        return query.setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(e -> json(e.body())).toList();
    }

    static StoredEvent event(Topic topic, UUID projectId, UUID companyId, OffsetDateTime at, Object data) {
        UUID id = Ids.newId();
        return new StoredEvent(id, projectId, companyId, topic.wire(), at, body(id, topic, projectId, at, data));
    }

    /** The event's JSON: the fields in DESIGN.md's order, data written as the resource's own answer writes it. */
    static String body(UUID id, Topic topic, UUID projectId, OffsetDateTime at, Object data) {
        var jsonb = StrictJson.jsonb();
        return "{\"id\":\"" + id + "\",\"type\":\"" + topic.wire() + "\",\"createdDate\":" + jsonb.toJson(at)
                + ",\"companyProjectId\":\"" + projectId + "\",\"data\":" + jsonb.toJson(data) + "}";
    }

    private static JsonObject json(String body) {
        try (var reader = StrictJson.json().createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }
}
