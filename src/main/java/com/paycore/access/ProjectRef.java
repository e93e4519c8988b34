package com.paycore.access;

import java.util.Set;
import java.util.UUID;

/**
 * A project as access control reads it: its company, whether it is active and the company users assigned to it. What the other features
 * get from a project check, instead of the project feature's entity.
 */
public record ProjectRef(UUID id, UUID companyId, boolean active, Set<UUID> companyUserIds) {
}
