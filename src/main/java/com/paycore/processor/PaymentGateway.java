package com.paycore.processor;

import java.math.BigDecimal;

/**
 * The seam between the service and a payment processor. One implementation per {@code gateway} value (a CDI bean);
 * {@link GatewayRegistry} picks it for a project from the project's active processor configuration. The Simulator
 * ({@link SimulatorGateway}) is the only one built in; a real connector implements this interface, answers its own
 * {@link #gateway()} value and is found by CDI without further wiring.
 * <p>
 * Every call carries a {@link GatewayConnection}: the processor configuration's settings (what a connector needs to
 * reach its processor) and the merchant credentials.
 * <p>
 * A call that gets no answer within {@code payments.processor.timeout-ms} (default 10000) answers
 * {@link GatewayResult#pending} with the reference the call went out under: the processor may have acted, so the
 * outcome is never guessed. {@link #queryOutcome} asks for it later by that reference (DESIGN.md section 11).
 * Implementations receive card numbers and merchant credentials: they must never log them, put them in exception
 * messages or return them. Declines and processor errors are answers ({@link GatewayResult}), not exceptions.
 */
public interface PaymentGateway {

    /** The {@code gateway} value of processor configurations this implementation serves. */
    int gateway();

    /** Authorizes (reserves) an amount on a card. */
    GatewayResult authorize(CardData card, BigDecimal amount, String currency, GatewayConnection connection);

    /**
     * A sale in one message, for processors that have one (gateway 2's {@code 0200}); null (the default) when the
     * processor authorizes and then captures. An approved answer is the authorization and the capture of the whole
     * amount at once.
     */
    default GatewayResult sale(CardData card, BigDecimal amount, String currency, GatewayConnection connection) {
        return null;
    }

    /** Captures up to the authorized amount of an approved authorization, once. */
    GatewayResult capture(GatewayCall call, BigDecimal amount);

    /** Whether {@link #refund} (and the reconciliation of a timed-out one) needs the card in its {@link GatewayCall}. */
    default boolean refundsNeedCard() {
        return false;
    }

    /** Gives back part or all of a captured amount. */
    GatewayResult refund(GatewayCall call, BigDecimal amount);

    /** Releases an uncaptured authorization. */
    GatewayResult reverse(GatewayCall call);

    /** How long a call waits for the processor's answer, {@code payments.processor.timeout-ms} (default 10000). */
    String TIMEOUT_SETTING = "payments.processor.timeout-ms";

    /** Settles a captured amount; the answer may announce a dispute the card's issuer opened. */
    Settlement settle(GatewayCall call, BigDecimal amount);

    /**
     * The outcome of an earlier call that timed out ({@link GatewayResult#pending}), by the reference it answered:
     * Approved, Declined or Error once the processor knows it, Pending while it still does not.
     */
    GatewayResult queryOutcome(GatewayCall call);

    /**
     * Verifies a card's CVV once, at tokenization: true or false as the processor answers, null when that is
     * unknown (gateway 2: the verification was not answered or could not be sent; the token is created all the same).
     */
    Boolean verifyCvv(CardData card, String cvv, GatewayConnection connection);

    /** The account updater: what the card's issuer reports about a stored card. */
    AccountUpdate accountUpdate(CardData card, GatewayConnection connection);

    /** What a processor answers to one operation. */
    record GatewayResult(Outcome outcome, String resultCode, String reference) {

        /** Pending: no answer in time; the processor may or may not have acted. */
        public enum Outcome { Approved, Declined, Error, Pending }

        public boolean approved() {
            return outcome == Outcome.Approved;
        }

        /** No answer in time to the call sent under {@code reference}: ask {@link PaymentGateway#queryOutcome} later. */
        public static GatewayResult pending(String reference) {
            return new GatewayResult(Outcome.Pending, null, reference);
        }

        public boolean pending() {
            return outcome == Outcome.Pending;
        }
    }

    /** A settlement's answer: the result, and whether the issuer opened a dispute (a chargeback follows). */
    record Settlement(GatewayResult result, boolean disputeOpened) {
    }

    /**
     * An operation on an earlier authorization: the processor's reference of it, and the processor configuration
     * and merchant account it was authorized under (pinned at authorization); for a refund, the card when it is still
     * stored (gateway 2 sends it in field 2).
     */
    record GatewayCall(String reference, String currency, GatewayConnection connection, CardData card) {

        /** A call that needs no card (every one but a refund on a processor that sends the card with it). */
        public GatewayCall(String reference, String currency, GatewayConnection connection) {
            this(reference, currency, connection, null);
        }

        @Override
        public String toString() {
            return "GatewayCall[" + currency + ", " + connection + "]"; // never the card
        }
    }

    /** What the account updater reports for a card. */
    record AccountUpdate(Kind kind, Integer newExpirationMonth, Integer newExpirationYear, String newCardNumber) {

        public enum Kind { NoChange, CardExpired, CardReplaced, AccountClosed, ContactCardholder }

        public static AccountUpdate of(Kind kind) {
            return new AccountUpdate(kind, null, null, null);
        }

        @Override
        public String toString() {
            return "AccountUpdate[" + kind + "]"; // never the new card number
        }
    }
}
