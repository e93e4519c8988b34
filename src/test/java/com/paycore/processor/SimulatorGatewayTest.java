package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.UUID;

import jakarta.json.Json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.paycore.processor.PaymentGateway.AccountUpdate;
import com.paycore.processor.PaymentGateway.GatewayCall;
import com.paycore.processor.PaymentGateway.GatewayResult;

/** DESIGN.md section 6's test cards. */
class SimulatorGatewayTest {

    private static final GatewayConnection NONE = new GatewayConnection(UUID.randomUUID(), UUID.randomUUID(), 0, null, MerchantAccount.NONE);

    private final SimulatorGateway simulator = new SimulatorGateway(0);

    @ParameterizedTest
    @CsvSource({"4111111111111111, Approved, 00", "4242424242424242, Approved, 00", "5555555555554444, Approved, 00",
            "378282246310005, Approved, 00", "6011111111111117, Approved, 00", "4000000000000259, Approved, 00",
            "4000000000000002, Declined, 05", "4000000000009995, Declined, 51", "4000000000000119, Error, 96",
            "4012888888881881, Approved, 00"})
    void authorizations(String pan, GatewayResult.Outcome outcome, String code) {
        GatewayResult result = simulator.authorize(new CardData(pan, 12, 2031), BigDecimal.TEN, "USD", NONE);
        assertEquals(outcome, result.outcome());
        assertEquals(code, result.resultCode());
        assertEquals(outcome == GatewayResult.Outcome.Approved, result.reference() != null);
    }

    @Test
    void onlyTheDisputeCardOpensADisputeAtSettlement() {
        GatewayResult dispute = simulator.authorize(new CardData("4000000000000259", 12, 2031), BigDecimal.ONE, "USD", NONE);
        GatewayResult plain = simulator.authorize(new CardData("4111111111111111", 12, 2031), BigDecimal.ONE, "USD", NONE);
        assertTrue(simulator.settle(new GatewayCall(dispute.reference(), "USD", NONE), BigDecimal.ONE).disputeOpened());
        assertFalse(simulator.settle(new GatewayCall(plain.reference(), "USD", NONE), BigDecimal.ONE).disputeOpened());
    }

    @Test
    void cvv000Fails() {
        CardData card = new CardData("4111111111111111", 12, 2031);
        assertFalse(simulator.verifyCvv(card, "000", NONE));
        assertTrue(simulator.verifyCvv(card, "123", NONE));
    }

    @Test
    void accountUpdaterCards() {
        AccountUpdate expired = simulator.accountUpdate(new CardData("4000000000000069", 5, 2027), NONE);
        assertEquals(AccountUpdate.Kind.CardExpired, expired.kind());
        assertEquals(5, expired.newExpirationMonth());
        assertEquals(2030, expired.newExpirationYear());
        AccountUpdate replaced = simulator.accountUpdate(new CardData("4000000000000341", 5, 2027), NONE);
        assertEquals(AccountUpdate.Kind.CardReplaced, replaced.kind());
        assertEquals(SimulatorGateway.REPLACEMENT_CARD, replaced.newCardNumber());
        assertFalse(replaced.toString().contains(SimulatorGateway.REPLACEMENT_CARD));
        assertEquals(AccountUpdate.Kind.AccountClosed, simulator.accountUpdate(new CardData("4000000000000010", 5, 2027), NONE).kind());
        assertEquals(AccountUpdate.Kind.ContactCardholder, simulator.accountUpdate(new CardData("4000000000000036", 5, 2027), NONE).kind());
        AccountUpdate none = simulator.accountUpdate(new CardData("4111111111111111", 5, 2027), NONE);
        assertEquals(AccountUpdate.Kind.NoChange, none.kind());
        assertNull(none.newCardNumber());
    }

    @Test
    void cardDataAndCredentialsNeverPrintTheirSecrets() {
        assertFalse(new CardData("4111111111111111", 1, 2030).toString().contains("41111111"));
        assertFalse(new MerchantAccount(1, "m", "secret-api-key", false).toString().contains("secret-api-key"));
    }

