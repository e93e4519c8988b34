package com.paycore.apikey;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import com.paycore.platform.data.Page;
import com.paycore.platform.data.Where;

@ApplicationScoped
class ApiKeyRepository {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    Optional<ApiKey> find(UUID id) {
        return Optional.ofNullable(em.find(ApiKey.class, id));
    }

    List<ApiKey> list(UUID projectId, KeyType type, Boolean active, Page page) {
        return new Where("select k from ApiKey k where k.projectId = :p")
                .and("k.type = :type", "type", type).is("k.active", active)
                .query(em, ApiKey.class, " order by k.createdAt, k.id").setParameter("p", projectId)
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList();
    }

    /** The project's newest keys of the type that are usable now, newest first, at most {@code max}. */
    List<ApiKey> newestUsable(UUID projectId, KeyType type, OffsetDateTime now, int max) {
        return em.createQuery("select k from ApiKey k where k.projectId = :p and k.type = :type and k.active = true "
                        + "and k.expirationDate > :now and (k.deactivationDate is null or k.deactivationDate > :now) "
                        + "order by k.createdAt desc, k.id desc", ApiKey.class)
                .setParameter("p", projectId).setParameter("type", type).setParameter("now", now)
                .setMaxResults(max).getResultList();
    }

    /** Keys of the project that authenticate now, other than the given one. */
    long otherUsableKeys(UUID projectId, UUID exceptId, OffsetDateTime now) {
        return em.createQuery("select count(k) from ApiKey k where k.projectId = :p and k.id <> :except "
                        + "and k.active = true and k.expirationDate > :now "
                        + "and (k.deactivationDate is null or k.deactivationDate > :now)", Long.class)
                .setParameter("p", projectId).setParameter("except", exceptId).setParameter("now", now)
                .getSingleResult();
    }

    /** The ids of the usable keys ({@code now}) whose end ({@link ApiKey#validUntil}) comes by {@code horizon}. */
    List<UUID> endingBy(OffsetDateTime now, OffsetDateTime horizon) {
        return em.createQuery("select k.id from ApiKey k where k.active = true "
                        + "and k.expirationDate > :now and (k.deactivationDate is null or k.deactivationDate > :now) "
                        + "and (k.expirationDate <= :horizon or k.deactivationDate <= :horizon)", UUID.class)
                .setParameter("now", now).setParameter("horizon", horizon).getResultList();
    }

    /** The project's other active keys that expire after {@code end} (their deactivation date not considered). */
    List<ApiKey> othersExpiringAfter(UUID projectId, UUID exceptId, OffsetDateTime end) {
        return em.createQuery("select k from ApiKey k where k.projectId = :project and k.id <> :id "
                        + "and k.active = true and k.expirationDate > :end", ApiKey.class)
                .setParameter("project", projectId).setParameter("id", exceptId).setParameter("end", end)
                .getResultList();
    }

    void add(ApiKey key) {
        em.persist(key);
    }
}
