package com.paycore.company;

import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import com.paycore.platform.Aliases;

/** Adds an existing user to a company; roles (or role) defaults to User. */
public record AddCompanyUserRequest(
        @NotNull UUID companyId,
        @NotNull UUID userId,
        String roles,
        String role,
        @Size(max = 150) String firstName,
        @Size(max = 150) String lastName,
        @Size(max = 50) String phoneNumber,
        Boolean isActive) {

    Role resolvedRole() {
        Role parsed = Role.parse(Aliases.either("roles", roles, "role", role));
        return parsed == null ? Role.User : parsed;
    }
}
