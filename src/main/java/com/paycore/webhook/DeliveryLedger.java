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
    static final String LEASED = "select attempts, created_at from webhook_deliveries where id = ? and lease_id = ? "
            + "for update";
    static final String BY_EVENT = "select id from webhook_deliveries where endpoint_id = ? and event_id = ? for update";
    static final String LOG = "insert into webhook_attempts (id, endpoint_id, event_id, event_type, attempted_at, "
            + "http_status, error, duration_ms, manual) values (?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String SETTLE = "update webhook_deliveries set status = ?, attempts = ?, next_attempt_at = ?, "
            + "lease_id = null, last_attempt_at = ? where id = ?";
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
                    String body = events.find((UUID) d[2]).map(Events.Published::body).orElse(null);
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
     * Records an automatic attempt: the log row, then the delivery's new state. Nothing when the claim is no longer
     * this one's (the endpoint was deleted meanwhile). {@code eventGone} gives up at once: the outbox no longer has it.
     */
    void record(Claim claim, Outcome outcome, boolean eventGone) {
        OffsetDateTime now = outcome.attemptedAt().plus(Duration.ofMillis(outcome.durationMs()));
        try (Connection connection = dataSource.getConnection()) {
            int attempts;
            OffsetDateTime createdAt;
            try (PreparedStatement leased = connection.prepareStatement(LEASED)) {
                leased.setObject(1, claim.deliveryId());
                leased.setObject(2, claim.leaseId());
                try (ResultSet row = leased.executeQuery()) {
                    if (!row.next()) {
                        return;
                    }
                    attempts = row.getInt(1) + 1;
                    createdAt = Jdbc.utc(row, 2);
                }
            }
            log(connection, claim.endpointId(), claim.eventId(), claim.eventType(), outcome, false);
            String status;
            OffsetDateTime next;
            if (outcome.delivered()) {
                status = DELIVERED;
                next = now;
            } else if (eventGone || !now.isBefore(createdAt.plus(settings.giveUp()))) {
                status = FAILED;
                next = now;
            } else {
                status = PENDING;
                next = now.plus(settings.schedule().after(attempts, ThreadLocalRandom.current()));
            }
            try (PreparedStatement settle = connection.prepareStatement(SETTLE)) {
                settle.setString(1, status);
                settle.setInt(2, attempts);
                settle.setObject(3, next);
                settle.setObject(4, outcome.attemptedAt());
                settle.setObject(5, claim.deliveryId());
                settle.executeUpdate();
            }
            endpointHealth(connection, claim.endpointId(), claim.companyId(), outcome, now, true);
        } catch (SQLException e) {
            throw failed("record", e);
        }
    }

    /**
     * Records a manual attempt (POST .../retry): the log row and the endpoint's health, the delivery's schedule
     * unchanged. False when the delivery is gone (the endpoint was deleted meanwhile).
     */
    boolean recordManual(Target target, UUID companyId, Outcome outcome) {
        OffsetDateTime now = outcome.attemptedAt().plus(Duration.ofMillis(outcome.durationMs()));
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
            log(connection, target.endpointId(), target.eventId(), target.eventType(), outcome, true);
            endpointHealth(connection, target.endpointId(), companyId, outcome, now, false);
            return true;
        } catch (SQLException e) {
            throw failed("record", e);
        }
    }

    private static void log(Connection connection, UUID endpointId, UUID eventId, String eventType, Outcome outcome,
                            boolean manual) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(LOG)) {
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
            insert.executeUpdate();
        }
    }

    /**
     * A success ends the endpoint's failing period; a failure starts one if none runs. An automatic failure when the
     * period has lasted the give-up time disables the endpoint (once, with an audit row).
     */
    private void endpointHealth(Connection connection, UUID endpointId, UUID companyId, Outcome outcome,
                                OffsetDateTime now, boolean mayDisable) throws SQLException {
        if (outcome.delivered()) {
            execute(connection, SUCCEEDED, endpointId);
            return;
        }
        execute(connection, FAILING, outcome.attemptedAt(), endpointId);
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
