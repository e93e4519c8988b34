package com.paycore.event;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * TEMPORARY STUB of the outbox's contract (issue 13, owned by the lead): the webhook branch compiles against these
 * signatures until the real outbox lands on main, then this file is deleted.
 */
@ApplicationScoped
public class Events {

    public static final List<String> TYPES = List.of("transaction.authorized", "transaction.declined",
            "transaction.failed", "transaction.pending", "transaction.captured", "transaction.settled",
            "transaction.refunded", "transaction.refund_settled", "transaction.reversed", "chargeback.opened",
            "chargeback.accepted", "chargeback.disputed", "chargeback.won", "chargeback.lost", "payment_token.updated",
            "payment_token.disabled", "api_key.expiring");

    public record Published(UUID id, UUID projectId, UUID companyId, String type, OffsetDateTime createdDate,
                            String body) {
    }

    public int dispatch(int max, Consumer<List<Published>> fanOut) {
        return 0;
    }

    public Optional<Published> find(UUID eventId) {
        return Optional.empty();
    }
}
