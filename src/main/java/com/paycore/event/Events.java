package com.paycore.event;

import java.io.StringReader;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.Page;
import com.paycore.platform.data.Where;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.StrictJson;

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

    @Inject
    Jdbc jdbc;

    /**
     * A recorded event: {@code body} is the complete event JSON, to be sent (and signed) byte for byte (null in what
     * {@link #dispatch} hands over: fanning out needs only the id, project and type).
     */
    public record Published(UUID id, UUID projectId, UUID companyId, String type, OffsetDateTime createdDate,
                            String body) {
    }

    /** An event row as a plain statement and its values, for a caller writing its change by JDBC (one round trip). */
    public record Insert(String sql, Object[] values) {
    }

    /** Records an event in the caller's database transaction (there must be one); it is about no transaction. */
    @Transactional(TxType.MANDATORY)
    public void record(Topic topic, UUID projectId, UUID companyId, OffsetDateTime at, Object data) {
        record(topic, projectId, companyId, at, null, data);
    }

    /**
     * Records an event in the caller's database transaction (there must be one); {@code subjectId} is the transaction
     * it is about (the console finds a transaction's webhook deliveries by it), or null.
     */
    @Transactional(TxType.MANDATORY)
    public void record(Topic topic, UUID projectId, UUID companyId, OffsetDateTime at, UUID subjectId, Object data) {
        em.persist(event(topic, projectId, companyId, at, subjectId, data));
    }

    /**
     * The event as an insert, for a change written by plain JDBC: the caller executes it in the same database
     * transaction (the same compound statement) as the change. {@code subjectId}: the transaction it is about, or null.
     */
    public Insert insert(Topic topic, UUID projectId, UUID companyId, OffsetDateTime at, UUID subjectId, Object data) {
        return new Insert(StoredEventRows.INSERT.sql(),
                StoredEventRows.INSERT.values(event(topic, projectId, companyId, at, subjectId, data)));
    }

    /**
     * Claims up to {@code max} events not dispatched yet, oldest first, in a new database transaction: the rows are
     * locked ({@code SKIP LOCKED}: instances running at once claim different events), handed to {@code fanOut} inside
     * that transaction (without their bodies: {@link #bodies} reads them when they are sent), then marked dispatched
     * in one batch; the whole commits or, if {@code fanOut} throws, nothing is marked. Answers how many it claimed.
     * Plain JDBC on the transaction's connection: one select and one batch, whatever {@code max} is.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public int dispatch(int max, Consumer<List<Published>> fanOut) {
        return jdbc.session(session -> {
            List<Published> claimed = session.list(String.format(StoredEventRows.UNDISPATCHED, Math.max(1, max)),
                    row -> new Published(Jdbc.uuid(row, 1), Jdbc.uuid(row, 2), Jdbc.uuid(row, 3), row.getString(4),
                            Jdbc.utc(row, 5), null));
            if (claimed.isEmpty()) {
                return 0;
            }
            fanOut.accept(claimed);
            session.batch(StoredEventRows.MARK_DISPATCHED,
                    claimed.stream().map(event -> new Object[] {event.id()}).toList());
            return claimed.size();
        });
    }

    /** The stored bodies of those of the events that are still kept, by id: one statement. */
    @Transactional(TxType.SUPPORTS)
    public Map<UUID, String> bodies(Collection<UUID> eventIds) {
        if (eventIds.isEmpty()) {
            return Map.of();
        }
        Map<UUID, String> bodies = new HashMap<>();
        for (Object[] row : em.createQuery(StoredEventRows.BODIES, Object[].class)
                .setParameter("ids", List.copyOf(eventIds)).getResultList()) {
            bodies.put((UUID) row[0], (String) row[1]);
        }
        return bodies;
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
        return new Where(StoredEventRows.OF_PROJECT)
                .and("e.type = :type", "type", type).and("e.createdAt >= :from", "from", from)
                .and("e.createdAt <= :to", "to", to)
                .query(em, StoredEvent.class, StoredEventRows.NEWEST_FIRST).setParameter("project", projectId)
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(e -> json(e.body())).toList();
    }

    /** The members of an event's data that may hold a person's data: blanked by {@link #redact}. */
    static final Set<String> PERSONAL_MEMBERS = Set.of("cardholderName", "firstName", "lastName", "email", "phone",
            "addressLine1", "addressLine2");

    /**
     * Erasure (a payment token deleted): in every event of the project that names {@code subjectId} (its data is
     * that resource, or refers to it), each personal member ({@link #PERSONAL_MEMBERS}) whose value is one of
     * {@code values} becomes null, at any depth; everything else of the event stays as it was. In the caller's database
     * transaction. Answers how many events changed. Only the project's events are read (its index), and of those only
     * the ones whose stored text contains the id.
     */
    @Transactional(TxType.MANDATORY)
    public int redact(UUID projectId, UUID subjectId, Set<String> values) {
        if (values.isEmpty()) {
            return 0;
        }
        int changed = 0;
        List<Object[]> rows = em.createQuery(StoredEventRows.BODIES_MENTIONING, Object[].class)
                .setParameter("project", projectId).setParameter("subject", "%" + subjectId + "%").getResultList();
        for (Object[] row : rows) {
            JsonObject event = json((String) row[1]);
            JsonValue redacted = redacted(event, values);
            if (!redacted.equals(event)) {
                changed += em.createQuery(StoredEventRows.SET_BODY)
                        .setParameter("body", redacted.toString()).setParameter("id", row[0]).executeUpdate();
            }
        }
        return changed;
    }

    /** {@code value} with every personal member holding one of {@code values} set to null. */
    static JsonValue redacted(JsonValue value, Set<String> values) {
        if (value instanceof JsonObject object) {
            JsonObjectBuilder copy = StrictJson.json().createObjectBuilder();
            object.forEach((name, member) -> copy.add(name, PERSONAL_MEMBERS.contains(name)
                    && member instanceof JsonString string && values.contains(string.getString())
                    ? JsonValue.NULL : redacted(member, values)));
            return copy.build();
        }
        if (value instanceof JsonArray array) {
            JsonArrayBuilder copy = StrictJson.json().createArrayBuilder();
            array.forEach(item -> copy.add(redacted(item, values)));
            return copy.build();
        }
        return value;
    }

    static StoredEvent event(Topic topic, UUID projectId, UUID companyId, OffsetDateTime at, UUID subjectId,
                             Object data) {
        UUID id = Ids.newId();
        return new StoredEvent(id, projectId, companyId, topic.wire(), at, subjectId,
                body(id, topic, projectId, at, data));
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
