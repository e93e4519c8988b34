package com.paycore.webhook;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.CompanyAccess;
import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectRef;
import com.paycore.audit.AuditLog;
import com.paycore.event.Events;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.ErrorCode;

/**
 * Webhook endpoints of projects: create (the secret answered once), list, read, update, delete, secret rotation with
 * a 24 h overlap, and the delivery log. PlatformAdmin and the company's Admins; the company's Users get 403, another
 * tenant's endpoint answers 404 like a missing one (DESIGN.md sections 4 and 10).
 */
@ApplicationScoped
@Transactional
public class WebhookEndpointService {

    static final Duration ROTATION_OVERLAP = Duration.ofHours(24);
    /** The most deliveries the transaction page shows. */
    static final int TRANSACTION_DELIVERIES_SHOWN = 200;

    /** A new endpoint's answer: its id and its signing secret, shown in this answer only. */
    public record Created(@Schema(description = Envelope.CREATED_ID, required = true) UUID id,
                          @Schema(description = "The signing secret; shown only here") String secret)
            implements Envelope.Identified {
    }

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Jdbc jdbc;

    @Inject
    WebhookEndpointRepository endpoints;

    @Inject
    ProjectAccess projects;

    @Inject
    CompanyAccess companies;

    @Inject
    AuditLog audit;

    @Inject
    Events events;

    @Inject
    WebhookSettings settings;

    @Inject
    TargetResolver resolver;

    @Inject
    Clock clock;

    Created create(EndpointRequest request) {
        ProjectRef project = projects.asAdmin(Bodies.requiredId(request, "companyProjectId", request.companyProjectId));
        Bodies.validate(request);
        if (request.id != null && em.find(WebhookEndpoint.class, request.id) != null) {
            throw new AppException(ErrorCode.DUPLICATE_ID);
        }
        String url = checkedUrl(request.url);
        List<String> enabled = enabledEvents(request.enabledEvents);
        // The project row's lock makes creates of one project wait for each other, so two at once cannot both pass the
        // cap (taken after the URL's DNS check, which may take up to its timeout).
        projects.lockAsAdmin(project.id());
        long live = endpoints.live(project.id());
        if (live >= settings.maxEndpointsPerProject()) {
            throw AppException.invalid("A project may have at most " + settings.maxEndpointsPerProject()
                    + " webhook endpoints (payments.webhooks.max-endpoints-per-project); delete one first");
        }
        WebhookEndpoint endpoint = new WebhookEndpoint(request.id != null ? request.id : Ids.newId(), project.companyId(),
                project.id());
        endpoint.configure(url, enabled, blankToNull(request.description), request.isActive == null || request.isActive);
        String secret = Signatures.newSecret();
        endpoint.rotate(WebhookSecrets.seal(secret, endpoint.id()), null, null);
        em.persist(endpoint);
        audit.record("WebhookEndpointCreated", project.companyId(), "WebhookEndpoint", endpoint.id(),
                "project=" + project.id() + ", events=" + String.join(",", enabled));
        return new Created(endpoint.id(), secret);
    }

    public List<EndpointView> list(UUID projectId, Page page) {
        List<UUID> companyIds = null;
        if (projectId != null) {
            projects.asAdmin(projectId);
        } else {
            companyIds = companies.administeredCompanies(); // null: every company (platform administrators)
        }
        return endpoints.list(projectId, companyIds, page).stream().map(EndpointView::from).toList();
    }

    /** Endpoints whose deliveries fail: how many, and since when the longest-failing one fails. */
    public record Failing(long count, OffsetDateTime since) {
    }

