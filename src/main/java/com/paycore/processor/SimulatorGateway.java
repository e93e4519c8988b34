package com.paycore.processor;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.runtime.Randomness;
import com.paycore.platform.runtime.Settings;

/**
 * The built-in test processor ({@code gateway} 1), answering with DESIGN.md section 6's test cards. Result codes
 * follow ISO 8583: 00 approved, 05 do not honour, 51 insufficient funds, 96 system malfunction. Every call waits
 * first, to stand in for a real processor's round trip: the processor configuration's {@code simulatorLatencyMs}
 * setting when it has one, else {@code payments.simulator.latency-ms} (default 0).
 * <p>
 * Unknown outcomes (DESIGN.md section 11): a call whose latency reaches {@code payments.processor.timeout-ms} gives up
 * at the timeout and answers Pending, and the processor did act (its outcome is Approved); card
 * {@value #TIMES_OUT_APPROVED} times out and is approved; card {@value #TIMES_OUT_UNREACHED} times out and never
 * reached the processor (Declined, result code 91, issuer or switch inoperative). The Simulator keeps no state: the
 * reference of a call that timed out says what {@link #queryOutcome} will learn.
 */
@ApplicationScoped
class SimulatorGateway implements PaymentGateway {

    static final String APPROVED = "00";
    static final String DO_NOT_HONOUR = "05";
    static final String INSUFFICIENT_FUNDS = "51";
    static final String SYSTEM_MALFUNCTION = "96";

    static final String DISPUTE_CARD = "4000000000000259";
    static final String TIMES_OUT_APPROVED = "4000000000000408";
    static final String TIMES_OUT_UNREACHED = "4000000000000416";
    static final String ISSUER_INOPERATIVE = "91";
    /** References of calls that timed out: acted upon (approved), or never reached. */
    static final String TIMED_OUT_ACTED = "simt_a_";
    static final String TIMED_OUT_UNREACHED = "simt_n_";
    private static final Map<String, PaymentGateway.GatewayResult.Outcome> REFUSALS = Map.of(
            "4000000000000002", PaymentGateway.GatewayResult.Outcome.Declined,
            "4000000000009995", PaymentGateway.GatewayResult.Outcome.Declined,
            "4000000000000119", PaymentGateway.GatewayResult.Outcome.Error);
    static final String CARD_EXPIRED = "4000000000000069";
    static final String CARD_REPLACED = "4000000000000341";
    static final String ACCOUNT_CLOSED = "4000000000000010";
    static final String CONTACT_CARDHOLDER = "4000000000000036";
    /** The number a replaced card gets: another Simulator card, approved, with no further updates. */
    static final String REPLACEMENT_CARD = "4242424242424242";
    private static final String DISPUTE_REFERENCE = "simd_";
    /** A processor configuration's setting overriding the latency for its calls (milliseconds, at most 60 s). */
    static final String LATENCY_SETTING = Gateways.SIMULATOR_LATENCY_SETTING;
    private static final long MAX_LATENCY_MILLIS = 60_000;

    @Inject
    @ConfigProperty(name = "payments.simulator.latency-ms")
    Optional<String> latencySetting;

    @Inject
    @ConfigProperty(name = TIMEOUT_SETTING)
    Optional<String> timeoutSetting;

    private long latencyMillis;
    private long timeoutMillis;

    SimulatorGateway() {
    }

    @PostConstruct
    void read() {
        latencyMillis = parseLatency(latencySetting.orElse(null));
        timeoutMillis = parseTimeout(timeoutSetting.orElse(null));
    }

    SimulatorGateway(long latencyMillis) {
        this(latencyMillis, 10_000);
    }

