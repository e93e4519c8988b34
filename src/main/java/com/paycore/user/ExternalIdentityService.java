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
 * Links of external identities (issuer and subject) to users. A link is made from a token of its subject: the
 * signed-in user presents a valid token of the issuer for that subject and the link is to that user; without such a
 * proof only a platform administrator links (any user), and anyone else is refused (403), so that no one can link a
 * subject they do not hold to a colleague and then sign in as them. Listing and removing links: a platform
 * administrator for any user, a user for themselves, a company Admin for a user of a company they administer (removing
 * only for an issuer that may speak for that company). A user the caller cannot see this way answers 404, as a missing
 * one.
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

    @Inject
    ExternalTokens tokens;

    /**
     * Who may link is decided before the body is read: a caller other than a platform administrator links only
     * themselves, and only with a token of the subject; the token is checked after the issuer is known.
     */
    ExternalIdentity link(UUID userId, LinkRequest request) {
        boolean self = userId.equals(caller.userId());
        boolean platformAdmin = caller.platformAdmin();
        if (!platformAdmin && !self) {
            throw AppException.forbidden();
        }
        if (platformAdmin) {
            users.find(userId).orElseThrow(() -> AppException.notFound("User"));
        }
        Bodies.validate(request);
        ExternalIssuers.Issuer issuer = ExternalIssuers.named(request.issuer.trim())
                .orElseThrow(() -> AppException.invalid("issuer: not a configured external issuer ("
                        + ExternalIssuers.NAMES + ")"));
        String subject = blankToNull(request.subject);
        String token = blankToNull(request.externalToken);
        if (token != null) {
            String proven = tokens.verifiedSubject(issuer, token).orElseThrow(() -> AppException.invalid(
                    "externalToken: not a valid token of issuer " + issuer.name() + " (its signature, iss, exp or aud)"));
            if (subject != null && !subject.equals(proven)) {
                throw AppException.invalid("subject: not the sub of externalToken");
            }
            subject = proven;
        } else if (!platformAdmin) {
            throw AppException.forbidden(); // no proof: only a platform administrator links
        } else if (subject == null) {
            throw AppException.invalid("subject: required without externalToken");
        }
        if (subject.length() > 255) {
            throw AppException.invalid("subject: at most 255 characters");
        }
        ExternalIdentity link = new ExternalIdentity(userId, issuer.name(), subject, OffsetDateTime.now(clock),
                caller.userId());
        em.persist(link);
        UniqueViolations.flush(em, ErrorCode.DUPLICATE_EXTERNAL_IDENTITY);
        audit.record("ExternalIdentityLinked", platformAdmin ? null : companyOfOwnLink(userId, issuer), "User", userId,
                "issuer " + issuer.name());
        return link;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }

    /** The company whose trail shows a user's own link: one of theirs the issuer speaks for, else none. */
    private UUID companyOfOwnLink(UUID userId, ExternalIssuers.Issuer issuer) {
        return access.companiesOfUser(userId).stream().filter(issuer.companies()::contains).sorted().findFirst()
                .orElse(null);
    }

    List<ExternalIdentity> list(UUID userId) {
        if (!userId.equals(caller.userId())) {
            reachable(userId);
        }
        return em.createQuery(ExternalIdentityRows.OF_USER, ExternalIdentity.class)
                .setParameter("user", userId).getResultList();
    }

    void unlink(UUID userId, UUID linkId) {
        boolean self = userId.equals(caller.userId()) && !caller.platformAdmin();
        Set<UUID> shared = self ? null : reachable(userId);
        ExternalIdentity link = Optional.ofNullable(em.find(ExternalIdentity.class, linkId))
                .filter(l -> l.userId().equals(userId))
                .orElseThrow(() -> AppException.notFound("External identity"));
        // An issuer no longer configured speaks for no company: only a platform administrator or the user removes its
        // links.
        ExternalIssuers.Issuer issuer = ExternalIssuers.named(link.issuer())
                .orElse(new ExternalIssuers.Issuer(link.issuer(), "", Set.of()));
        UUID company = self ? companyOfOwnLink(userId, issuer) : companyFor(shared, issuer);
        em.remove(link);
        audit.record("ExternalIdentityUnlinked", company, "User", userId, "issuer " + link.issuer());
    }

    /** The user's account, found by an issuer's subject (authentication). */
    Optional<User> userOf(String issuerName, String subject) {
        return em.createQuery(ExternalIdentityRows.USER_OF_SUBJECT, UUID.class)
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
