package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.secret.SecretBox;
import com.paycore.secret.SecretColumns;

/**
 * Endpoint secrets at rest: sealed under the master key with the endpoint's id in the purpose (a value copied to
 * another row or column does not open), re-wrapped at startup when the master key rotates.
 */
@ApplicationScoped
class WebhookSecrets {

    static String seal(String secret, UUID endpointId) {
        return SecretBox.get().encrypt(secret, purpose(endpointId));
    }

    static String sealPrevious(String secret, UUID endpointId) {
        return SecretBox.get().encrypt(secret, previousPurpose(endpointId));
    }

    static String open(String sealed, UUID endpointId) {
        return SecretBox.get().decryptString(sealed, purpose(endpointId));
    }

    /** The secrets that sign at this instant: the current one, then the previous one while its overlap lasts. */
    static List<String> signing(UUID endpointId, String sealed, String sealedPrevious, OffsetDateTime previousUntil,
                                OffsetDateTime now) {
        List<String> secrets = new ArrayList<>(2);
        secrets.add(open(sealed, endpointId));
        if (sealedPrevious != null && previousUntil != null && now.isBefore(previousUntil)) {
            secrets.add(SecretBox.get().decryptString(sealedPrevious, previousPurpose(endpointId)));
        }
        return secrets;
    }

    void sealedColumns(@Observes SecretColumns columns) {
        columns.add("webhook_endpoints", "secret", row -> purpose((UUID) row[0]), "id");
        columns.add("webhook_endpoints", "previous_secret", row -> previousPurpose((UUID) row[0]), "id");
    }

    private static String purpose(UUID endpointId) {
        return "webhook-secret:" + endpointId;
    }

    private static String previousPurpose(UUID endpointId) {
        return "webhook-previous-secret:" + endpointId;
    }
}
