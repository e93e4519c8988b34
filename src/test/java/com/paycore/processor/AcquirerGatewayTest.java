package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import org.jpos.iso.ISOMsg;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

import com.paycore.it.AcquirerHost;
import com.paycore.platform.web.AppException;
import com.paycore.processor.PaymentGateway.GatewayCall;
import com.paycore.processor.PaymentGateway.GatewayResult.Outcome;
import com.paycore.processor.PaymentGateway.GatewayResult;

/** Gateway 2 against a jPOS host in this JVM (DESIGN.md section 12), without the container. */
class AcquirerGatewayTest {

    private static final CardData CARD = new CardData("4111111111111111", 12, 2030);
    private static final UUID COMPANY = UUID.randomUUID();
    private final AtomicLong sequence = new AtomicLong();
    private final AcquirerGateway gateway = new AcquirerGateway(new IsoNumbers() {
        @Override
        long stan() {
            return sequence.incrementAndGet();
        }

        @Override
        long[] stanAndRrn() {
            return new long[] {stan(), 700_000_000_000L + sequence.incrementAndGet()};
        }
    }, endpoint -> true, 10);
    private final List<AcquirerHost> hosts = new ArrayList<>();

    @AfterEach
    void stop() {
        gateway.stop();
        hosts.forEach(AcquirerHost::close);
    }

    private AcquirerHost host() {
        AcquirerHost host = AcquirerHost.start();
        hosts.add(host);
        return host;
    }

    private static GatewayConnection connection(int port, long timeoutMs) {
        JsonObject settings = Json.createObjectBuilder().add("host", "127.0.0.1").add("port", port)
                .add("terminalId", "TERM0001").add("acquirerId", "12345").add("timeoutMs", timeoutMs).build();
        return new GatewayConnection(UUID.randomUUID(), COMPANY, 1, settings, new MerchantAccount(1, "MERCHANT1", "key", true));
    }

    @Test
    void anApprovedAuthorizationCarriesTheContractsFields() {
        AcquirerHost host = host();
        GatewayResult result = gateway.authorize(CARD, new BigDecimal("12.34"), "EUR", connection(host.port(), 3000));
        assertEquals(Outcome.Approved, result.outcome());
        assertEquals("00", result.resultCode());
        ISOMsg sent = host.await(AcquirerHost.mti("0100"), Duration.ofSeconds(2));
        assertEquals("4111111111111111", sent.getString(2));
        assertEquals("000000", sent.getString(3));
        assertEquals("000000001234", sent.getString(4));
        assertEquals(10, sent.getString(7).length());
        assertEquals("3012", sent.getString(14));
        assertEquals("010", sent.getString(22));
        assertEquals("59", sent.getString(25));
        assertEquals("12345", sent.getString(32));
        assertEquals(12, sent.getString(37).length());
        assertEquals("TERM0001", sent.getString(41));
        assertEquals("MERCHANT1      ", sent.getString(42));
        assertEquals("978", sent.getString(49));
        assertFalse(result.reference().contains("4111111111111111"));
    }

    @Test
    void amountsGoInTheCurrencysMinorUnits() {
        AcquirerHost host = host();
        gateway.authorize(CARD, new BigDecimal("1234"), "JPY", connection(host.port(), 3000));
        gateway.authorize(CARD, new BigDecimal("1.234"), "BHD", connection(host.port(), 3000));
        List<ISOMsg> sent = host.received(AcquirerHost.mti("0100"));
        assertEquals("000000001234", sent.get(0).getString(4));
        assertEquals("392", sent.get(0).getString(49));
        assertEquals("000000001234", sent.get(1).getString(4));
        assertEquals("048", sent.get(1).getString(49));
        var refused = Assertions.assertThrows(AppException.class, () -> gateway.authorize(CARD,
                new BigDecimal("10000000000.00"), "USD", connection(host.port(), 3000)));
        assertTrue(refused.getMessage().contains("amount"));
        assertEquals(2, host.received().size());
    }

