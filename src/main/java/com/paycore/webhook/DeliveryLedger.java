package com.paycore.webhook;

import java.net.URI;
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

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.audit.AuditLog;
import com.paycore.event.Events;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Ids;

/**
 * The deliveries' state, each step in a short transaction of its own (never while a receiver is being called):
 * claiming due work fairly between companies and projects ({@link WebhookDeliveryRows#CANDIDATES}, then {@code FOR UPDATE SKIP LOCKED}, so instances
 * never claim the same row, then pushing the row's due time forward by the lease, so no instance takes it again while
 * the attempt runs; a crash mid-attempt leaves it to come due again after the lease: one more attempt, never none),
 * and recording each attempt's outcome in the log and in the delivery (Delivered, the next attempt by the retry
 * schedule, or Failed once the give-up time has passed). Queued manual retries ride on the same row with a due time
 * and lease of their own and leave the automatic schedule alone. An endpoint whose every automatic attempt failed for
 * the give-up time is disabled, with an audit row. The events' bodies are read in the claim's transaction too: the
 * worker's thread reads nothing outside a transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
class DeliveryLedger {

    static final String PENDING = "Pending";
    static final String DELIVERED = "Delivered";
    static final String FAILED = "Failed";

    /**
     * A delivery this instance holds until its lease ends, with what to send: the event's body as the outbox keeps it
     * (null when the outbox no longer has the event).
     */
    record LeasedDelivery(UUID deliveryId, UUID leaseId, UUID endpointId, UUID eventId, String eventType, int attempts,
                 OffsetDateTime createdAt, URI url, List<String> secrets, UUID companyId, String body, UUID projectId,
                 boolean manual) {

        @Override
        public String toString() { // never the secrets or the body
            return "LeasedDelivery[delivery=" + deliveryId + ", endpoint=" + endpointId + ", event=" + eventId
                    + (manual ? ", manual" : "") + "]";
        }

        Target target() {
            return new Target(endpointId, url, secrets, eventId, eventType, body);
        }
    }

    @Inject
    Jdbc jdbc;

    @Inject
    AuditLog audit;

    @Inject
    Events events;

    @Inject
    WebhookSettings settings;

    /** Claims up to max due deliveries, at most max of one project or company (nothing in flight): see the other. */
    List<LeasedDelivery> claimDue(int max, OffsetDateTime now, Duration lease) {
        return claimDue(max, new Caps(max, max), InFlight.NONE, now, lease);
    }

    /** At most so many attempts in flight on an instance for one project, and for one company. */
    record Caps(int perProject, int perCompany) {
    }

    /** The attempts this instance has in flight, by project and by company (counts above zero only). */
    record InFlight(Map<UUID, Integer> byProject, Map<UUID, Integer> byCompany) {
        static final InFlight NONE = new InFlight(Map.of(), Map.of());

        int total() {
            return byProject.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /**
     * Claims up to {@code max} due attempts (automatic and manual, see {@link WebhookDeliveryRows#CANDIDATES}), round-robin by company
     * and then by project, at most {@code caps.perProject()} of a project and {@code caps.perCompany()} of a company
     * less what this instance already has in flight for it ({@code inFlight}), and leases them until now + lease (an
     * automatic attempt's row by its due time and lease id, a manual one's by its own pair, so neither disturbs the
     * other). The rows are chosen without locks, then locked with SKIP LOCKED and checked again: a row another
     * instance claimed meanwhile is no longer due and is left out.
     */
    List<LeasedDelivery> claimDue(int max, Caps caps, InFlight inFlight, OffsetDateTime now, Duration lease) {
        if (max < 1) {
            return List.of();
        }
        int busy = inFlight.total();
        return jdbc.session(session -> {
            // Enough candidates to fill max even after the rows of projects and companies at their cap are left
            // out: a company with n in flight (its projects' together) loses at most n of its (at most perCompany)
            // candidates, whether to its projects' caps or to its own.
            List<Object[]> chosen = new ArrayList<>();
            Map<UUID, Integer> takenByProject = new HashMap<>();
            Map<UUID, Integer> takenByCompany = new HashMap<>();
            for (Object[] candidate : session.list(WebhookDeliveryRows.candidates(max + busy),
                    row -> new Object[] {Jdbc.uuid(row, 1), Jdbc.uuid(row, 2), row.getBoolean(4), Jdbc.uuid(row, 3)},
                    now, now, caps.perProject(), caps.perCompany())) {
                if (chosen.size() >= max) {
                    break;
                }
                UUID project = (UUID) candidate[1];
                UUID company = (UUID) candidate[3];
                int ofProject = takenByProject.getOrDefault(project, 0);
                int ofCompany = takenByCompany.getOrDefault(company, 0);
                if (ofProject + inFlight.byProject().getOrDefault(project, 0) >= caps.perProject()
                        || ofCompany + inFlight.byCompany().getOrDefault(company, 0) >= caps.perCompany()) {
                    continue;
                }
                takenByProject.put(project, ofProject + 1);
                takenByCompany.put(company, ofCompany + 1);
                chosen.add(candidate);
            }
            if (chosen.isEmpty()) {
                return List.<LeasedDelivery>of();
            }
            List<UUID> ids = chosen.stream().map(c -> (UUID) c[0]).distinct().toList();
            Map<UUID, Object[]> locked = new HashMap<>();
            for (Object[] d : session.list(WebhookDeliveryRows.lock(ids.size()), row -> new Object[] {Jdbc.uuid(row, 1),
                    Jdbc.uuid(row, 2), Jdbc.uuid(row, 3), row.getString(4), row.getInt(5), Jdbc.utc(row, 6),
                    row.getString(7), Jdbc.utc(row, 8), Jdbc.utc(row, 9)}, ids.toArray())) {
                locked.put((UUID) d[0], d);
            }
            List<Object[]> due = new ArrayList<>(); // {row, project, manual}
            for (Object[] c : chosen) {
                Object[] d = locked.get((UUID) c[0]);
                if (d == null) {
                    continue; // another instance holds it
                }
                boolean manual = (Boolean) c[2];
                OffsetDateTime at = (OffsetDateTime) (manual ? d[8] : d[7]);
                boolean stillDue = at != null && !at.isAfter(now) && (manual || PENDING.equals(d[6]));
                if (stillDue) {
                    due.add(new Object[] {d, c[1], manual});
                }
            }
            if (due.isEmpty()) {
                return List.<LeasedDelivery>of();
            }
            UUID leaseId = Ids.newId();
            List<Object[]> automaticLeases = new ArrayList<>();
            List<Object[]> manualLeases = new ArrayList<>();
            for (Object[] x : due) {
                ((Boolean) x[2] ? manualLeases : automaticLeases)
                        .add(new Object[] {now.plus(lease), leaseId, ((Object[]) x[0])[0]});
            }
            session.batch(WebhookDeliveryRows.LEASE, automaticLeases);
            session.batch(WebhookDeliveryRows.MANUAL_LEASE, manualLeases);
            Map<UUID, Optional<EndpointTarget>> endpoints = new HashMap<>();
            Map<UUID, String> bodies = events.bodies(due.stream().map(x -> (UUID) ((Object[]) x[0])[2]).distinct().toList());
            List<LeasedDelivery> claims = new ArrayList<>();
            for (Object[] x : due) {
                Object[] d = (Object[]) x[0];
                UUID endpointId = (UUID) d[1];
                Optional<EndpointTarget> endpoint = endpoints.get(endpointId);
                if (endpoint == null) {
                    endpoint = endpoint(session, endpointId, now);
                    endpoints.put(endpointId, endpoint);
                }
                if (endpoint.isPresent()) {
                    EndpointTarget e = endpoint.get();
                    String body = bodies.get((UUID) d[2]);
                    claims.add(new LeasedDelivery((UUID) d[0], leaseId, endpointId, (UUID) d[2], (String) d[3], (Integer) d[4],
                            (OffsetDateTime) d[5], e.url(), e.secrets(), e.companyId(), body, (UUID) x[1],
                            (Boolean) x[2]));
                }
            }
            return claims;
        });
    }

    /**
     * Records the outcomes of attempts ({@code outcomes.get(i)} of {@code claims.get(i)}), all in one transaction and
     * a few batches whatever their number. An automatic attempt's delivery, still under its claim's lease, takes its
     * new state (Delivered; Failed once the give-up time has passed since its event, or at once when the outbox no
     * longer has the event; else Pending until the retry schedule's next time); a manual attempt only ends its queued
     * retry, the automatic schedule left as it is. Each recorded attempt gets its log row; one whose lease is gone (its
     * endpoint was deleted meanwhile) is left alone. Then each endpoint's health, once per endpoint, as if its attempts
     * had been recorded one by one (a manual failure never disables an endpoint).
     */
    void record(List<LeasedDelivery> claims, List<Outcome> outcomes) {
        if (claims.size() != outcomes.size()) {
            throw new IllegalArgumentException("one outcome per claim");
        }
        if (claims.isEmpty()) {
            return;
        }
        jdbc.session(session -> {
            boolean[] settled = new boolean[claims.size()];
            List<Integer> automatic = new ArrayList<>();
            List<Integer> manual = new ArrayList<>();
            List<Object[]> settles = new ArrayList<>();
            List<Object[]> dones = new ArrayList<>();
            for (int i = 0; i < claims.size(); i++) {
                LeasedDelivery claim = claims.get(i);
                Outcome outcome = outcomes.get(i);
                if (claim.manual()) {
                    dones.add(new Object[] {claim.deliveryId(), claim.leaseId()});
                    manual.add(i);
                    continue;
                }
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
                settles.add(new Object[] {status, attempts, next, outcome.attemptedAt(), claim.deliveryId(),
                        claim.leaseId()});
                automatic.add(i);
            }
            int[] counts = session.batch(WebhookDeliveryRows.SETTLE, settles);
            for (int k = 0; k < counts.length; k++) {
                settled[automatic.get(k)] = counts[k] != 0;
            }
            counts = session.batch(WebhookDeliveryRows.MANUAL_DONE, dones);
            for (int k = 0; k < counts.length; k++) {
                settled[manual.get(k)] = counts[k] != 0;
            }
            Map<UUID, List<Outcome>> automaticByEndpoint = new LinkedHashMap<>();
            Map<UUID, List<Outcome>> manualByEndpoint = new LinkedHashMap<>();
            Map<UUID, UUID> companies = new HashMap<>();
            List<Object[]> logs = new ArrayList<>();
            for (int i = 0; i < claims.size(); i++) {
                if (!settled[i]) {
                    continue; // not this claim's any more
                }
                LeasedDelivery claim = claims.get(i);
                logs.add(log(claim.endpointId(), claim.eventId(), claim.eventType(), outcomes.get(i), claim.manual()));
                (claim.manual() ? manualByEndpoint : automaticByEndpoint)
                        .computeIfAbsent(claim.endpointId(), e -> new ArrayList<>()).add(outcomes.get(i));
                companies.put(claim.endpointId(), claim.companyId());
            }
            session.batch(WebhookAttemptRows.INSERT, logs);
            for (Map.Entry<UUID, List<Outcome>> endpoint : manualByEndpoint.entrySet()) {
                endpointHealth(session, endpoint.getKey(), companies.get(endpoint.getKey()), endpoint.getValue(), false);
            }
            for (Map.Entry<UUID, List<Outcome>> endpoint : automaticByEndpoint.entrySet()) {
                endpointHealth(session, endpoint.getKey(), companies.get(endpoint.getKey()), endpoint.getValue(), true);
            }
            return null;
        });
    }

    /** A log row's values. */
    private static Object[] log(UUID endpointId, UUID eventId, String eventType, Outcome outcome, boolean manual) {
        return new Object[] {Ids.newId(), endpointId, eventId, eventType, outcome.attemptedAt(), outcome.httpStatus(),
                outcome.error(), outcome.durationMs(), manual};
    }

    /**
     * The endpoint's health after its attempts, in their order, as if recorded one by one: a success ends the failing
     * period; a failure starts one if none runs. When the last attempts failed, an automatic failure after the period
     * has lasted the give-up time disables the endpoint (once, with an audit row).
     */
    private void endpointHealth(Jdbc.Session session, UUID endpointId, UUID companyId, List<Outcome> attempts,
                                boolean mayDisable) throws SQLException {
        int lastSuccess = -1;
        for (int i = 0; i < attempts.size(); i++) {
            if (attempts.get(i).delivered()) {
                lastSuccess = i;
            }
        }
        if (lastSuccess >= 0) {
            session.update(WebhookEndpointRepository.SUCCEEDED, endpointId);
        }
        if (lastSuccess == attempts.size() - 1) {
            return;
        }
        Outcome firstFailure = attempts.get(lastSuccess + 1);
        Outcome lastFailure = attempts.get(attempts.size() - 1);
        OffsetDateTime now = lastFailure.attemptedAt().plus(Duration.ofMillis(lastFailure.durationMs()));
        session.update(WebhookEndpointRepository.FAILING, firstFailure.attemptedAt(), endpointId);
        if (mayDisable && session.update(WebhookEndpointRepository.DISABLE, now, endpointId, now.minus(settings.giveUp())) == 1) {
            audit.record("WebhookEndpointDisabled", companyId, "WebhookEndpoint", endpointId,
                    "every delivery attempt failed for " + settings.giveUp().toHours() + " h");
        }
    }

    private record EndpointTarget(URI url, List<String> secrets, UUID companyId) {
    }

    /** The endpoint's URL and the secrets that sign now; empty when the endpoint is gone or its URL unusable. */
    private static Optional<EndpointTarget> endpoint(Jdbc.Session session, UUID endpointId, OffsetDateTime now)
            throws SQLException {
        return session.first(WebhookEndpointRepository.TARGET, row -> new EndpointTarget(URI.create(row.getString(1)),
                WebhookSecrets.signing(endpointId, row.getString(2), row.getString(3), Jdbc.utc(row, 4), now),
                Jdbc.uuid(row, 5)), endpointId);
    }
}
