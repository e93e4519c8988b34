package com.paycore.processor;

import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.YearMonth;
import java.util.HexFormat;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonNumber;

import com.paycore.platform.Settings;

/**
 * The built-in test processor ({@code gateway} 1), answering with DESIGN.md section 6's test cards. Result codes
 * follow ISO 8583: 00 approved, 05 do not honour, 51 insufficient funds, 96 system malfunction. Every call waits
 * first, to stand in for a real processor's round trip: the processor configuration's {@code simulatorLatencyMs}
 * setting when it has one, else {@code payments.simulator.latency-ms} (default 0).
 */
@ApplicationScoped
class SimulatorGateway implements PaymentGateway {

    static final String APPROVED = "00";
    static final String DO_NOT_HONOUR = "05";
    static final String INSUFFICIENT_FUNDS = "51";
    static final String SYSTEM_MALFUNCTION = "96";

    static final String DISPUTE_CARD = "4000000000000259";
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
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A processor configuration's setting overriding the latency for its calls (milliseconds, at most 60 s). */
    static final String LATENCY_SETTING = "simulatorLatencyMs";
    private static final long MAX_LATENCY_MILLIS = 60_000;

    private final long latencyMillis;

    public SimulatorGateway() {
        this(parseLatency(Settings.get("payments.simulator.latency-ms")));
    }

    SimulatorGateway(long latencyMillis) {
        this.latencyMillis = latencyMillis;
    }

    @Override
    public int gateway() {
        return Gateways.SIMULATOR;
    }

    @Override
    public GatewayResult authorize(CardData card, BigDecimal amount, String currency, Connection connection) {
        pause(connection);
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
        pause(call.connection());
        return approved("sim_");
    }

    @Override
    public GatewayResult refund(GatewayCall call, BigDecimal amount) {
        pause(call.connection());
        return approved("sim_");
    }

    @Override
    public GatewayResult reverse(GatewayCall call) {
        pause(call.connection());
        return approved("sim_");
    }

    /** A capture authorized with the dispute card settles, and its issuer opens a dispute. */
    @Override
    public Settlement settle(GatewayCall call, BigDecimal amount) {
        pause(call.connection());
        boolean dispute = call.reference() != null && call.reference().startsWith(DISPUTE_REFERENCE);
        return new Settlement(approved("sim_"), dispute);
    }

    /** CVV 000 fails; every other CVV passes. */
    @Override
    public boolean verifyCvv(CardData card, String cvv, Connection connection) {
        pause(connection);
        return cvv != null && !"000".equals(cvv);
    }

    @Override
    public AccountUpdate accountUpdate(CardData card, Connection connection) {
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
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return new GatewayResult(GatewayResult.Outcome.Approved, APPROVED, prefix + HexFormat.of().formatHex(bytes));
    }

    /** The processor configuration's {@code simulatorLatencyMs} setting, else the server-wide default. */
    private void pause(Connection connection) {
        long millis = latencyMillis;
        if (connection != null && connection.settings() != null
                && connection.settings().get(LATENCY_SETTING) instanceof JsonNumber setting
                && setting.isIntegral() && setting.longValue() >= 0) {
            millis = Math.min(setting.longValue(), MAX_LATENCY_MILLIS);
        }
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static long parseLatency(String value) {
        return Settings.wholeOrOff("payments.simulator.latency-ms", value, 0);
    }
}
