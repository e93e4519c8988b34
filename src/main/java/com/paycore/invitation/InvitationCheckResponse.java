package com.paycore.invitation;

/** Whether the invitation belongs to the company. */
public record InvitationCheckResponse(Boolean result) {
}
