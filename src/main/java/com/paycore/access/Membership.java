package com.paycore.access;

import java.util.UUID;

/** A user's membership of a company as access control reads it (the company feature stores it). */
public record Membership(UUID id, UUID companyId, UUID userId, Role role, boolean active) {
}
