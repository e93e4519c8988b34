package com.paycore.invitation;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.web.Envelope;

/** An invitation's answer when no e-mail is sent: the id and the invitation token (with e-mail: the id alone). */
public record InvitationCreatedResponse(@Schema(description = Envelope.CREATED_ID, required = true) UUID id,
                                        @Schema(description = "Only when no e-mail is sent (no SMTP configured)")
                                        String invitationToken) implements Envelope.Identified {
}