    @Test
    void responseCodesBecomeResults() {
        AcquirerHost host = host().answer("4000000000000002", "05").answer("4000000000009995", "51")
                .answer("4000000000000119", "96").answer("4000000000000127", "N7");
        GatewayConnection connection = connection(host.port(), 3000);
        assertEquals(new GatewayResult(Outcome.Declined, "05", null),
                gateway.authorize(new CardData("4000000000000002", 1, 2031), BigDecimal.TEN, "USD", connection));
        assertEquals(new GatewayResult(Outcome.Declined, "51", null),
                gateway.authorize(new CardData("4000000000009995", 1, 2031), BigDecimal.TEN, "USD", connection));
        assertEquals(new GatewayResult(Outcome.Error, "96", null),
                gateway.authorize(new CardData("4000000000000119", 1, 2031), BigDecimal.TEN, "USD", connection));
        assertEquals(new GatewayResult(Outcome.Error, "N7", null),
                gateway.authorize(new CardData("4000000000000127", 1, 2031), BigDecimal.TEN, "USD", connection));
    }

    @Test
    void aHostThatIsDownIsError91AtOnce() throws Exception {
        int closedPort;
        try (var socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        long start = System.nanoTime();
        GatewayResult result = gateway.authorize(CARD, BigDecimal.TEN, "USD", connection(closedPort, 3000));
        assertEquals(new GatewayResult(Outcome.Error, "91", null), result);
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() < 2000);
    }

