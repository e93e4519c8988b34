package com.paycore.webhook;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.audit.AuditLog;
import com.paycore.event.Events;
import com.paycore.platform.Datasource;
import com.paycore.platform.Ids;
import com.paycore.platform.Jdbc;

/**
 * The deliveries' state, each step in a short transaction of its own (never while a receiver is being called):
 * claiming due deliveries ({@code FOR UPDATE SKIP LOCKED}, so instances never claim the same row, then pushing the
 * row's due time forward by the lease, so no instance takes it again while the attempt runs; a crash mid-attempt
 * leaves it to come due again after the lease: one more attempt, never none), and recording each attempt's outcome in
 * the log and in the delivery (Delivered, the next attempt by the retry schedule, or Failed once the give-up time has
 * passed). An endpoint whose every attempt failed for the give-up time is disabled, with an audit row. The events'
 * bodies are read in the claim's transaction too: the worker's thread reads nothing outside a transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
class DeliveryLedger {

    static final String PENDING = "Pending";
    static final String DELIVERED = "Delivered";
    static final String FAILED = "Failed";

    static final String DUE = "select d.id, d.endpoint_id, d.event_id, d.event_type, d.attempts, d.created_at "
            + "from webhook_deliveries d where d.status = 'Pending' and d.next_attempt_at <= ? "
            + "and exists (select 1 from webhook_endpoints e where e.id = d.endpoint_id and e.is_active = true) "
            + "order by d.next_attempt_at, d.id fetch first %d rows only for update skip locked";
    static final String LEASE = "update webhook_deliveries set next_attempt_at = ?, lease_id = ? where id = ?";
    static final String ENDPOINT = "select url, secret, previous_secret, previous_secret_until, company_id "
            + "from webhook_endpoints where id = ?";
    static final String BY_EVENT = "select id from webhook_deliveries where endpoint_id = ? and event_id = ? for update";
    static final String LOG = "insert into webhook_attempts (id, endpoint_id, event_id, event_type, attempted_at, "
            + "http_status, error, duration_ms, manual) values (?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String SETTLE = "update webhook_deliveries set status = ?, attempts = ?, next_attempt_at = ?, "
            + "lease_id = null, last_attempt_at = ? where id = ? and lease_id = ?";
    static final String SUCCEEDED = "update webhook_endpoints set failing_since = null where id = ? and failing_since is not null";
    static final String FAILING = "update webhook_endpoints set failing_since = ? where id = ? and failing_since is null";
    static final String DISABLE = "update webhook_endpoints set is_active = false, updated_at = ? where id = ? "
            + "and is_active = true and failing_since <= ?";

    /**
     * A delivery this instance holds until its lease ends, with what to send: the event's body as the outbox keeps it
     * (null when the outbox no longer has the event).
     */
    record Claim(UUID deliveryId, UUID leaseId, UUID endpointId, UUID eventId, String eventType, int attempts,
                 OffsetDateTime createdAt, URI url, List<String> secrets, UUID companyId, String body) {

        @Override
        public String toString() { // never the secrets or the body
            return "Claim[delivery=" + deliveryId + ", endpoint=" + endpointId + ", event=" + eventId + "]";
        }

        Target target() {
            return new Target(endpointId, url, secrets, eventId, eventType, body);
        }
    }

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    @Inject
    AuditLog audit;

    @Inject
    Events events;

    @Inject
    WebhookSettings settings;

    /** Claims up to max due deliveries of active endpoints and leases them until now + lease. */
    List<Claim> claimDue(int max, OffsetDateTime now, Duration lease) {
        try (Connection connection = dataSource.getConnection()) {
            List<Object[]> due = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement(String.format(DUE, max))) {
                select.setObject(1, now);
                try (ResultSet row = select.executeQuery()) {
                    while (row.next()) {
                        due.add(new Object[] {Jdbc.uuid(row, 1), Jdbc.uuid(row, 2), Jdbc.uuid(row, 3), row.getString(4),
                                row.getInt(5), Jdbc.utc(row, 6)});
                    }
                }
            }
            if (due.isEmpty()) {
                return List.of();
            }
            UUID leaseId = Ids.newId();
            try (PreparedStatement update = connection.prepareStatement(LEASE)) {
                for (Object[] d : due) {
                    update.setObject(1, now.plus(lease));
                    update.setObject(2, leaseId);
                    update.setObject(3, d[0]);
                    update.addBatch();
                }
                update.executeBatch();
            }
            Map<UUID, Optional<EndpointTarget>> endpoints = new HashMap<>();
            Map<UUID, String> bodies = events.bodies(due.stream().map(d -> (UUID) d[2]).toList());
            List<Claim> claims = new ArrayList<>();
            for (Object[] d : due) {
                UUID endpointId = (UUID) d[1];
                Optional<EndpointTarget> endpoint = endpoints.get(endpointId);
                if (endpoint == null) {
                    endpoint = endpoint(connection, endpointId, now);
                    endpoints.put(endpointId, endpoint);
                }
                if (endpoint.isPresent()) {
                    EndpointTarget e = endpoint.get();
                    String body = bodies.get((UUID) d[2]);
                    claims.add(new Claim((UUID) d[0], leaseId, endpointId, (UUID) d[2], (String) d[3], (Integer) d[4],
                            (OffsetDateTime) d[5], e.url(), e.secrets(), e.companyId(), body));
                }
            }
            return claims;
        } catch (SQLException e) {
            throw failed("claim", e);
        }
    }

    /**
     * Records the outcomes of a round's automatic attempts ({@code outcomes.get(i)} of {@code claims.get(i)}), all in
     * one transaction and a few batches whatever their number: each delivery still under its claim's lease takes its
     * new state (Delivered; Failed once the give-up time has passed since its event, or at once when the outbox no
     * longer has the event; else Pending until the retry schedule's next time) and its attempt's log row; a delivery
     * whose lease is gone (its endpoint was deleted meanwhile) is left alone. Then each endpoint's health, once per
     * endpoint, as if its attempts had been recorded one by one.
     */
    void record(List<Claim> claims, List<Outcome> outcomes) {
        if (claims.size() != outcomes.size()) {
            throw new IllegalArgumentException("one outcome per claim");
        }
        if (claims.isEmpty()) {
            return;
        }
        try (Connection connection = dataSource.getConnection()) {
            int[] settled;
            try (PreparedStatement settle = connection.prepareStatement(SETTLE)) {
                for (int i = 0; i < claims.size(); i++) {
                    Claim claim = claims.get(i);
                    Outcome outcome = outcomes.get(i);
                    OffsetDateTime now = outcome.attemptedAt().plus(Duration.ofMillis(outcome.durationMs()));
                    int attempts = claim.attempts() + 1;
                    String status;
                    OffsetDateTime next;
                    if (outcome.delivered()) {
                        status = DELIVERED;
                        next = now;
                    } else if (claim.body() == null || !now.isBefore(claim.createdAt().plus(settings.giveUp()))) {
                        status = FAILED;
                        next = now;
                    } else {
                        status = PENDING;
                        next = now.plus(settings.schedule().after(attempts, ThreadLocalRandom.current()));
                    }
                    settle.setString(1, status);
                    settle.setInt(2, attempts);
                    settle.setObject(3, next);
                    settle.setObject(4, outcome.attemptedAt());
                    settle.setObject(5, claim.deliveryId());
                    settle.setObject(6, claim.leaseId());
                    settle.addBatch();
                }
                settled = settle.executeBatch();
            }
            Map<UUID, List<Outcome>> byEndpoint = new LinkedHashMap<>();
            Map<UUID, UUID> companies = new HashMap<>();
            try (PreparedStatement insert = connection.prepareStatement(LOG)) {
                for (int i = 0; i < claims.size(); i++) {
                    if (settled[i] == 0) {
                        continue; // not this claim's any more
                    }
                    Claim claim = claims.get(i);
                    log(insert, claim.endpointId(), claim.eventId(), claim.eventType(), outcomes.get(i), false);
                    insert.addBatch();
                    byEndpoint.computeIfAbsent(claim.endpointId(), e -> new ArrayList<>()).add(outcomes.get(i));
                    companies.put(claim.endpointId(), claim.companyId());
                }
                if (!byEndpoint.isEmpty()) {
                    insert.executeBatch();
                }
            }
            for (Map.Entry<UUID, List<Outcome>> endpoint : byEndpoint.entrySet()) {
                endpointHealth(connection, endpoint.getKey(), companies.get(endpoint.getKey()), endpoint.getValue(), true);
            }
        } catch (SQLException e) {
            throw failed("record", e);
        }
    }

    /**
     * Records a manual attempt (POST .../retry): the log row and the endpoint's health, the delivery's schedule
     * unchanged. False when the delivery is gone (the endpoint was deleted meanwhile).
     */
    boolean recordManual(Target target, UUID companyId, Outcome outcome) {
        try (Connection connection = dataSource.getConnection()) {
            try (PreparedStatement delivery = connection.prepareStatement(BY_EVENT)) {
                delivery.setObject(1, target.endpointId());
                delivery.setObject(2, target.eventId());
                try (ResultSet row = delivery.executeQuery()) {
                    if (!row.next()) {
                        return false;
                    }
                }
            }
            try (PreparedStatement insert = connection.prepareStatement(LOG)) {
                log(insert, target.endpointId(), target.eventId(), target.eventType(), outcome, true);
                insert.executeUpdate();
            }
            endpointHealth(connection, target.endpointId(), companyId, List.of(outcome), false);
            return true;
        } catch (SQLException e) {
            throw failed("record", e);
        }
    }

    /** Sets the log row's values on the insert (the caller executes it or adds it to its batch). */
    private static void log(PreparedStatement insert, UUID endpointId, UUID eventId, String eventType, Outcome outcome,
                            boolean manual) throws SQLException {
        insert.setObject(1, Ids.newId());
        insert.setObject(2, endpointId);
        insert.setObject(3, eventId);
        insert.setString(4, eventType);
        insert.setObject(5, outcome.attemptedAt());
        if (outcome.httpStatus() == null) {
            insert.setNull(6, java.sql.Types.INTEGER);
        } else {
            insert.setInt(6, outcome.httpStatus());
        }
        insert.setString(7, outcome.error());
        insert.setLong(8, outcome.durationMs());
        insert.setBoolean(9, manual);
    }

    /**
     * The endpoint's health after its attempts, in their order, as if recorded one by one: a success ends the failing
     * period; a failure starts one if none runs. When the last attempts failed, an automatic failure after the period
     * has lasted the give-up time disables the endpoint (once, with an audit row).
     */
    private void endpointHealth(Connection connection, UUID endpointId, UUID companyId, List<Outcome> attempts,
                                boolean mayDisable) throws SQLException {
        int lastSuccess = -1;
        for (int i = 0; i < attempts.size(); i++) {
            if (attempts.get(i).delivered()) {
                lastSuccess = i;
            }
        }
        if (lastSuccess >= 0) {
            execute(connection, SUCCEEDED, endpointId);
        }
        if (lastSuccess == attempts.size() - 1) {
            return;
        }
        Outcome firstFailure = attempts.get(lastSuccess + 1);
        Outcome lastFailure = attempts.get(attempts.size() - 1);
        OffsetDateTime now = lastFailure.attemptedAt().plus(Duration.ofMillis(lastFailure.durationMs()));
        execute(connection, FAILING, firstFailure.attemptedAt(), endpointId);
        if (mayDisable && execute(connection, DISABLE, now, endpointId, now.minus(settings.giveUp())) == 1) {
            audit.record("WebhookEndpointDisabled", companyId, "WebhookEndpoint", endpointId,
                    "every delivery attempt failed for " + settings.giveUp().toHours() + " h");
        }
    }

    private static int execute(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            return statement.executeUpdate();
        }
    }

    private record EndpointTarget(URI url, List<String> secrets, UUID companyId) {
    }

    /** The endpoint's URL and the secrets that sign now; empty when the endpoint is gone or its URL unusable. */
    private static Optional<EndpointTarget> endpoint(Connection connection, UUID endpointId, OffsetDateTime now)
            throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(ENDPOINT)) {
            select.setObject(1, endpointId);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                URI url = URI.create(row.getString(1));
                List<String> secrets = WebhookSecrets.signing(endpointId, row.getString(2), row.getString(3),
                        Jdbc.utc(row, 4), now);
                return Optional.of(new EndpointTarget(url, secrets, Jdbc.uuid(row, 5)));
            }
        }
    }

    private static IllegalStateException failed(String step, SQLException e) {
        return new IllegalStateException("webhook delivery " + step + " failed (SQL state " + e.getSQLState() + ")", e);
    }
}
