package com.paycore.invitation;

import java.util.UUID;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import com.paycore.access.Role;
import com.paycore.platform.input.Aliases;
import com.paycore.platform.input.EmailAddress;

public class CreateInvitationRequest {

    @NotNull
    public UUID companyId;
    @NotBlank @Size(max = 250) @EmailAddress
    public String email;
    public String roles;
    public String role;

    Role resolvedRole() {
        Role parsed = Role.parse(Aliases.either("roles", roles, "role", role));
        return parsed == null ? Role.User : parsed;
    }
}
