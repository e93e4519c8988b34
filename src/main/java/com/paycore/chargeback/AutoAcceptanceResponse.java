package com.paycore.chargeback;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The answer of a run of the automatic acceptance of overdue chargebacks. */
public record AutoAcceptanceResponse(@Schema(description = "Chargebacks accepted in this run") Integer accepted) {
}
