package com.paycore.company;

import java.time.OffsetDateTime;
import java.util.UUID;

import com.paycore.access.Role;

public record CompanyUserView(UUID id, UUID userId, UUID companyId, String email, Role roles, String firstName,
                              String lastName, String phoneNumber, boolean isActive, OffsetDateTime createdDate) {

    static CompanyUserView from(CompanyUser m, String email) {
        return new CompanyUserView(m.id(), m.userId(), m.companyId(), email, m.role(), m.firstName(), m.lastName(),
                m.phoneNumber(), m.active(), m.createdAt());
    }
}
