package com.paycore.processor;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A processor configuration as answered: never its settings. */
public record ProcessorView(UUID id, UUID companyProjectId, String projectPaymentProcessorName, int gateway,
                            int paymentType, boolean isActive, OffsetDateTime createdDate) {

    static ProcessorView from(Processor p) {
        return new ProcessorView(p.id(), p.projectId(), p.name(), p.gateway(), p.paymentType(), p.active(), p.createdAt());
    }
}