    @Test
    void aCardVerificationWithoutAnAnswerIsUnknownNotFalse() throws Exception {
        AcquirerHost host = host().silent("4000000000000416");
        assertNull(gateway.verifyCvv(new CardData("4000000000000416", 1, 2031), "123", connection(host.port(), 500)));
        assertTrue(host.received().stream().noneMatch(AcquirerHost.mti("0400")), "not reversed");
        int closedPort;
        try (var socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        assertNull(gateway.verifyCvv(CARD, "123", connection(closedPort, 500)));
    }

    @Test
    void anUnansweredAuthorizationIsPendingAndTheReconciliationReversesIt() {
        AcquirerHost host = host().silent("4000000000000408").silentType("0400");
        GatewayConnection connection = connection(host.port(), 500);
        GatewayResult result = gateway.authorize(new CardData("4000000000000408", 1, 2031), new BigDecimal("5.00"),
                "USD", connection);
        assertEquals(Outcome.Pending, result.outcome());
        ISOMsg original = host.await(AcquirerHost.mti("0100"), Duration.ofSeconds(1));

        GatewayResult first = gateway.queryOutcome(new GatewayCall(result.reference(), "USD", connection));
        assertEquals(Outcome.Pending, first.outcome());
        ISOMsg reversal = host.await(AcquirerHost.mti("0400"), Duration.ofSeconds(1));
        host.speak("0400");
        GatewayResult second = gateway.queryOutcome(new GatewayCall(first.reference(), "USD", connection));
        assertEquals(new GatewayResult(Outcome.Declined, "68", null), second);
        ISOMsg repeat = host.await(AcquirerHost.mti("0401"), Duration.ofSeconds(1));
        assertEquals(reversal.getString(11), repeat.getString(11));
        assertEquals(original.getString(37), repeat.getString(37));
        assertEquals("000000000500", repeat.getString(4));
        assertEquals("0100" + original.getString(11) + original.getString(7) + "00000012345" + "00000000000",
                repeat.getString(90));
        assertNull(repeat.getString(2));
    }

    /**
     * The reconciliation's 0400 for a timed-out authorization could not be sent (host down): it stays pending on the
     * authorization's reference, and once the host is back the next question is an 0400, not a 0401 repeating a
     * message the host never got.
     */
    @Test
    void aReversalThatCouldNotBeSentIsSentAgainAsAn0400NotAsARepeat() throws Exception {
        int port;
        try (var socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        GatewayConnection connection = connection(port, 500);
        String timedOut = new IsoMessages.Reference('T', "0100", "000321", "1126103000", "000000000777", "",
                "000000000500", "", "").encode();
        GatewayResult unsent = gateway.queryOutcome(new GatewayCall(timedOut, "USD", connection));
        assertEquals(GatewayResult.pending(timedOut), unsent, "nothing sent: the authorization's reference, unchanged");

        AcquirerHost host = AcquirerHost.startOn(port);
        hosts.add(host);
        String reference = unsent.reference();
        GatewayResult answer = unsent;
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (answer.pending() && System.nanoTime() < end) { // the connection comes back after its backoff
            Thread.sleep(200);
            answer = gateway.queryOutcome(new GatewayCall(reference, "USD", connection));
            reference = answer.reference() != null ? answer.reference() : reference;
        }
        assertEquals(new GatewayResult(Outcome.Declined, "68", null), answer);
        List<ISOMsg> reversals = host.received(m -> AcquirerHost.mti("0400").test(m) || AcquirerHost.mti("0401").test(m));
        assertEquals(1, reversals.size(), reversals.stream().map(AcquirerHost::describe).toList().toString());
        assertEquals("0400", reversals.get(0).getMTI());
        assertEquals("000000000777", reversals.get(0).getString(37));
        assertEquals("0100000321112610300000000012345" + "00000000000", reversals.get(0).getString(90));
    }

    @Test
    void aPartialCaptureThenAPartialRefundCarryTheirAmountsAndOriginals() {
        AcquirerHost host = host();
        GatewayConnection connection = connection(host.port(), 3000);
        GatewayResult authorization = gateway.authorize(CARD, new BigDecimal("10.00"), "USD", connection);
        GatewayResult capture = gateway.capture(new GatewayCall(authorization.reference(), "USD", connection),
                new BigDecimal("7.50"));
        assertEquals(Outcome.Approved, capture.outcome());
        GatewayResult refund = gateway.refund(new GatewayCall(capture.reference(), "USD", connection, CARD),
                new BigDecimal("2.25"));
        assertEquals(Outcome.Approved, refund.outcome());
        ISOMsg auth = host.received(AcquirerHost.mti("0100")).get(0);
        ISOMsg cap = host.received(AcquirerHost.mti("0220")).get(0);
        ISOMsg ref = host.received(AcquirerHost.mti("0200")).get(0);
        assertEquals("000000000750", cap.getString(4));
        assertEquals(AcquirerHost.APPROVAL_CODE, cap.getString(38));
        assertEquals(auth.getString(37), cap.getString(37));
        assertEquals("0100" + auth.getString(11) + auth.getString(7) + "00000012345" + "00000000000", cap.getString(90));
        assertNull(cap.getString(2));
        assertEquals("200000", ref.getString(3));
        assertEquals("000000000225", ref.getString(4));
        assertEquals("4111111111111111", ref.getString(2));
        assertEquals("0220" + cap.getString(11) + cap.getString(7) + "00000012345" + "00000000000", ref.getString(90));
        assertTrue(!ref.getString(37).equals(auth.getString(37)));
    }

    @Test
    void aSaleIsOne0200AndACardVerificationAZeroAmount0100() {
        AcquirerHost host = host().answer("4000000000000127", "N7");
        GatewayConnection connection = connection(host.port(), 3000);
        GatewayResult sale = gateway.sale(CARD, BigDecimal.ONE, "USD", connection);
        assertEquals(Outcome.Approved, sale.outcome());
        assertEquals(Outcome.Approved, gateway.capture(new GatewayCall(sale.reference(), "USD", connection),
                BigDecimal.ONE).outcome());
        assertTrue(gateway.verifyCvv(CARD, "123", connection));
        assertFalse(gateway.verifyCvv(new CardData("4000000000000127", 1, 2031), "123", connection));
        assertEquals(List.of("0200", "0100", "0100"), host.received().stream().map(m -> m.getString(0)).toList());
        ISOMsg verification = host.received().get(1);
        assertEquals("000000000000", verification.getString(4));
        assertEquals("CV2123", verification.getString(48));
        assertEquals("840", verification.getString(49));
    }

    @Test
    void manyRequestsInFlightOnFewConnectionsEachGetTheirOwnAnswer() throws Exception {
        AcquirerHost host = host().delay(50);
        GatewayConnection connection = connection(host.port(), 5000);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<GatewayResult>> results = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                String cents = String.valueOf(100 + i);
                results.add(pool.submit(() -> gateway.authorize(CARD, new BigDecimal(cents).movePointLeft(2), "USD",
                        connection)));
            }
            HashSet<String> references = new HashSet<>();
            for (Future<GatewayResult> result : results) {
                GatewayResult answer = result.get();
                assertEquals(Outcome.Approved, answer.outcome());
                references.add(answer.reference());
            }
            assertEquals(64, references.size());
        } finally {
            pool.shutdownNow();
        }
        IsoHost used = gateway.hosts().values().iterator().next();
        assertTrue(used.openConnections() <= 2);
        assertEquals(64, used.answered.sum());
    }

