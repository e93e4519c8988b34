package com.paycore.invitation;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * password is the new account's when the invited email has no account yet; otherwise the existing account's own
 * password, as proof of control (it is never changed here).
 */
public class AcceptInvitationRequest {

    @NotBlank @Size(max = 200)
    public String token;
    @Size(min = 8, max = 200)
    public String password;
    @Size(max = 150)
    public String firstName;
    @Size(max = 150)
    public String lastName;
}