    SimulatorGateway(long latencyMillis, long timeoutMillis) {
        this.latencyMillis = latencyMillis;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public int gateway() {
        return Gateways.SIMULATOR;
    }

    @Override
    public GatewayResult authorize(CardData card, BigDecimal amount, String currency, GatewayConnection connection) {
        if (TIMES_OUT_APPROVED.equals(card.number()) || TIMES_OUT_UNREACHED.equals(card.number())) {
            sleep(timeoutMillis);
            return GatewayResult.pending((TIMES_OUT_APPROVED.equals(card.number()) ? TIMED_OUT_ACTED : TIMED_OUT_UNREACHED)
                    + hex());
        }
        if (pause(connection)) {
            return GatewayResult.pending(TIMED_OUT_ACTED + hex());
        }
        GatewayResult.Outcome refusal = REFUSALS.get(card.number());
        if (refusal == GatewayResult.Outcome.Error) {
            return new GatewayResult(refusal, SYSTEM_MALFUNCTION, null);
        }
        if (refusal == GatewayResult.Outcome.Declined) {
            return new GatewayResult(refusal, card.number().endsWith("9995") ? INSUFFICIENT_FUNDS : DO_NOT_HONOUR, null);
        }
        return approved(DISPUTE_CARD.equals(card.number()) ? DISPUTE_REFERENCE : "sim_");
    }

    @Override
    public GatewayResult capture(GatewayCall call, BigDecimal amount) {
        if (pause(call.connection())) {
            return GatewayResult.pending(TIMED_OUT_ACTED + hex());
        }
        // Later moves go by the authorization's reference (a dispute card's settles with a dispute).
        return call.reference() != null ? new GatewayResult(GatewayResult.Outcome.Approved, APPROVED, call.reference())
                : approved("sim_");
    }

    @Override
    public GatewayResult refund(GatewayCall call, BigDecimal amount) {
        if (pause(call.connection())) {
            return GatewayResult.pending(TIMED_OUT_ACTED + hex());
        }
        return approved("sim_");
    }

    @Override
    public GatewayResult reverse(GatewayCall call) {
        if (pause(call.connection())) {
            return GatewayResult.pending(TIMED_OUT_ACTED + hex());
        }
        return approved("sim_");
    }

    /** A capture authorized with the dispute card settles, and its issuer opens a dispute. */
    @Override
    public Settlement settle(GatewayCall call, BigDecimal amount) {
        pause(call.connection());
        boolean dispute = call.reference() != null && call.reference().startsWith(DISPUTE_REFERENCE);
        return new Settlement(approved("sim_"), dispute);
    }

    /** What a call that timed out came to, by the reference it answered; Pending for a reference it never gave. */
    @Override
    public GatewayResult queryOutcome(GatewayCall call) {
        String reference = call.reference();
        if (reference != null && reference.startsWith(TIMED_OUT_UNREACHED)) {
            return new GatewayResult(GatewayResult.Outcome.Declined, ISSUER_INOPERATIVE, null);
        }
        if (reference != null && reference.startsWith(TIMED_OUT_ACTED)) {
            return new GatewayResult(GatewayResult.Outcome.Approved, APPROVED, reference);
        }
        return GatewayResult.pending(reference);
    }

    /** CVV 000 fails; every other CVV passes. */
    @Override
    public Boolean verifyCvv(CardData card, String cvv, GatewayConnection connection) {
        pause(connection);
        return cvv != null && !"000".equals(cvv);
    }

    @Override
    public AccountUpdate accountUpdate(CardData card, GatewayConnection connection) {
        pause(connection);
        return switch (card.number()) {
            case CARD_EXPIRED -> {
                YearMonth renewed = YearMonth.of(card.expirationYear(), card.expirationMonth()).plusYears(3);
                yield new AccountUpdate(AccountUpdate.Kind.CardExpired, renewed.getMonthValue(), renewed.getYear(), null);
            }
            case CARD_REPLACED -> new AccountUpdate(AccountUpdate.Kind.CardReplaced, card.expirationMonth(),
                    card.expirationYear(), REPLACEMENT_CARD);
            case ACCOUNT_CLOSED -> AccountUpdate.of(AccountUpdate.Kind.AccountClosed);
            case CONTACT_CARDHOLDER -> AccountUpdate.of(AccountUpdate.Kind.ContactCardholder);
            default -> AccountUpdate.of(AccountUpdate.Kind.NoChange);
        };
    }

    private static GatewayResult approved(String prefix) {
        return new GatewayResult(GatewayResult.Outcome.Approved, APPROVED, prefix + hex());
    }

    private static String hex() {
        byte[] bytes = new byte[12];
        Randomness.fill(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * Waits the processor configuration's {@code simulatorLatencyMs} setting, else the server-wide default, but no
     * longer than the timeout; true when the timeout cut the wait short (the call's answer is Pending).
     */
    private boolean pause(GatewayConnection connection) {
        long millis = latencyMillis;
        if (connection != null && connection.settings() != null
                && connection.settings().get(LATENCY_SETTING) instanceof JsonNumber setting
                && setting.isIntegral() && setting.longValue() >= 0) {
            millis = Math.min(setting.longValue(), MAX_LATENCY_MILLIS);
        }
        if (timeoutMillis > 0 && millis >= timeoutMillis) {
            sleep(timeoutMillis);
            return true;
        }
        sleep(millis);
        return false;
    }

    private static void sleep(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static long parseTimeout(String value) {
        return Settings.wholeOrOff(TIMEOUT_SETTING, value, 10_000);
    }

    static long parseLatency(String value) {
        return Settings.wholeOrOff("payments.simulator.latency-ms", value, 0);
    }
}
