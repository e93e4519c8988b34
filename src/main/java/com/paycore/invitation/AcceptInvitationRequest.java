package com.paycore.invitation;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** password is required when the invited email has no account yet; an existing account keeps its password. */
public record AcceptInvitationRequest(
        @NotBlank @Size(max = 200) String token,
        @Size(min = 8, max = 200) String password,
        @Size(max = 150) String firstName,
        @Size(max = 150) String lastName) {
}
