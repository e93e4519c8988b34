package com.paycore.invitation;

import java.util.UUID;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.paycore.company.Role;
import com.paycore.platform.Aliases;
import com.paycore.platform.Emails;

public record CreateInvitationRequest(
        @NotNull UUID companyId,
        @NotBlank @Size(max = 250) @Pattern(regexp = Emails.PATTERN, message = Emails.MESSAGE) String email,
        String roles,
        String role) {

    Role resolvedRole() {
        Role parsed = Role.parse(Aliases.either("roles", roles, "role", role));
        return parsed == null ? Role.User : parsed;
    }
}
