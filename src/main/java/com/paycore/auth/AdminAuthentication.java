package com.paycore.auth;

import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

import com.nimbusds.jwt.JWTClaimsSet;

import com.paycore.access.Caller;
import com.paycore.access.CompanyAccess;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.user.Account;
import com.paycore.user.Accounts;
import com.paycore.user.ExternalIssuers;

/**
 * Every request under /api/adm needs a bearer access token ({@code Authorization: Bearer}) verified by
 * {@link BearerTokens} (signature, issuer, expiry, audience: the rules MicroProfile JWT applied), whose user exists
 * and is active in the database now: a deactivation bites on the next request of a token already issued,
 * on every instance, and so does a password or e-mail change for the tokens issued before it. A token of the built-in
 * issuer names its user by sub (our user id). A token of an external issuer must name one of the
 * configured audiences (none configured: every token is refused, see {@link JwtReadiness}), come from an issuer listed
 * in {@code payments.jwt.external-issuers}, and name by sub a subject linked to a user ({@code external_identities})
 * who belongs to one of the companies that issuer may speak for; the caller then acts in those companies only. Its
 * platform administrator rights count only when {@code payments.jwt.external-platform-admins} allows it.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
class AdminAuthentication implements ContainerRequestFilter {

    @Inject
    Caller caller;

    @Inject
    Accounts users;

    @Inject
    CompanyAccess companies;

    @Inject
    TokenSettings settings;

    private Optional<BearerTokens> tokens;
    private boolean external;
    private List<String> audiences;
    private boolean externalPlatformAdmins;

    @PostConstruct
    void readConfiguration() {
        tokens = BearerTokens.configured(settings, Clock.systemUTC());
        external = settings.externalIssuer();
        audiences = settings.audiences();
        externalPlatformAdmins = settings.externalPlatformAdmins();
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!request.getUriInfo().getPath().startsWith("adm/")) {
            return;
        }
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        JWTClaimsSet token = tokens.flatMap(verifier -> verifier.fromHeader(authorization))
                .orElseThrow(AppException::unauthenticated);
        if (external) {
            authenticateExternal(token);
            return;
        }
        Account user = bySubject(token).filter(mayStillAct(token)).orElseThrow(AppException::unauthenticated);
        caller.authenticate(user.id(), user.email(), user.platformAdmin());
    }

    private void authenticateExternal(JWTClaimsSet token) {
        if (!namesAnAudience(token)) {
            throw AppException.unauthenticated();
        }
        ExternalIssuers.Issuer issuer = ExternalIssuers.byIss(token.getIssuer())
                .orElseThrow(AppException::unauthenticated);
        Account user = users.findByExternalIdentity(issuer.name(), token.getSubject()).filter(mayStillAct(token))
                .orElseThrow(AppException::unauthenticated);
        Set<UUID> scope = new HashSet<>(companies.companiesOfUser(user.id()));
        scope.retainAll(issuer.companies());
        if (scope.isEmpty()) {
            throw AppException.unauthenticated(); // the issuer does not speak for any company of this user
        }
        caller.authenticate(user.id(), user.email(), platformRights(user.platformAdmin(), true, externalPlatformAdmins),
                scope);
    }

    /**
     * Active, and the token not issued before the password or the e-mail last changed (whoever holds it may be why it
     * changed).
     */
    private static Predicate<Account> mayStillAct(JWTClaimsSet token) {
        long issuedAt = token.getIssueTime().getTime() / 1000;
        return user -> user.mayStillAct(issuedAt);
    }

    /** Whoever runs an external issuer can name any email: platform rights through it only when explicitly allowed. */
    static boolean platformRights(boolean platformAdmin, boolean externalToken, boolean externalPlatformAdmins) {
        return platformAdmin && (!externalToken || externalPlatformAdmins);
    }

    /** Also checked by the verifier (mp.jwt.verify.audiences); here it holds whatever the verifier's setup. */
    private boolean namesAnAudience(JWTClaimsSet token) {
        List<String> named = token.getAudience();
        return named != null && audiences.stream().anyMatch(named::contains);
    }

    /** The built-in issuer's tokens name our user id in sub; nothing else names a user. */
    private Optional<Account> bySubject(JWTClaimsSet token) {
        try {
            return token.getSubject() == null ? Optional.empty() : users.find(Ids.parse(token.getSubject()));
        } catch (IllegalArgumentException notOurs) {
            return Optional.empty();
        }
    }
}
