package com.paycore.company;

import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import com.paycore.access.Role;
import com.paycore.platform.input.Aliases;

/** Adds an existing user to a company; roles (or role) defaults to User. */
public class AddCompanyUserRequest {

    @NotNull
    public UUID companyId;
    @NotNull
    public UUID userId;
    public String roles;
    public String role;
    @Size(max = 150)
    public String firstName;
    @Size(max = 150)
    public String lastName;
    @Size(max = 50)
    public String phoneNumber;
    public Boolean isActive;

    Role resolvedRole() {
        Role parsed = Role.parse(Aliases.either("roles", roles, "role", role));
        return parsed == null ? Role.User : parsed;
    }
}
