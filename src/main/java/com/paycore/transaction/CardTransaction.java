package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.Timestamped;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.vault.Address;
import com.paycore.vault.StoredCard;

/**
 * A card transaction and its state machine (DESIGN.md section 7). Every move goes through a method here that checks
 * it is allowed, changes the state and returns the event to persist with it; the service holds the row lock.
 */
@Entity(name = "CardTransaction")
@Table(name = "transactions")
class CardTransaction extends Timestamped {

    private static final Set<TransactionStatus> REFUNDABLE = EnumSet.of(TransactionStatus.Captured,
            TransactionStatus.Settled, TransactionStatus.PartiallyRefunded);

    @Id
    private UUID id;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "company_id")
    private UUID companyId;
    @Column(name = "processor_id")
    private UUID processorId;
    private int gateway;
    @Column(name = "credential_version")
    private int credentialVersion;
    @Column(name = "settings_version")
    private Integer settingsVersion; // null: authorized before settings had versions (its processor's first)
    @Column(name = "payment_token_id")
    private UUID paymentTokenId;
    @Column(name = "cc_type")
    private String ccType;
    @Column(name = "masked_card_number")
    private String maskedCardNumber;
    @Column(name = "cc_last4")
    private String ccLast4;
    @Column(name = "cc_expiration")
    private String ccExpiration;
    @Column(name = "valid_cvv")
    private Boolean validCvv; // null: unknown (the token's verification was not answered)
    private BigDecimal amount;
    private String currency;
    @Column(name = "captured_amount")
    private BigDecimal capturedAmount;
    @Column(name = "refunded_amount")
    private BigDecimal refundedAmount;
    @Enumerated(EnumType.STRING)
    private TransactionStatus status;
    @Column(name = "result_code")
    private String resultCode;
    @Column(name = "processor_reference")
    private String processorReference;
    @Column(name = "captured_at")
    private OffsetDateTime capturedAt;
    @Column(name = "settled_at")
    private OffsetDateTime settledAt;
    @Column(name = "event_count")
    private int eventCount;
    @Column(name = "order_id")
    private String orderId;
    private String description;
    private String email;
    private String ip;
    private String fingerprint;
    @Column(name = "billing_first_name")
    private String billingFirstName;
    @Column(name = "billing_last_name")
    private String billingLastName;
    @Column(name = "billing_email")
    private String billingEmail;
    @Column(name = "billing_phone")
    private String billingPhone;
    @Column(name = "billing_address_line1")
    private String billingAddressLine1;
    @Column(name = "billing_address_line2")
    private String billingAddressLine2;
    @Column(name = "billing_city")
    private String billingCity;
    @Column(name = "billing_state")
    private String billingState;
    @Column(name = "billing_zip")
    private String billingZip;
    @Column(name = "billing_country")
    private String billingCountry;
    @Column(name = "delivery_first_name")
    private String deliveryFirstName;
    @Column(name = "delivery_last_name")
    private String deliveryLastName;
    @Column(name = "delivery_email")
    private String deliveryEmail;
    @Column(name = "delivery_phone")
    private String deliveryPhone;
    @Column(name = "delivery_address_line1")
    private String deliveryAddressLine1;
    @Column(name = "delivery_address_line2")
    private String deliveryAddressLine2;
    @Column(name = "delivery_city")
    private String deliveryCity;
    @Column(name = "delivery_state")
    private String deliveryState;
    @Column(name = "delivery_zip")
    private String deliveryZip;
    @Column(name = "delivery_country")
    private String deliveryCountry;
    private String tags;

    protected CardTransaction() {
    }

    /** A new transaction on a token, before the processor answered; {@link #authorized} records the answer. */
    CardTransaction(UUID id, UUID projectId, UUID companyId, UUID processorId, int gateway, int settingsVersion,
                    int credentialVersion, StoredCard card, BigDecimal amount, String currency, TransactionRequest request, String tags) {
        this.id = id;
        this.projectId = projectId;
        this.companyId = companyId;
        this.processorId = processorId;
        this.gateway = gateway;
        this.settingsVersion = settingsVersion;
        this.credentialVersion = credentialVersion;
        this.paymentTokenId = card.tokenId();
        this.ccType = card.ccType();
        this.maskedCardNumber = card.maskedCardNumber();
        this.ccLast4 = card.last4();
        this.ccExpiration = String.format("%04d-%02d", card.expirationYear(), card.expirationMonth());
        this.validCvv = card.validCvv();
        this.amount = amount;
        this.currency = currency;
        this.capturedAmount = BigDecimal.ZERO;
        this.refundedAmount = BigDecimal.ZERO;
        this.orderId = request.orderId;
        this.description = request.description;
        this.email = request.email;
        this.ip = request.ip;
        this.fingerprint = request.fingerprint;
        Address billing = request.billingAddress != null ? request.billingAddress : card.address();
        if (billing != null) {
            billingFirstName = billing.firstName();
            billingLastName = billing.lastName();
            billingEmail = billing.email();
            billingPhone = billing.phone();
            billingAddressLine1 = billing.addressLine1();
            billingAddressLine2 = billing.addressLine2();
            billingCity = billing.city();
            billingState = billing.state();
            billingZip = billing.zip();
            billingCountry = billing.country();
        }
        Address delivery = request.deliveryAddress;
        if (delivery != null) {
            deliveryFirstName = delivery.firstName();
            deliveryLastName = delivery.lastName();
            deliveryEmail = delivery.email();
            deliveryPhone = delivery.phone();
            deliveryAddressLine1 = delivery.addressLine1();
            deliveryAddressLine2 = delivery.addressLine2();
            deliveryCity = delivery.city();
            deliveryState = delivery.state();
            deliveryZip = delivery.zip();
            deliveryCountry = delivery.country();
        }
        this.tags = tags;
    }

    /**
     * The processor's answer to the authorization: Approved, Declined or Error (the last two are final), or Pending
     * when it did not answer in time (the event keeps the reference to ask about).
     */
    TransactionEvent authorized(EventResult result, String resultCode, String reference, OffsetDateTime now) {
        this.status = statusAfterAuthorization(result);
        this.resultCode = resultCode;
        this.processorReference = reference;
        TransactionEvent event = event(EventType.Authorize, result, resultCode, amount, now);
        if (result == EventResult.Pending) {
            event.awaits(reference);
        }
        return event;
    }

    private static TransactionStatus statusAfterAuthorization(EventResult result) {
        return switch (result) {
            case Approved -> TransactionStatus.Approved;
            case Declined -> TransactionStatus.Declined;
            case Pending -> TransactionStatus.Pending;
            default -> TransactionStatus.Error;
        };
    }

    /**
     * The outcome of a move that was Pending (DESIGN.md section 11), learned later: the event takes the final result
     * and code, and the transaction changes as the move would have changed it then. {@code result} is not Pending.
     */
    void resolve(TransactionEvent pending, EventResult result, String code, OffsetDateTime now) {
        resolve(pending, result, code, null, now);
    }

    /** Like the above; an approved capture's {@code reference}, when the processor gave one, is kept for later moves. */
    void resolve(TransactionEvent pending, EventResult result, String code, String reference, OffsetDateTime now) {
        pending.resolved(result, code);
        switch (EventType.valueOf(pending.eventType())) {
            case Authorize -> {
                this.status = statusAfterAuthorization(result);
                this.resultCode = code;
            }
            case Capture -> {
                if (result == EventResult.Approved) {
                    keepReference(reference);
                    this.status = TransactionStatus.Captured;
                    this.capturedAmount = pending.amount();
                    this.capturedAt = now;
                }
            }
            case Refund -> {
                if (result == EventResult.Approved) {
                    this.refundedAmount = refundedAmount.add(pending.amount());
                    this.status = (refundedAmount.compareTo(capturedAmount) >= 0
                            ? TransactionStatus.Refunded : TransactionStatus.PartiallyRefunded);
                }
            }
            case ReverseAuthorize -> {
                if (result == EventResult.Approved) {
                    this.status = TransactionStatus.Reversed;
                }
            }
            default -> throw new IllegalStateException("a " + pending.eventType() + " event is never Pending");
        }
    }

    /**
     * The processor's reference later moves go by, when an approved capture names one (gateway 2's names the capture,
     * whose data elements a refund carries); unchanged when it names none.
     */
    void keepReference(String reference) {
        if (reference != null) {
            this.processorReference = reference;
        }
    }

    UUID paymentTokenId() {
        return paymentTokenId;
    }

    /** The amount a capture takes: the whole authorization when not given; 400 unless Approved and within it. */
    BigDecimal captureAmount(BigDecimal requested) {
        requireStatus(EnumSet.of(TransactionStatus.Approved), "captured");
        if (requested == null) {
            return amount;
        }
        BigDecimal valid = MoneyRules.amount(requested, currency);
        if (valid.compareTo(amount) > 0) {
            throw new AppException(ErrorCode.AMOUNT_EXCEEDS, valid.toPlainString(),
                    "authorized amount of " + MoneyRules.scaled(amount, currency).toPlainString());
        }
        return valid;
    }

    TransactionEvent captured(EventResult result, String resultCode, BigDecimal captured, OffsetDateTime now) {
        if (result == EventResult.Approved) {
            this.status = TransactionStatus.Captured;
            this.capturedAmount = captured;
            this.capturedAt = now;
        }
        return event(EventType.Capture, result, resultCode, captured, now);
    }

    /**
     * The amount a refund gives back: all that is left when not given; 400 unless captured and within what is left.
     * What is left is the captured amount less refunds and less {@code chargedBack}, what the transaction's standing
     * chargebacks hold: the cardholder cannot get the same money back twice.
     */
    BigDecimal refundAmount(BigDecimal requested, BigDecimal chargedBack) {
        requireStatus(REFUNDABLE, "refunded");
        BigDecimal left = capturedAmount.subtract(refundedAmount).subtract(chargedBack).max(BigDecimal.ZERO);
        BigDecimal valid = requested == null ? left : MoneyRules.amount(requested, currency);
        if (valid.compareTo(left) > 0 || valid.signum() <= 0) {
            throw new AppException(ErrorCode.AMOUNT_EXCEEDS, MoneyRules.scaled(valid, currency).toPlainString(),
                    "captured amount not yet refunded or charged back, " + MoneyRules.scaled(left, currency).toPlainString());
        }
        return valid;
    }

    TransactionEvent refunded(EventResult result, String resultCode, BigDecimal refund, OffsetDateTime now) {
        if (result == EventResult.Approved) {
            this.refundedAmount = refundedAmount.add(refund);
            this.status = (refundedAmount.compareTo(capturedAmount) >= 0
                    ? TransactionStatus.Refunded : TransactionStatus.PartiallyRefunded);
        }
        return event(EventType.Refund, result, resultCode, refund, now);
    }

    /** 400 unless authorized and neither captured nor reversed. */
    void requireReversible() {
        requireStatus(EnumSet.of(TransactionStatus.Approved), "reversed");
    }

    TransactionEvent reversed(EventResult result, String resultCode, OffsetDateTime now) {
        if (result == EventResult.Approved) {
            this.status = TransactionStatus.Reversed;
        }
        return event(EventType.ReverseAuthorize, result, resultCode, amount, now);
    }

    /** Whether settlement still has this transaction's capture to settle, captured at or before the cut-off. */
    boolean awaitsSettlement(OffsetDateTime cutoff) {
        return settledAt == null && capturedAt != null && !capturedAt.isAfter(cutoff);
    }

    TransactionEvent settled(EventResult result, String resultCode, OffsetDateTime now) {
        if (result == EventResult.Approved) {
            this.settledAt = now;
            if (status == TransactionStatus.Captured) {
                this.status = TransactionStatus.Settled;
            }
        }
        return event(EventType.Settle, result, resultCode, capturedAmount, now);
    }

    /** The amount a chargeback takes back: the captured amount when not given; 400 unless captured and within it. */
    BigDecimal chargebackAmount(BigDecimal requested) {
        if (capturedAmount.signum() <= 0) {
            throw new AppException(ErrorCode.TRANSACTION_STATE, status, "charged back (it was never captured)");
        }
        if (requested == null) {
            return capturedAmount;
        }
        BigDecimal valid = MoneyRules.amount(requested, currency);
        if (valid.compareTo(capturedAmount) > 0) {
            throw new AppException(ErrorCode.AMOUNT_EXCEEDS, valid.toPlainString(),
                    "captured amount of " + MoneyRules.scaled(capturedAmount, currency).toPlainString());
        }
        return valid;
    }

    /** A chargeback the processor reported: an approved Chargeback event; the status stays as it was. */
    TransactionEvent chargedBack(BigDecimal chargeback, String reasonCode, OffsetDateTime at) {
        return event(EventType.Chargeback, EventResult.Approved, reasonCode, chargeback, at);
    }

    TransactionEvent refundSettled(BigDecimal refund, String resultCode, OffsetDateTime now) {
        return event(EventType.RefundSettle, EventResult.Approved, resultCode, refund, now);
    }

    private TransactionEvent event(EventType type, EventResult result, String code, BigDecimal eventAmount,
                                   OffsetDateTime now) {
        return new TransactionEvent(this, ++eventCount, type, result, code, eventAmount, now);
    }

    private void requireStatus(Set<TransactionStatus> allowed, String move) {
        if (!allowed.contains(status)) {
            throw new AppException(ErrorCode.TRANSACTION_STATE, status, move);
        }
    }

    public UUID id() {
        return id;
    }

    public UUID projectId() {
        return projectId;
    }

    public UUID companyId() {
        return companyId;
    }

    public UUID processorId() {
        return processorId;
    }

    public int gateway() {
        return gateway;
    }

    public int credentialVersion() {
        return credentialVersion;
    }

    /** The version of its processor's settings it was authorized with: its later moves go where it went. */
    int settingsVersion() {
        return settingsVersion == null ? 1 : settingsVersion;
    }

    String ccType() {
        return ccType;
    }

    String maskedCardNumber() {
        return maskedCardNumber;
    }

    String ccExpiration() {
        return ccExpiration;
    }

    BigDecimal amount() {
        return amount;
    }

    String currency() {
        return currency;
    }

    BigDecimal capturedAmount() {
        return capturedAmount;
    }

    BigDecimal refundedAmount() {
        return refundedAmount;
    }

    TransactionStatus status() {
        return status;
    }

    String resultCode() {
        return resultCode;
    }

    String processorReference() {
        return processorReference;
    }

    String orderId() {
        return orderId;
    }

    String description() {
        return description;
    }

    String tags() {
        return tags;
    }
}
