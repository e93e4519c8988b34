package com.paycore.access;

import java.util.UUID;

import jakarta.enterprise.context.RequestScoped;

import com.paycore.platform.AppException;

/**
 * Who is calling, as established for this request by the authentication filter after checking in the
 * database that the user exists and is active. Empty on unauthenticated paths.
 */
@RequestScoped
public class Caller {

    private UUID userId;
    private String email;
    private boolean platformAdmin;

    public void authenticate(UUID userId, String email, boolean platformAdmin) {
        this.userId = userId;
        this.email = email;
        this.platformAdmin = platformAdmin;
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
