package com.paycore.chargeback;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The processor's decision on a disputed chargeback. */
public class ResolveRequest {

    @Schema(required = true, enumeration = {"Won", "Lost"})
    public String outcome;
}
