package com.paycore.chargeback;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.web.Envelope;

/** The answer of a recorded chargeback: its id (twice: the create's id and chargebackId) and the chargeback. */
public record RecordedChargebackResponse(@Schema(description = Envelope.CREATED_ID, required = true) UUID id,
                                         UUID chargebackId, ChargebackView entry) implements Envelope.Identified {

    static RecordedChargebackResponse of(ChargebackView chargeback) {
        return new RecordedChargebackResponse(chargeback.chargebackId(), chargeback.chargebackId(), chargeback);
    }
}