    /**
     * The console's overview: the active endpoints failing since their last success (failing_since set), of the
     * companies the caller administers (every company for platform administrators); empty for a caller who may not
     * read webhook endpoints (no company Admin role), as the list answers them 403.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Failing> failing() {
        List<UUID> administered = null;
        if (!companies.platformAdmin()) {
            administered = companies.memberships().adminCompanies();
            if (administered.isEmpty()) {
                return Optional.empty();
            }
        }
        return Optional.of(endpoints.failing(administered));
    }

    EndpointView get(UUID id) {
        return EndpointView.from(administered(id, false));
    }

    void update(UUID id, EndpointRequest request) {
        WebhookEndpoint endpoint = administered(id, false);
        Bodies.validate(id, request, request.id);
        if (request.companyProjectId != null && !request.companyProjectId.equals(endpoint.projectId())) {
            throw AppException.invalid("companyProjectId: an endpoint cannot move to another project");
        }
        String url = request.url != null ? checkedUrl(request.url) : endpoint.url();
        List<String> enabled = request.enabledEvents != null ? enabledEvents(request.enabledEvents)
                : endpoint.enabledEvents();
        String description = request.description != null ? blankToNull(request.description) : endpoint.description();
        endpoint.configure(url, enabled, description, request.isActive != null ? request.isActive : endpoint.active());
        audit.record("WebhookEndpointUpdated", endpoint.companyId(), "WebhookEndpoint", id,
                request.isActive != null ? "isActive=" + endpoint.active() : null);
    }

    /**
     * Soft delete: nothing is sent to the endpoint any more (its pending deliveries become Failed), and it answers 404.
     * The deliveries are changed before the endpoint row, in the order the worker takes the same rows (a delivery, then
     * its endpoint), so a delete and an outcome being recorded at that moment wait for each other instead of deadlocking.
     */
    void delete(UUID id) {
        WebhookEndpoint endpoint = administered(id, false);
        // on the transaction's connection (the one the entity manager uses), before the endpoint row's change
        jdbc.update(WebhookDeliveryRows.FAIL_PENDING, id);
        jdbc.update(WebhookDeliveryRows.DROP_MANUAL, id);
        endpoint.delete(OffsetDateTime.now(clock));
        audit.record("WebhookEndpointDeleted", endpoint.companyId(), "WebhookEndpoint", id, null);
    }

    /** A new secret; the current one keeps signing beside it for {@link #ROTATION_OVERLAP}. */
    String rotateSecret(UUID id) {
        WebhookEndpoint endpoint = administered(id, true);
        String current = WebhookSecrets.open(endpoint.secret(), id);
        String secret = Signatures.newSecret();
        endpoint.rotate(WebhookSecrets.seal(secret, id), WebhookSecrets.sealPrevious(current, id),
                OffsetDateTime.now(clock).plus(ROTATION_OVERLAP));
        audit.record("WebhookEndpointSecretRotated", endpoint.companyId(), "WebhookEndpoint", id,
                "previous secret valid for " + ROTATION_OVERLAP.toHours() + " h");
        return secret;
    }

    List<AttemptView> attempts(UUID id, UUID eventId, Page page) {
        administered(id, false);
        Object[] parameters = eventId == null ? new Object[] {id, page.limit(), page.offset()}
                : new Object[] {id, eventId, page.limit(), page.offset()};
        return jdbc.list(eventId == null ? WebhookAttemptRows.OF_ENDPOINT : WebhookAttemptRows.OF_ENDPOINT_AND_EVENT, row -> {
            int status = row.getInt(4);
            Integer httpStatus = row.wasNull() ? null : status;
            return new AttemptView(Jdbc.uuid(row, 1), row.getString(2), Jdbc.utc(row, 3), httpStatus, row.getString(5),
                    row.getLong(6));
        }, parameters);
    }

    /**
     * The endpoint's deliveries, newest first, with their state and latest attempt (the console's webhooks page); the
     * same rights as its delivery log ({@link #attempts}): the endpoint's company's Admins and platform administrators.
     */
    public List<DeliveryView> deliveries(UUID id, Page page) {
        administered(id, false);
        return jdbc.list(WebhookDeliveryRows.DELIVERIES, row -> {
            int status = row.getInt(8);
            Integer httpStatus = row.wasNull() ? null : status;
            boolean manual = row.getBoolean(10);
            return new DeliveryView(Jdbc.uuid(row, 1), row.getString(2), row.getString(3), row.getInt(4),
                    DeliveryLedger.PENDING.equals(row.getString(3)) ? Jdbc.utc(row, 5) : null, Jdbc.utc(row, 6),
                    Jdbc.utc(row, 7), httpStatus, row.getString(9), manual);
        }, id, page.limit(), page.offset());
    }

