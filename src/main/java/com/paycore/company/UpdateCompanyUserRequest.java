package com.paycore.company;

import java.util.UUID;

import jakarta.validation.constraints.Size;

import com.paycore.access.Role;
import com.paycore.platform.input.Aliases;

/** E5. Fields left out keep their value; email cannot change here (400). */
public class UpdateCompanyUserRequest {

    public UUID id;
    public UUID userId;
    public UUID companyId;
    public String roles;
    public String role;
    @Size(max = 150)
    public String firstName;
    @Size(max = 150)
    public String lastName;
    @Size(max = 50)
    public String phoneNumber;
    public Boolean isActive;
    public String email;

    Role resolvedRole() {
        return Role.parse(Aliases.either("roles", roles, "role", role));
    }
}
