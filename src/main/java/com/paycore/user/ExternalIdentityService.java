package com.paycore.user;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.Caller;
import com.paycore.access.CompanyAccess;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.UniqueViolations;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * Links of external identities (issuer and subject) to users (issue 24, item 7). A platform administrator links any
 * user; a company Admin links a user of a company they administer, to an issuer that may speak for that company. A
 * user the caller cannot see this way answers 404, as a missing one.
 */
@ApplicationScoped
@Transactional
class ExternalIdentityService {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    UserRepository users;

    @Inject
    Caller caller;

    @Inject
    CompanyAccess access;

    @Inject
    AuditLog audit;

    @Inject
    Clock clock;

    /** The user is looked up (and the caller's reach checked) before the body: another tenant's user is 404 whatever it holds. */
    ExternalIdentity link(UUID userId, ExternalIdentitiesResource.LinkRequest request) {
        Set<UUID> shared = reachable(userId);
        Bodies.validate(request);
        String subject = request.subject;
        ExternalIssuers.Issuer issuer = ExternalIssuers.named(request.issuer.trim())
                .orElseThrow(() -> AppException.invalid("issuer: not a configured external issuer ("
                        + ExternalIssuers.NAMES + ")"));
        UUID company = companyFor(shared, issuer);
        ExternalIdentity link = new ExternalIdentity(userId, issuer.name(), subject, OffsetDateTime.now(clock),
                caller.userId());
        em.persist(link);
        UniqueViolations.flush(em, ErrorCode.DUPLICATE_EXTERNAL_IDENTITY);
        audit.record("ExternalIdentityLinked", company, "User", userId, "issuer " + issuer.name());
        return link;
    }

    List<ExternalIdentity> list(UUID userId) {
        reachable(userId);
        return em.createQuery("select l from ExternalIdentity l where l.userId = :user order by l.createdAt, l.id",
                        ExternalIdentity.class)
                .setParameter("user", userId).getResultList();
    }

    void unlink(UUID userId, UUID linkId) {
        Set<UUID> shared = reachable(userId);
        ExternalIdentity link = Optional.ofNullable(em.find(ExternalIdentity.class, linkId))
                .filter(l -> l.userId().equals(userId))
                .orElseThrow(() -> AppException.notFound("External identity"));
        // An issuer no longer configured speaks for no company: only a platform administrator removes its links.
        ExternalIssuers.Issuer issuer = ExternalIssuers.named(link.issuer())
                .orElse(new ExternalIssuers.Issuer(link.issuer(), "", Set.of()));
        UUID company = companyFor(shared, issuer);
        em.remove(link);
        audit.record("ExternalIdentityUnlinked", company, "User", userId, "issuer " + link.issuer());
    }

    /** The user's account, found by an issuer's subject (authentication). */
    Optional<User> userOf(String issuerName, String subject) {
        return em.createQuery("select l.userId from ExternalIdentity l where l.issuer = :issuer and l.subject = :subject",
                        UUID.class)
                .setParameter("issuer", issuerName).setParameter("subject", subject)
                .getResultStream().findFirst().flatMap(users::find);
    }

    /**
     * The companies through which the caller reaches the user: null for a platform administrator (every user),
     * else the active companies the caller administers that the user belongs to; none answers 404 (a user the caller
     * cannot see); a caller who administers nothing is 403.
     */
    private Set<UUID> reachable(UUID userId) {
        if (caller.platformAdmin()) {
            users.find(userId).orElseThrow(() -> AppException.notFound("User"));
            return null;
        }
        Set<UUID> shared = new HashSet<>(access.administeredCompanies());
        shared.retainAll(access.companiesOfUser(userId));
        if (shared.isEmpty()) {
            throw AppException.notFound("User");
        }
        return shared;
    }

    /** The company (of those shared) the issuer speaks for, whose Admin the caller is; null for platform admins. */
    private static UUID companyFor(Set<UUID> shared, ExternalIssuers.Issuer issuer) {
        if (shared == null) {
            return null;
        }
        return shared.stream().filter(issuer.companies()::contains).sorted().findFirst()
                .orElseThrow(AppException::forbidden);
    }
}
