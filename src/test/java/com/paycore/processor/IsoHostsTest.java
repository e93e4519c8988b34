package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import javax.net.ssl.SSLSocket;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.paycore.it.AcquirerHost;
import com.paycore.processor.PaymentGateway.GatewayResult;
import com.paycore.processor.PaymentGateway.GatewayResult.Outcome;

/**
 * The hosts of gateway 2 (DESIGN.md section 12): never shared by two companies, capped across tenants, closed when no
 * configuration names them, connected only while the allow-list names them, and cared for each on its own thread.
 */
class IsoHostsTest {

    private static final CardData CARD = new CardData("4111111111111111", 12, 2030);
    private final AtomicLong sequence = new AtomicLong();
    private final List<AcquirerHost> jpos = new ArrayList<>();
    private final List<AutoCloseable> closing = new ArrayList<>();
    private final Set<String> allowed = new ConcurrentSkipListSet<>();
    private final AcquirerGateway gateway = new AcquirerGateway(new IsoNumbers() {
        @Override
        long stan() {
            return sequence.incrementAndGet();
        }

        @Override
        long[] stanAndRrn() {
            return new long[] {stan(), 700_000_000_000L + sequence.incrementAndGet()};
        }
    }, endpoint -> allowed.contains(endpoint.label()), 2);

    @AfterEach
    void stop() throws Exception {
        gateway.stop();
        jpos.forEach(AcquirerHost::close);
        for (AutoCloseable c : closing) {
            c.close();
        }
    }

    private AcquirerHost host() {
        AcquirerHost host = AcquirerHost.start();
        jpos.add(host);
        allowed.add("127.0.0.1:" + host.port());
        return host;
    }

    private static GatewayConnection connection(UUID company, int port, String terminal, String merchant) {
        JsonObject settings = Json.createObjectBuilder().add("host", "127.0.0.1").add("port", port)
                .add("terminalId", terminal).add("acquirerId", "12345").add("timeoutMs", 3000).build();
        return new GatewayConnection(UUID.randomUUID(), company, 1, settings, new MerchantAccount(1, merchant, "k", true));
    }

    @Test
    void twoCompaniesOnOneEndpointNeverShareAConnectionAndEachSendsOnlyItsOwnTerminalAndMerchant() {
        AcquirerHost host = host();
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        for (int i = 0; i < 3; i++) {
            assertEquals(Outcome.Approved, gateway.authorize(CARD, BigDecimal.ONE, "USD",
                    connection(a, host.port(), "TERMAAAA", "MERCHANT-A")).outcome());
            assertEquals(Outcome.Approved, gateway.authorize(CARD, BigDecimal.ONE, "USD",
                    connection(b, host.port(), "TERMBBBB", "MERCHANT-B")).outcome());
        }
        var hosts = gateway.hosts();
        assertEquals(2, hosts.size(), hosts.keySet().toString());
        IsoHost ofA = hosts.get(new IsoHosts.Key(a, new IsoHost.Endpoint("127.0.0.1", host.port(), false, null, 2)));
        IsoHost ofB = hosts.get(new IsoHosts.Key(b, new IsoHost.Endpoint("127.0.0.1", host.port(), false, null, 2)));
        assertNotSame(ofA, ofB);
        assertEquals(3, ofA.answered.sum());
        assertEquals(3, ofB.answered.sum());
        // What each company's connection carried: its own fields 41 and 42 only.
        assertEquals(3, host.received(m -> "TERMAAAA".equals(m.getString(41))
                && "MERCHANT-A".equals(m.getString(42).strip())).size());
        assertEquals(3, host.received(m -> "TERMBBBB".equals(m.getString(41))
                && "MERCHANT-B".equals(m.getString(42).strip())).size());
    }