    @Test
    void aTlsHostIsReachedWithItsOwnCertificateAsTheOnlyAnchor() {
        AcquirerHost host = AcquirerHost.startTls();
        hosts.add(host);
        JsonObject settings = Json.createObjectBuilder().add("host", "localhost").add("port", host.port())
                .add("tls", true).add("tlsTrustedCertificatePem", host.certificatePem())
                .add("terminalId", "TERM0001").add("acquirerId", "12345").add("timeoutMs", 3000).build();
        GatewayConnection connection = new GatewayConnection(UUID.randomUUID(), COMPANY, 1, settings, new MerchantAccount(1, "M1", "k", true));
        assertEquals(Outcome.Approved, gateway.authorize(CARD, BigDecimal.ONE, "USD", connection).outcome());
        // Without the certificate, the JVM's trusted authorities do not know the host: nothing is sent.
        JsonObject untrusted = Json.createObjectBuilder(settings).remove("tlsTrustedCertificatePem").build();
        assertEquals(new GatewayResult(Outcome.Error, "91", null), gateway.authorize(CARD, BigDecimal.ONE, "USD",
                new GatewayConnection(UUID.randomUUID(), COMPANY, 1, untrusted, new MerchantAccount(1, "M1", "k", true))));
        assertEquals(1, host.received().size());
    }

    @Test
    void settingsAreCheckedNamingTheField() {
        JsonObject good = Json.createObjectBuilder().add("host", "acquirer.example").add("port", 5000)
                .add("terminalId", "TERM0001").add("acquirerId", "12345").build();
        assertNotNull(AcquirerSettings.of(good, 1000));
        assertEquals(2, AcquirerSettings.of(good, 1000).connections());
        for (String[] bad : new String[][] {{"host", null}, {"port", "0"}, {"terminalId", "SHORT"},
            {"acquirerId", "123456789012"}, {"timeoutMs", "0"}, {"connections", "0"}, {"tlsTrustedCertificatePem", "x"}}) {
            var builder = Json.createObjectBuilder(good);
            if (bad[1] == null) {
                builder.remove(bad[0]);
            } else if (bad[1].matches("[0-9]+")) {
                builder.add(bad[0], Long.parseLong(bad[1]));
            } else {
                builder.add(bad[0], bad[1]);
            }
            AppException refused = Assertions.assertThrows(AppException.class,
                    () -> AcquirerSettings.of(builder.build(), 1000));
            assertTrue(refused.getMessage().contains("settings." + bad[0]), refused.getMessage());
        }
    }
}
