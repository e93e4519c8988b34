package com.paycore.chargeback;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The merchant's evidence against a chargeback. */
public class DisputeRequest {

    @Schema(required = true, description = "1 to 4000 characters")
    public String evidence;
}
