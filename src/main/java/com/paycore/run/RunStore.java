package com.paycore.run;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.paycore.platform.data.Where;
import com.paycore.platform.input.Ids;

/**
 * The {@code runs} table. Every write is its own database transaction, committed on return (the work a run does has
 * its own transactions, and its progress must be visible to the other instances at once), and every change after the
 * insert is a conditional update of a {@code Running} row: a final state is never left, and the instance working on a
 * run and a sweep on another instance cannot both decide its end.
 */
@ApplicationScoped
class RunStore {

    static final String INTERRUPTED = "interrupted: the instance running it stopped before it ended (the work it did "
            + "is kept; a new run does the rest)";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    /** Writes a new Running row; throws on a unique violation of its running key (one of its kind is Running). */
    @Transactional(TxType.REQUIRES_NEW)
    public void insert(UUID id, String kind, UUID companyId, UUID requestedBy, String runningKey, String instance,
                       OffsetDateTime now, OffsetDateTime leaseUntil) {
        em.persist(new Run(id, kind, companyId, requestedBy, runningKey, instance, now, leaseUntil));
        em.flush();
    }

    /** Writes a new Running run that the sweep leaves to its work (see {@link Runs#track}), unless it exists. */
    @Transactional(TxType.REQUIRES_NEW)
    public void insertResumable(UUID id, String kind, UUID companyId, UUID requestedBy, String instance,
                                OffsetDateTime now) {
        if (em.find(Run.class, id) == null) {
            em.persist(Run.resumable(id, kind, companyId, requestedBy, instance, now));
        }
    }

    /** Progress: the total when known (null leaves it), items done so far, and a renewed lease. */
    @Transactional(TxType.REQUIRES_NEW)
    public int progress(UUID id, Long total, long done, OffsetDateTime now, OffsetDateTime leaseUntil) {
        // No null parameter: PostgreSQL cannot type a bare null bound into coalesce.
        var update = em.createQuery("update Run r set " + (total == null ? "" : "r.itemsTotal = :total, ")
                        + "r.itemsDone = :done, r.heartbeatAt = :now, r.leaseUntil = :lease "
                        + "where r.id = :id and r.state = :running")
                .setParameter("done", done).setParameter("now", now)
                .setParameter("lease", leaseUntil).setParameter("id", id)
                .setParameter("running", Run.State.Running.name());
        if (total != null) {
            update.setParameter("total", total);
        }
        return update.executeUpdate();
    }

    /** The heartbeat of this instance's runs in progress. */
    @Transactional(TxType.REQUIRES_NEW)
    public int renew(List<UUID> ids, OffsetDateTime now, OffsetDateTime leaseUntil) {
        if (ids.isEmpty()) {
            return 0;
        }
        return em.createQuery("update Run r set r.heartbeatAt = :now, r.leaseUntil = :lease "
                        + "where r.id in :ids and r.state = :running")
                .setParameter("now", now).setParameter("lease", leaseUntil).setParameter("ids", ids)
                .setParameter("running", Run.State.Running.name()).executeUpdate();
    }

    /** The end of a run: Succeeded with its outcome, or Failed with a message safe for clients. 0: it had ended. */
    @Transactional(TxType.REQUIRES_NEW)
    public int finish(UUID id, boolean succeeded, String outcome, String error, OffsetDateTime now) {
        return em.createQuery("update Run r set r.state = :state, r.runningKey = null, "
                        + (succeeded ? "r.outcome = :text, " : "r.error = :text, ")
                        + "r.finishedAt = :now, r.heartbeatAt = :now where r.id = :id and r.state = :running")
                .setParameter("state", (succeeded ? Run.State.Succeeded : Run.State.Failed).name())
                .setParameter("text", succeeded ? outcome : error)
                .setParameter("now", now).setParameter("id", id)
                .setParameter("running", Run.State.Running.name())
                .executeUpdate();
    }

    /** Runs whose lease ran out lost their instance: Failed (interrupted), which frees their running key. */
    @Transactional(TxType.REQUIRES_NEW)
    public int sweep(OffsetDateTime now) {
        return em.createQuery("update Run r set r.state = :failed, r.runningKey = null, r.error = :error, "
                        + "r.finishedAt = :now where r.state = :running and r.leaseUntil < :now and r.resumable = false")
                .setParameter("failed", Run.State.Failed.name()).setParameter("error", INTERRUPTED)
                .setParameter("now", now).setParameter("running", Run.State.Running.name()).executeUpdate();
    }

    /**
     * The work of a run, in a transaction of its own on the executor's thread. The work commits its batches in
     * transactions of their own (REQUIRES_NEW); this one gives its reads between batches a fresh persistence context:
     * without it they used the non-transactional EntityManager of the request that started the run (the task runs in
     * the component invocation it was submitted from), which Payara closes when that request ends ("Attempting to
     * execute an operation on a closed EntityManager", seen in the integration tests when the request ended first).
     */
    @Transactional(TxType.REQUIRES_NEW)
    public Record perform(Runs.Work work, Runs.Progress progress) {
        return work.run(progress);
    }

    /** The Running runs, oldest first; of the given companies only unless null (platform-wide runs have none). */
    List<Run> running(List<UUID> companies) {
        return new Where("select r from Run r where r.state = :running")
                .and("r.companyId in :companies", "companies", companies)
                .query(em, Run.class, " order by r.startedAt, r.id")
                .setParameter("running", Run.State.Running.name()).setMaxResults(100).getResultList();
    }

    Optional<Run> find(UUID id) {
        return Optional.ofNullable(em.find(Run.class, id));
    }

    /** The newest runs, of the given companies only unless null (every run). */
    List<Run> recent(List<UUID> companyIds, int limit) {
        var query = em.createQuery("select r from Run r" + (companyIds == null ? "" : " where r.companyId in :companies")
                + " order by r.startedAt desc, r.id", Run.class);
        if (companyIds != null) {
            query.setParameter("companies", Ids.orNone(companyIds));
        }
        return query.setMaxResults(limit).getResultList();
    }

    /** The Running run holding a running key, if one does. */
    Optional<UUID> holder(String runningKey) {
        return em.createQuery("select r.id from Run r where r.runningKey = :key", UUID.class)
                .setParameter("key", runningKey).getResultStream().findFirst();
    }
}
