package com.paycore.webhook;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.AppException;
import com.paycore.webhook.WebhookEndpointsResource.AttemptView;

/**
 * POST .../deliveries/{eventId}/retry: the event sent to the endpoint again now, whatever came of earlier attempts.
 * Checked and read in one transaction, sent outside any (a slow receiver holds no row and no connection), logged in
 * another; the automatic schedule of the delivery is left as it is.
 */
@ApplicationScoped
class ManualRetry {

    /** What a manual retry sends, and the endpoint's company (for the audit of a disabling, should one follow). */
    record Planned(Target target, UUID companyId) {
    }

    @Inject
    WebhookEndpointService endpoints;

    @Inject
    WebhookSender sender;

    @Inject
    DeliveryLedger ledger;

    AttemptView sendNow(UUID endpointId, UUID eventId) {
        Planned planned = endpoints.plannedRetry(endpointId, eventId);
        Target target = planned.target();
        Outcome outcome = sender.send(target).join();
        if (!ledger.recordManual(target, planned.companyId(), outcome)) {
            throw AppException.notFound("Webhook endpoint"); // deleted while the attempt ran
        }
        return new AttemptView(eventId, target.eventType(), outcome.attemptedAt(), outcome.httpStatus(), outcome.error(),
                outcome.durationMs());
    }
}
