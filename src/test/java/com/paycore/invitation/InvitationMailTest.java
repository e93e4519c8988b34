package com.paycore.invitation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;

class InvitationMailTest {

    private static InvitationMail mail(String host, String security) {
        InvitationMail mail = new InvitationMail();
        mail.host = Optional.ofNullable(host);
        mail.port = 587;
        mail.security = security;
        mail.username = Optional.empty();
        mail.password = Optional.empty();
        mail.from = "payments@example.com";
        return mail;
    }

    @Test
    void withoutAHostNothingIsSentAndTheTokenIsAnswered() {
        assertFalse(mail(null, "starttls").configured());
        assertFalse(mail("  ", "starttls").configured());
        assertTrue(mail("smtp.example.com", "starttls").configured());
    }

    /** A typo must not silently fall back to plain SMTP: the mail carries a credential. */
    @Test
    void anUnknownSecurityModeFailsStartup() {
        InvitationMail mail = mail("smtp.example.com", "startls");
        assertThrows(IllegalArgumentException.class, mail::init);
        mail("smtp.example.com", "TLS").init();
        mail("smtp.example.com", "none").init();
    }

    @Test
    void theBodyTellsTheInviteeHowToAccept() {
        UUID id = UUID.randomUUID();
        String body = InvitationMail.body(id, "tok-123", "Acme", "Admin", OffsetDateTime.parse("2030-01-01T00:00Z"));
        assertTrue(body.contains("Invitation id: " + id + "\n"), body);
        assertTrue(body.contains("Invitation token: tok-123\n"), body);
        assertTrue(body.contains("/api/auth/invitations/" + id + "/accept"), body);
        assertTrue(body.contains("Acme as Admin"), body);
    }
}
