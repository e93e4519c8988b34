package com.paycore.invitation;

import java.util.UUID;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.paycore.access.Role;
import com.paycore.platform.Aliases;
import com.paycore.platform.Emails;

public class CreateInvitationRequest {

    @NotNull
    public UUID companyId;
    @NotBlank @Size(max = 250) @Pattern(regexp = Emails.PATTERN, message = Emails.MESSAGE)
    public String email;
    public String roles;
    public String role;

    Role resolvedRole() {
        Role parsed = Role.parse(Aliases.either("roles", roles, "role", role));
        return parsed == null ? Role.User : parsed;
    }
}
