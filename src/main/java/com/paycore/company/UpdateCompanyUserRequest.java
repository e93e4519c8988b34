package com.paycore.company;

import java.util.UUID;

import jakarta.validation.constraints.Size;

import com.paycore.platform.Aliases;

/** E5. Fields left out keep their value; email cannot change here (400). */
public record UpdateCompanyUserRequest(
        UUID id,
        UUID userId,
        UUID companyId,
        String roles,
        String role,
        @Size(max = 150) String firstName,
        @Size(max = 150) String lastName,
        @Size(max = 50) String phoneNumber,
        Boolean isActive,
        String email) {

    Role resolvedRole() {
        return Role.parse(Aliases.either("roles", roles, "role", role));
    }
}