    @Test
    void beyondTheCapAMessageToANewHostIsNotSentAndAHostNoLongerNamedIsClosedAndMakesRoom() {
        AcquirerHost host = host();
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        UUID c = UUID.randomUUID();
        assertEquals(Outcome.Approved, gateway.authorize(CARD, BigDecimal.ONE, "USD", connection(a, host.port(), "TERMAAAA", "A")).outcome());
        assertEquals(Outcome.Approved, gateway.authorize(CARD, BigDecimal.ONE, "USD", connection(b, host.port(), "TERMBBBB", "B")).outcome());
        int before = host.received().size();
        assertEquals(new GatewayResult(Outcome.Error, "91", null),
                gateway.authorize(CARD, BigDecimal.ONE, "USD", connection(c, host.port(), "TERMCCCC", "C")));
        assertEquals(before, host.received().size(), "nothing of the third company was sent");

        IsoHost ofA = gateway.hosts().get(new IsoHosts.Key(a, new IsoHost.Endpoint("127.0.0.1", host.port(), false, null, 2)));
        assertTrue(ofA.openConnections() > 0);
        // Company A's processor now names another endpoint: its host closes, its connections with it.
        gateway.retainOnly(Set.of(new IsoHosts.Key(b, new IsoHost.Endpoint("127.0.0.1", host.port(), false, null, 2))),
                Set.of());
        assertEquals(0, ofA.openConnections());
        assertEquals(1, gateway.hosts().size());
        assertEquals(Outcome.Approved, gateway.authorize(CARD, BigDecimal.ONE, "USD",
                connection(c, host.port(), "TERMCCCC", "C")).outcome());
    }

    @Test
    void anEndpointTheAllowListNoLongerNamesIsNeverConnectedTo() {
        AcquirerHost host = host();
        allowed.clear();
        assertEquals(new GatewayResult(Outcome.Error, "91", null), gateway.authorize(CARD, BigDecimal.ONE, "USD",
                connection(UUID.randomUUID(), host.port(), "TERMAAAA", "A")));
        assertEquals(0, host.received().size());
    }

    @Test
    void aHostWhoseHandshakeHangsDelaysNoOtherHostsCare() throws Exception {
        // Three "black holes": they accept TCP and never answer, so a TLS handshake waits for its deadline (5 s).
        Set<IsoHost.Endpoint> holes = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Silent silent = new Silent();
            closing.add(silent);
            allowed.add("127.0.0.1:" + silent.port());
            holes.add(new IsoHost.Endpoint("127.0.0.1", silent.port(), true, null, 2));
        }
        AcquirerHost good = host();
        IsoHosts hosts = new IsoHosts(new Iso8583(), runnable -> {
            Thread thread = new Thread(runnable);
            thread.setDaemon(true);
            return thread;
        }, sequence::incrementAndGet, endpoint -> allowed.contains(endpoint.label()), 10);
        closing.add(hosts::close);
        UUID company = UUID.randomUUID();
        for (IsoHost.Endpoint hole : holes) {
            hosts.host(company, hole);
        }
        IsoHost reachable = hosts.host(company, new IsoHost.Endpoint("127.0.0.1", good.port(), false, null, 1));
        long started = System.nanoTime();
        hosts.care(1000);
        while (reachable.openConnections() == 0 && System.nanoTime() - started < 3_000_000_000L) {
            Thread.sleep(20);
        }
        assertEquals(1, reachable.openConnections(), "the reachable host was connected while the others hung");
        assertTrue(System.nanoTime() - started < 3_000_000_000L);
        for (IsoHost.Endpoint hole : holes) {
            assertFalse(hosts.existing(company, hole).openConnections() > 0);
        }
    }

    @Test
    void tlsToAnAcquirerIsPinnedToVersionsOnePointTwoAndOnePointThreeWithTheHostNameVerified() throws Exception {
        SSLSocket socket = (SSLSocket) IsoHost.tlsContext(null).getSocketFactory().createSocket();
        try {
            IsoHost.pinned(socket);
            assertEquals(Set.of("TLSv1.2", "TLSv1.3"), Set.of(socket.getSSLParameters().getProtocols()));
            assertEquals(Set.of("TLSv1.2", "TLSv1.3"), Set.of(socket.getEnabledProtocols()));
            assertEquals("HTTPS", socket.getSSLParameters().getEndpointIdentificationAlgorithm());
        } finally {
            socket.close();
        }
    }

    /** Accepts connections and never writes a byte. */
    private static final class Silent implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();

        Silent() throws IOException {
            Thread acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        accepted.add(server.accept());
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return server.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }
}
