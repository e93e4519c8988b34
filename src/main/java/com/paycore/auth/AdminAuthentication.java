package com.paycore.auth;

import java.security.Principal;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

import org.eclipse.microprofile.jwt.JsonWebToken;

import com.paycore.access.Caller;
import com.paycore.platform.AppException;
import com.paycore.platform.Ids;
import com.paycore.user.Account;
import com.paycore.user.Accounts;

/**
 * Every request under /api/adm needs a bearer access token verified by MicroProfile JWT, whose user exists
 * and is active in the database now: a deactivation bites on the next request of a token already issued,
 * on every instance, and so does a password or e-mail change for the tokens issued before it. Tokens of an external issuer map to a user through upn or email when sub is not one
 * of our user ids. An external issuer's token must name one of the configured audiences (none configured: every
 * token is refused, see {@link JwtReadiness}), and carries platform administrator rights only when
 * {@code payments.jwt.external-platform-admins} allows it: whoever runs that issuer can name any email.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
class AdminAuthentication implements ContainerRequestFilter {

    @Inject
    Caller caller;

    @Inject
    Accounts users;

    private boolean external;
    private List<String> audiences;
    private boolean externalPlatformAdmins;

    @PostConstruct
    void readConfiguration() {
        external = JwtConfigSource.externalIssuer();
        audiences = JwtConfigSource.audiences();
        externalPlatformAdmins = JwtConfigSource.externalPlatformAdmins();
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!request.getUriInfo().getPath().startsWith("adm/")) {
            return;
        }
        Principal principal = request.getSecurityContext().getUserPrincipal();
        if (!(principal instanceof JsonWebToken token)) {
            throw AppException.unauthenticated();
        }
        if (external && !namesAnAudience(token)) {
            throw AppException.unauthenticated();
        }
        Account user = findUser(token).filter(Account::active).orElseThrow(AppException::unauthenticated);
        if (user.issuedBeforeCredentialChange(token.getIssuedAtTime())) {
            // issued before the password or the e-mail last changed: whoever holds it may be why it changed
            throw AppException.unauthenticated();
        }
        caller.authenticate(user.id(), user.email(), platformRights(user.platformAdmin(), external, externalPlatformAdmins));
    }

    /** Whoever runs an external issuer can name any email: platform rights through it only when explicitly allowed. */
    static boolean platformRights(boolean platformAdmin, boolean externalToken, boolean externalPlatformAdmins) {
        return platformAdmin && (!externalToken || externalPlatformAdmins);
    }

    /** Also checked by MicroProfile JWT (mp.jwt.verify.audiences); here it holds whatever the verifier's setup. */
    private boolean namesAnAudience(JsonWebToken token) {
        Set<String> named = token.getAudience();
        return named != null && audiences.stream().anyMatch(named::contains);
    }

    private Optional<Account> findUser(JsonWebToken token) {
        try {
            Optional<Account> bySubject = token.getSubject() == null ? Optional.empty()
                    : users.find(Ids.parse(token.getSubject()));
            if (bySubject.isPresent()) {
                return bySubject;
            }
        } catch (IllegalArgumentException notOurs) {
            // an external issuer's subject: fall through to the email claims
        }
        for (String claim : new String[] {"upn", "email"}) {
            Object value = token.getClaim(claim);
            if (value != null) {
                String email = value.toString().replaceAll("^\"|\"$", "");
                Optional<Account> byEmail = users.findByEmail(email);
                if (byEmail.isPresent()) {
                    return byEmail;
                }
            }
        }
        return Optional.empty();
    }

}
