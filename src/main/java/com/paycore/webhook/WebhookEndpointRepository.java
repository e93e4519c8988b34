package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import com.paycore.platform.data.Page;
import com.paycore.platform.data.Where;
import com.paycore.platform.input.Ids;

/**
 * The statements on {@code webhook_endpoints}: the JPQL of the endpoints changed through {@link WebhookEndpointService}
 * and the plain-JDBC statements of the delivery worker and the fan-out (docs/ARCHITECTURE.md, "SQL").
 */
@ApplicationScoped
class WebhookEndpointRepository {

    /** The active endpoints of a project and the event types each enables (FanOut). */
    static final String ACTIVE_OF_PROJECT = "select id, enabled_events from webhook_endpoints where project_id = ? "
            + "and is_active = true";

    /** What a delivery is sent with: the URL, the secrets and the company. */
    static final String TARGET = "select url, secret, previous_secret, previous_secret_until, company_id "
            + "from webhook_endpoints where id = ?";

    /** A success ends the endpoint's failing period. */
    static final String SUCCEEDED = "update webhook_endpoints set failing_since = null where id = ? and failing_since is not null";

    /** A failure starts a failing period if none runs. */
    static final String FAILING = "update webhook_endpoints set failing_since = ? where id = ? and failing_since is null";

    /** Disables an active endpoint failing since the give-up time or longer. */
    static final String DISABLE = "update webhook_endpoints set is_active = false, updated_at = ? where id = ? "
            + "and is_active = true and failing_since <= ?";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    /** How many endpoints of the project are not deleted. */
    long live(UUID projectId) {
        return em.createQuery("select count(e) from WebhookEndpoint e where e.projectId = :project "
                + "and e.deletedAt is null", Long.class).setParameter("project", projectId).getSingleResult();
    }

    /** Endpoints not deleted, of the project if given, of the companies if given (null: every company), oldest first. */
    List<WebhookEndpoint> list(UUID projectId, List<UUID> companyIds, Page page) {
        return new Where("select e from WebhookEndpoint e where e.deletedAt is null")
                .and("e.projectId = :project", "project", projectId)
                .and("e.companyId in :companies", "companies", Ids.orNone(companyIds))
                .query(em, WebhookEndpoint.class, " order by e.createdAt, e.id")
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream().toList();
    }

    /**
     * How many active endpoints not deleted fail since their last success, and since when the longest-failing one
     * fails; of the given companies (null: every company).
     */
    WebhookEndpointService.Failing failing(List<UUID> companyIds) {
        Object[] row = new Where("select count(e), min(e.failingSince) from WebhookEndpoint e where e.deletedAt is null "
                + "and e.active = true and e.failingSince is not null")
                .and("e.companyId in :companies", "companies", companyIds)
                .query(em, Object[].class, "").getSingleResult();
        return new WebhookEndpointService.Failing(((Number) row[0]).longValue(), (OffsetDateTime) row[1]);
    }
}
