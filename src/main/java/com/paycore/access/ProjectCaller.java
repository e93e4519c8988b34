package com.paycore.access;

import java.util.UUID;

import jakarta.enterprise.context.RequestScoped;

import com.paycore.platform.AppException;

/**
 * The project a /api/pay request acts for, as established by the API-key filter after checking in the database
 * that the key is usable and belongs to the path's project.
 */
@RequestScoped
public class ProjectCaller {

    private UUID projectId;
    private UUID keyId;

    public void authenticate(UUID projectId, UUID keyId) {
        this.projectId = projectId;
        this.keyId = keyId;
    }

    public UUID projectId() {
        if (projectId == null) {
            throw AppException.unauthenticated();
        }
        return projectId;
    }

    public UUID keyId() {
        return keyId;
    }
}
