package com.paycore.idempotency;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.runtime.Settings;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.SecretColumns;

/**
 * The idempotency rows. Every change commits in its own transaction, apart from the request's: a claim is seen
 * by a concurrent duplicate (on any instance) at once, and the unique (scope, idem_key) constraint decides races;
 * a unique violation propagates to the caller (see {@link UniqueViolations#isUniqueViolation}).
 */
@ApplicationScoped
class IdempotencyStore {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Jdbc jdbc;

    /** How long a claim holds its key without an answer ({@link IdempotencyRules#LEASE_SETTING}). */
    @Inject
    @ConfigProperty(name = IdempotencyRules.LEASE_SETTING)
    Optional<String> leaseSetting;

    private Duration lease;

    @PostConstruct
    void readLease() {
        lease = lease(leaseSetting.orElse(null));
    }

    static Duration lease(String value) {
        long seconds = Settings.wholeOrOff(IdempotencyRules.LEASE_SETTING, value, IdempotencyRules.DEFAULT_LEASE_SECONDS);
        if (seconds < 1) {
            throw new IllegalArgumentException(IdempotencyRules.LEASE_SETTING + " must be 1 or more seconds, got " + value);
        }
        return Duration.ofSeconds(seconds);
    }

    Duration lease() {
        return lease;
    }

    @Transactional(TxType.REQUIRES_NEW)
    public Optional<IdempotencyRecord> find(String scope, String key) {
        return em.createQuery(IdempotencyRows.BY_KEY, IdempotencyRecord.class)
                .setParameter("scope", scope).setParameter("idemKey", key)
                .getResultStream().findFirst();
    }

    /** Claims the key: a new IN_PROGRESS row, committed on return. Throws on a unique violation. */
    @Transactional(TxType.REQUIRES_NEW)
    public UUID claim(String scope, String key, String fingerprint, OffsetDateTime now) {
        IdempotencyRecord row = new IdempotencyRecord(scope, key, fingerprint, now, lease);
        em.persist(row);
        em.flush();
        return row.id();
    }

    /**
     * Replaces the expired row {@code expiredId} by a new claim, in one transaction. Empty when that row is
     * gone or no longer expired (another request replaced it first): the caller reads again.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public Optional<UUID> replaceExpired(UUID expiredId, String scope, String key, String fingerprint,
                                         OffsetDateTime now) {
        int deleted = em.createQuery(IdempotencyRows.DELETE_EXPIRED)
                .setParameter("id", expiredId).setParameter("now", now).executeUpdate();
        if (deleted == 0) {
            return Optional.empty();
        }
        IdempotencyRecord row = new IdempotencyRecord(scope, key, fingerprint, now, lease);
        em.persist(row);
        em.flush();
        return Optional.of(row.id());
    }

    /**
     * Takes over the claim {@code lapsedId} whose lease ran out without an answer (its request died), by a new claim
     * in one transaction. Empty when that row is gone, answered or no longer lapsed: the caller reads again.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public Optional<UUID> takeOverLapsed(UUID lapsedId, String scope, String key, String fingerprint,
                                         OffsetDateTime now) {
        int deleted = em.createQuery(IdempotencyRows.DELETE_LAPSED)
                .setParameter("id", lapsedId).setParameter("running", IdempotencyRules.State.IN_PROGRESS)
                .setParameter("now", now).executeUpdate();
        if (deleted == 0) {
            return Optional.empty();
        }
        IdempotencyRecord row = new IdempotencyRecord(scope, key, fingerprint, now, lease);
        em.persist(row);
        em.flush();
        return Optional.of(row.id());
    }

    /** Stored answers are sealed under the master key: re-wrapped onto the current one at startup. */
    void sealedColumns(@Observes SecretColumns columns) {
        columns.add("idempotency_keys", "response", row -> purpose(row[0]), "id");
    }

    /** The purpose (associated data) the answer of row {@code id} is sealed with. */
    static String purpose(Object id) {
        return "idempotency-response:" + id;
    }

    /**
     * Records the answer of the request that claimed row {@code id} (sealed: {@link IdempotencyFilter#sealed});
     * false when the row is no longer its.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public boolean complete(UUID id, int status, String response) {
        return completeHere(id, status, response);
    }

    /**
     * {@link #complete} for a streamed request ({@link Idempotent#streamed}), whose claim learns its request's
     * fingerprint only now, its body read to the end.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public boolean completeStreamed(UUID id, int status, String response, String fingerprint) {
        return completeHere(id, status, response, fingerprint);
    }

    /** {@link #complete} in the caller's transaction. */
    private boolean completeHere(UUID id, int status, String response) {
        return completeHere(id, status, response, null);
    }

    /** {@link #complete} in the caller's transaction; a fingerprint, when given, replaces the claim's. */
    private boolean completeHere(UUID id, int status, String response, String fingerprint) {
        var update = em.createQuery(IdempotencyRows.complete(response != null, fingerprint != null))
                .setParameter("done", IdempotencyRules.State.COMPLETED)
                .setParameter("status", status)
                .setParameter("id", id)
                .setParameter("running", IdempotencyRules.State.IN_PROGRESS);
        if (response != null) {
            update.setParameter("response", response);
        }
        if (fingerprint != null) {
            update.setParameter("fingerprint", fingerprint);
        }
        return update.executeUpdate() == 1;
    }

    /** A response to store for replay: its status and its sealed headers and body (public: Weld intercepts only such signatures). */
    public record StoredResponse(int status, String sealed) {
    }

    /** Work whose result may be any object, and may fail with any exception (an interceptor's proceed). */
    @FunctionalInterface
    public interface Work {
        Object run() throws Exception;
    }

    /**
     * Runs {@code effect} and stores the answer {@code answerOf} makes of its result on the claim {@code id}, in one
     * database transaction ({@link ResponseWithEffect}): both commit or neither. When the claim is no longer this
     * request's (a retry took it over after its lease), the effect is undone and the request answers 409. A null
     * answer (a server error) is not stored. Any exception rolls everything back.
     */
    @Transactional(value = TxType.REQUIRED, rollbackOn = Exception.class)
    public Object completeWithEffect(UUID id, Work effect, Function<Object, StoredResponse> answerOf,
                                     Runnable answered) throws Exception {
        Object result = effect.run();
        StoredResponse answer = answerOf.apply(result);
        if (answer == null) {
            return result;
        }
        if (!completeHere(id, answer.status(), answer.sealed())) {
            throw new AppException(ErrorCode.CONFLICT, IdempotencyFilter.IN_PROGRESS_MESSAGE);
        }
        answered.run();
        return result;
    }

    /**
     * Extends the lease of claim {@code id} to {@code now} plus the lease while it is still in progress, in a statement
     * of its own, auto-committed: called while a streamed body is read, inside no JTA transaction (the upload's local
     * one runs on another connection). False when the claim is no longer in progress.
     */
    public boolean renew(UUID id, OffsetDateTime now) {
        return jdbc.update(IdempotencyRows.RENEW_LEASE, now.plus(lease), id) == 1;
    }

    /**
     * Forgets the claim of row {@code id} while it is still in progress (the request failed with a server error), so
     * the client may retry; a row answered by then (its effect committed although the request failed after) stays.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public void release(UUID id) {
        em.createQuery(IdempotencyRows.DELETE_RUNNING)
                .setParameter("id", id).setParameter("running", IdempotencyRules.State.IN_PROGRESS).executeUpdate();
    }
}