    /**
     * The console's transaction page: the webhook deliveries of the events about the transaction (see
     * {@link TransactionDeliveryView}) in the project, oldest event first; empty when the caller may not read the
     * project's delivery log (the API's rule: the project's company's Admins and platform administrators), so that
     * the page shows no deliveries section to a company User. Events written before events.subject_id existed are
     * not found (their subject is null).
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<List<TransactionDeliveryView>> transactionDeliveries(UUID projectId, UUID transactionId) {
        try {
            projects.asAdmin(projectId);
        } catch (AppException refused) {
            return Optional.empty();
        }
        return Optional.of(jdbc.list(WebhookDeliveryRows.TRANSACTION_DELIVERIES, row -> {
            int status = row.getInt(10);
            Integer httpStatus = row.wasNull() ? null : status;
            return new TransactionDeliveryView(Jdbc.uuid(row, 1), row.getString(2), Jdbc.uuid(row, 3), row.getString(4),
                    Jdbc.utc(row, 5), row.getString(6), row.getInt(7),
                    Jdbc.utc(row, 9), httpStatus, DeliveryLedger.PENDING.equals(row.getString(6)) ? Jdbc.utc(row, 8) : null);
        }, transactionId, projectId, TRANSACTION_DELIVERIES_SHOWN));
    }

    /**
     * Queues a manual retry of the event for the endpoint (the caller must administer it): the delivery row's
     * {@code manual_due_at} is set to now when no manual retry is queued or running for that endpoint and event
     * already (the UPDATE locks the row and checks that under the lock, so two at once queue one); the delivery worker
     * sends it in its next round. 404 when no delivery of the event was ever made for the endpoint. Answers whether
     * this call queued it (false: one was queued already).
     */
    public boolean queueRetry(UUID id, UUID eventId) {
        administered(id, false);
        return jdbc.session(session -> {
            if (session.update(WebhookDeliveryRows.QUEUE_MANUAL, OffsetDateTime.now(clock), id, eventId) == 1) {
                return true;
            }
            session.first(WebhookDeliveryRows.DELIVERY, row -> true, id, eventId).orElseThrow(() -> AppException.notFound("Delivery"));
            return false;
        });
    }

    /** The endpoint, if the caller administers its company (403 for the company's Users, 404 for other tenants). */
    private WebhookEndpoint administered(UUID id, boolean lock) {
        WebhookEndpoint endpoint = lock ? em.find(WebhookEndpoint.class, id, LockModeType.PESSIMISTIC_WRITE)
                : em.find(WebhookEndpoint.class, id);
        if (endpoint == null || endpoint.deleted()) {
            throw AppException.notFound("Webhook endpoint");
        }
        AppException.hidingForeign("Webhook endpoint", () -> projects.asAdmin(endpoint.projectId()));
        return endpoint;
    }

    private String checkedUrl(String url) {
        URI uri;
        try {
            uri = TargetGuard.parse(url);
        } catch (IllegalArgumentException e) {
            throw AppException.invalid(e.getMessage());
        }
        if (!settings.allowPrivateTargets()) {
            // One answer for both an unresolvable name and a refused address: no DNS oracle (TargetGuard.NOT_ALLOWED).
            boolean allowed;
            try {
                allowed = TargetGuard.allowed(resolver.resolve(uri.getHost()), false);
            } catch (TargetResolver.Unresolved e) {
                allowed = false;
            }
            if (!allowed) {
                throw AppException.invalid(TargetGuard.NOT_ALLOWED);
            }
        }
        return url.trim();
    }

    /** Known types, or {@code *} alone; duplicates dropped, order kept. */
    static List<String> enabledEvents(List<String> requested) {
        if (requested == null || requested.isEmpty()) {
            throw AppException.invalid("enabledEvents: must list event types, or [\"*\"] for all");
        }
        Set<String> types = new LinkedHashSet<>();
        for (String type : requested) {
            if (type == null || !(type.equals(WebhookEndpoint.ALL_EVENTS) || Events.TYPES.contains(type))) {
                throw AppException.invalid("enabledEvents: unknown event type; known types are "
                        + String.join(", ", Events.TYPES) + ", or \"*\" for all");
            }
            types.add(type);
        }
        if (types.contains(WebhookEndpoint.ALL_EVENTS) && types.size() > 1) {
            throw AppException.invalid("enabledEvents: \"*\" stands alone");
        }
        return List.copyOf(types);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    /** Every endpoint's deliveries by status, for the business figures ({@code metrics}): no caller's rights involved. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<String, Long> deliveriesByStatus() {
        Map<String, Long> counts = new LinkedHashMap<>();
        jdbc.list(WebhookDeliveryRows.STATUS_COUNTS, row -> Map.entry(row.getString(1), row.getLong(2)))
                .forEach(count -> counts.put(count.getKey(), count.getValue()));
        return counts;
    }
}