    @Test
    void aProcessorsLatencySettingOverridesTheDefault() {
        GatewayConnection slow = new GatewayConnection(UUID.randomUUID(), UUID.randomUUID(), 1, Json.createObjectBuilder().add("simulatorLatencyMs", 120).build(),
                MerchantAccount.NONE);
        long start = System.nanoTime();
        simulator.authorize(new CardData("4111111111111111", 12, 2031), BigDecimal.ONE, "USD", slow);
        assertTrue(System.nanoTime() - start >= 120_000_000L, "the configured latency is waited");
    }

    @Test
    void latencyMustBeAWholeNonNegativeNumber() {
        assertEquals(0, SimulatorGateway.parseLatency(null));
        assertEquals(25, SimulatorGateway.parseLatency(" 25 "));
        assertThrows(IllegalArgumentException.class, () -> SimulatorGateway.parseLatency("-1"));
        assertThrows(IllegalArgumentException.class, () -> SimulatorGateway.parseLatency("fast"));
    }

    // ---- unknown outcomes (DESIGN.md section 11)

    @Test
    void card408TimesOutAndIsLaterKnownAsApproved() {
        SimulatorGateway quick = new SimulatorGateway(0, 1);
        GatewayResult result = quick.authorize(new CardData("4000000000000408", 12, 2031), BigDecimal.TEN, "USD", NONE);
        assertEquals(GatewayResult.Outcome.Pending, result.outcome());
        assertNull(result.resultCode());
        GatewayResult known = quick.queryOutcome(new GatewayCall(result.reference(), "USD", NONE));
        assertEquals(GatewayResult.Outcome.Approved, known.outcome());
        assertEquals("00", known.resultCode());
    }

    @Test
    void card416TimesOutAndNeverReachedTheProcessor() {
        SimulatorGateway quick = new SimulatorGateway(0, 1);
        GatewayResult result = quick.authorize(new CardData("4000000000000416", 12, 2031), BigDecimal.TEN, "USD", NONE);
        assertEquals(GatewayResult.Outcome.Pending, result.outcome());
        GatewayResult known = quick.queryOutcome(new GatewayCall(result.reference(), "USD", NONE));
        assertEquals(GatewayResult.Outcome.Declined, known.outcome());
        assertEquals("91", known.resultCode());
    }

    @Test
    void aLatencyReachingTheTimeoutMakesMovesPendingAndTheyHadActed() {
        SimulatorGateway slow = new SimulatorGateway(5, 5);
        GatewayResult capture = slow.capture(new GatewayCall("sim_x", "USD", NONE), BigDecimal.ONE);
        assertEquals(GatewayResult.Outcome.Pending, capture.outcome());
        assertEquals(GatewayResult.Outcome.Approved, slow.queryOutcome(new GatewayCall(capture.reference(), "USD", NONE)).outcome());
        assertEquals(GatewayResult.Outcome.Pending, slow.refund(new GatewayCall("sim_x", "USD", NONE), BigDecimal.ONE).outcome());
        assertEquals(GatewayResult.Outcome.Pending, slow.reverse(new GatewayCall("sim_x", "USD", NONE)).outcome());
        assertEquals(GatewayResult.Outcome.Approved, new SimulatorGateway(4, 5)
                .capture(new GatewayCall("sim_x", "USD", NONE), BigDecimal.ONE).outcome());
    }

    @Test
    void aReferenceTheSimulatorNeverGaveStaysUnknown() {
        assertEquals(GatewayResult.Outcome.Pending, simulator.queryOutcome(new GatewayCall("sim_abc", "USD", NONE)).outcome());
    }

    @Test
    void theTimeoutSetting() {
        assertEquals(10_000, SimulatorGateway.parseTimeout(null));
        assertEquals(250, SimulatorGateway.parseTimeout("250"));
        assertThrows(IllegalArgumentException.class, () -> SimulatorGateway.parseTimeout("-1"));
    }
}
