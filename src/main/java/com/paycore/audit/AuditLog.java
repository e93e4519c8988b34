package com.paycore.audit;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.Caller;
import com.paycore.access.ProjectCaller;
import com.paycore.platform.web.RequestIds;

/**
 * The write side of the audit trail: rows written in the caller's transaction (a change that rolls back leaves no
 * row). Low in the stack: every feature records here, and it depends on no feature (only on who is calling).
 * Callers pass what happened and to what; never a secret value. {@link AuditTrail} is the read side.
 */
@ApplicationScoped
public class AuditLog {

    public static final String SUCCESS = "Success";
    public static final String FAILURE = "Failure";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Caller caller;

    @Inject
    ProjectCaller projectCaller;

    @Inject
    BeanManager beans;

    @Inject
    Clock clock;

    @Transactional
    public void record(String action, UUID companyId, String targetType, Object targetId, String details) {
        write(action, companyId, targetType, targetId, SUCCESS, details, callerId(), callerEmail());
    }

    /** For events without an authenticated caller (logins): the actor is named explicitly. */
    @Transactional
    public void recordAs(UUID actorUserId, String actor, String action, String targetType, Object targetId,
                         String outcome, String details) {
        write(action, null, targetType, targetId, outcome, details, actorUserId, actor);
    }

    private void write(String action, UUID companyId, String targetType, Object targetId, String outcome,
                       String details, UUID actorId, String actor) {
        // actor may be what a client typed (an unknown login name of any length): clipped to the columns, so an
        // oversized value can neither fail the request's transaction nor flood the table
        em.persist(new AuditEvent(OffsetDateTime.now(clock), companyId, actorId, clipped(actor, 250), action, targetType,
                targetId == null ? null : clipped(targetId.toString(), 64), outcome, RequestIds.current(),
                clipped(details, 1000)));
    }

    static String clipped(String value, int max) {
        return value == null || value.length() <= max ? value : value.substring(0, max - 3) + "...";
    }

    private UUID callerId() {
        return inRequest() && caller.authenticated() ? caller.userId() : null;
    }

    /** The user's email, or "apiKey:&lt;key id&gt;" for a project API-key call; null for jobs. */
    private String callerEmail() {
        if (!inRequest()) {
            return null;
        }
        if (caller.authenticated()) {
            return caller.email();
        }
        UUID keyId = projectCaller.keyId();
        return keyId != null ? "apiKey:" + keyId : null;
    }

    /** Scheduled jobs have no request: no caller to name. */
    private boolean inRequest() {
        try {
            return beans.getContext(RequestScoped.class).isActive();
        } catch (ContextNotActiveException e) {
            return false;
        }
    }
}
