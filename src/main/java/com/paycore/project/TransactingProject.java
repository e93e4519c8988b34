package com.paycore.project;

import java.util.UUID;

/**
 * A project as payment operations see it: its id, its company and the merchant-credential version new operations
 * use (and pin). What other features get instead of the project entity.
 */
public record TransactingProject(UUID id, UUID companyId, int credentialVersion) {

    static TransactingProject of(Project project) {
        return new TransactingProject(project.id(), project.companyId(), project.credentialVersion());
    }
}
