package com.paycore.event;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The event types of DESIGN.md section 10, by their wire names. */
public enum Topic {
    TRANSACTION_AUTHORIZED("transaction.authorized"),
    TRANSACTION_DECLINED("transaction.declined"),
    TRANSACTION_FAILED("transaction.failed"),
    TRANSACTION_PENDING("transaction.pending"),
    TRANSACTION_CAPTURED("transaction.captured"),
    TRANSACTION_SETTLED("transaction.settled"),
    TRANSACTION_REFUNDED("transaction.refunded"),
    TRANSACTION_REFUND_SETTLED("transaction.refund_settled"),
    TRANSACTION_REVERSED("transaction.reversed"),
    CHARGEBACK_OPENED("chargeback.opened"),
    CHARGEBACK_ACCEPTED("chargeback.accepted"),
    CHARGEBACK_DISPUTED("chargeback.disputed"),
    CHARGEBACK_WON("chargeback.won"),
    CHARGEBACK_LOST("chargeback.lost"),
    PAYMENT_TOKEN_UPDATED("payment_token.updated"),
    PAYMENT_TOKEN_DISABLED("payment_token.disabled"),
    API_KEY_EXPIRING("api_key.expiring"),
    CARD_FILE_COMPLETED("cardFile.completed");

    /** Every type's wire name, in the order above. */
    public static final List<String> WIRE_NAMES = Arrays.stream(values()).map(Topic::wire).toList();

    private final String wire;

    Topic(String wire) {
        this.wire = wire;
    }

    /** The type as events and webhooks carry it: {@code transaction.authorized}. */
    public String wire() {
        return wire;
    }

    /** The type with this wire name (exactly as written), if any. */
    public static Optional<Topic> of(String wire) {
        return Arrays.stream(values()).filter(t -> t.wire.equals(wire)).findFirst();
    }
}
