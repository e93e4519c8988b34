package com.paycore.access;

import java.util.Set;
import java.util.UUID;

import com.paycore.platform.web.AppException;

/**
 * Who is calling, as established for this request by the authentication filter after checking in the
 * database that the user exists and is active. Empty on unauthenticated paths. Request-scoped, made by
 * {@link RequestCallers}.
 */
public class Caller {

    private UUID userId;
    private String email;
    private boolean platformAdmin;
    private Set<UUID> companyScope;

    public void authenticate(UUID userId, String email, boolean platformAdmin) {
        authenticate(userId, email, platformAdmin, null);
    }

    /**
     * companyScope: the only companies the caller acts in (an external issuer's token reaches only the companies that
     * issuer may speak for); null for every company the user belongs to.
     */
    public void authenticate(UUID userId, String email, boolean platformAdmin, Set<UUID> companyScope) {
        this.userId = userId;
        this.email = email;
        this.platformAdmin = platformAdmin;
        this.companyScope = companyScope == null ? null : Set.copyOf(companyScope);
    }

    /** The companies the caller is limited to, or null when not limited. */
    public Set<UUID> companyScope() {
        return companyScope;
    }

    /** Whether the caller's token may act in the company at all (its membership is checked apart). */
    public boolean inScope(UUID companyId) {
        return companyScope == null || companyScope.contains(companyId);
    }

    public boolean authenticated() {
        return userId != null;
    }

    public UUID userId() {
        if (userId == null) {
            throw AppException.unauthenticated();
        }
        return userId;
    }

    public String email() {
        return email;
    }

    public boolean platformAdmin() {
        return platformAdmin;
    }

    public void requirePlatformAdmin() {
        if (!platformAdmin) {
            throw AppException.forbidden();
        }
    }
}
