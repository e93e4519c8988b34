package com.paycore.user;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.Likes;
import com.paycore.platform.data.Page;
import com.paycore.platform.data.UniqueViolations;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.ErrorCode;

@ApplicationScoped
class UserRepository {

    static final String LOCK_ADMINS = "select name from platform_locks where name = 'platform-administrators' for update";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Jdbc jdbc; // the transaction's connection

    Optional<User> find(UUID id) {
        return Optional.ofNullable(em.find(User.class, id));
    }

    Optional<User> findByEmail(String email) {
        return em.createQuery("select u from User u where u.emailKey = :key", User.class)
                .setParameter("key", User.emailKey(email))
                .getResultStream().findFirst();
    }

    public boolean emailTaken(String email, UUID exceptId) {
        return findByEmail(email).filter(u -> !u.id().equals(exceptId)).isPresent();
    }

    public boolean anyActivePlatformAdmin() {
        return anyOtherActivePlatformAdmin(Ids.NONE);
    }

    public boolean anyOtherActivePlatformAdmin(UUID except) {
        return !em.createQuery("select u.id from User u where u.platformAdmin = true and u.active = true "
                        + "and u.id <> :except", UUID.class)
                .setParameter("except", except)
                .setMaxResults(1).getResultList().isEmpty();
    }

    /**
     * Serializes every change that could remove an active platform administrator, on any instance: the row lock
     * is held until the caller's transaction ends, so the "another one remains" check reads the others' outcome.
     */
    public void lockPlatformAdministrators() {
        jdbc.first(LOCK_ADMINS, row -> true);
    }

    /**
     * Users whose e-mail, first name, last name or "first last" holds the text (case-insensitive), in the API's order;
     * the console's search (the API filters by e-mail only).
     */
    List<User> search(String text, Page page) {
        return em.createQuery("select u from User u where u.emailKey like :filter escape '\\' "
                        + "or lower(u.firstName) like :filter escape '\\' or lower(u.lastName) like :filter escape '\\' "
                        + "or lower(concat(concat(coalesce(u.firstName, ''), ' '), coalesce(u.lastName, ''))) "
                        + "like :filter escape '\\' order by u.createdAt, u.id", User.class)
                .setParameter("filter", Likes.contains(text == null ? "" : text))
                .setFirstResult(page.offset())
                .setMaxResults(page.limit())
                .getResultList();
    }

    List<User> list(String emailContains, Page page) {
        return em.createQuery("select u from User u where u.emailKey like :filter escape '\\' "
                        + "order by u.createdAt, u.id", User.class)
                .setParameter("filter", Likes.contains(emailContains == null ? "" : emailContains))
                .setFirstResult(page.offset())
                .setMaxResults(page.limit())
                .getResultList();
    }

    /** Surfaces constraint violations (a duplicate email raced in) inside the service's transaction. */
    public void flush() {
        UniqueViolations.flush(em, ErrorCode.DUPLICATE_EMAIL);
    }

    void add(User user) {
        em.persist(user);
        flush();
    }
}
