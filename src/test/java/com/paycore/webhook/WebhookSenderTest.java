package com.paycore.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

/**
 * The sender against receivers started here, with a resolver of the test's own: names under {@code .test} (which no
 * real resolver answers) resolve to this machine only through it. So a request that arrives proves the connection went
 * to the address the sender's one look-up answered and checked, not to one a second resolution found; the Host
 * header, TLS's SNI and the certificate's name check stay the URL's host. Also: private answers refused without a
 * connection, a receiver that never answers given up at the timeout, a name server that never answers given up at the
 * DNS timeout while the attempt's slot stays held until the look-up has ended.
 */
class WebhookSenderTest {

    static final Duration TIMEOUT = Duration.ofMillis(3000); // a TLS handshake on a loaded 2-core machine takes a while
    static final Duration DNS_TIMEOUT = Duration.ofMillis(300);

    final List<AutoCloseable> closing = new ArrayList<>();
    final AtomicInteger lookups = new AtomicInteger();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : closing) {
            c.close();
        }
    }

    /** A resolver that answers 127.0.0.1 for the names given, counting look-ups; others are unknown. */
    TargetResolver resolver(Map<String, String> names) {
        return TargetResolver.over(host -> {
            lookups.incrementAndGet();
            String address = names.get(host);
            if (address == null) {
                throw new UnknownHostException(host);
            }
            return new InetAddress[] {InetAddress.getByName(address)};
        }, DNS_TIMEOUT, 8);
    }

    WebhookSender sender(boolean allowPrivate, TargetResolver resolver, SSLContext tls) throws Exception {
        WebhookSettings settings = WebhookSettings.of(allowPrivate, 1000, TIMEOUT, RetrySchedule.parse("PT1M"),
                Duration.ofHours(72)).bounded(4, 2, DNS_TIMEOUT);
        WebhookSender sender = WebhookSender.over(settings, Clock.systemUTC(), resolver,
                (tls != null ? tls : SSLContext.getDefault()).getSocketFactory());
        closing.add(sender::stop);
        closing.add(resolver::stop);
        return sender;
    }

    static Target target(String url) {
        UUID event = UUID.randomUUID();
        return new Target(UUID.randomUUID(), URI.create(url), List.of("whsec_test"), event, "transaction.authorized",
                "{\"id\":\"" + event + "\"}");
    }

    record Seen(String method, String path, String host, String body) {
    }

    /** A plain HTTP receiver on 127.0.0.1 recording what came; answers 200. */
    int receiver(List<Seen> seen) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                    exchange.getRequestHeaders().getFirst("Host"), new String(body, StandardCharsets.UTF_8)));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        closing.add(() -> server.stop(0));
        return server.getAddress().getPort();
    }

    @Test
    void theConnectionGoesToTheAddressTheOneLookUpAnsweredWithTheUrlsHostInTheHostHeader() throws Exception {
        List<Seen> seen = new CopyOnWriteArrayList<>();
        int port = receiver(seen);
        WebhookSender sender = sender(true, resolver(Map.of("pinned.webhook.test", "127.0.0.1")), null);
        Target target = target("http://pinned.webhook.test:" + port + "/hooks/in?tenant=7");
        Outcome outcome = sender.send(target, () -> { }).get(5, TimeUnit.SECONDS);
        assertEquals(200, outcome.httpStatus(), String.valueOf(outcome.error()));
        assertNull(outcome.error());
        assertEquals(1, lookups.get(), "resolved once, by the sender's resolver; nothing resolved the name again");
        assertEquals(1, seen.size());
        assertEquals("POST", seen.get(0).method());
        assertEquals("/hooks/in?tenant=7", seen.get(0).path());
        assertEquals("pinned.webhook.test:" + port, seen.get(0).host(), "the Host header is the URL's host");
        assertEquals(target.body(), seen.get(0).body());
    }

    @Test
    void aNameAnsweringAPrivateAddressIsRefusedWithoutAnyConnectionAndAnUnknownNameIsNotRequested() throws Exception {
        List<Seen> seen = new CopyOnWriteArrayList<>();
        int port = receiver(seen);
        WebhookSender sender = sender(false, resolver(Map.of("rebind.webhook.test", "127.0.0.1")), null);
        Outcome refused = sender.send(target("http://rebind.webhook.test:" + port + "/x"), () -> { })
                .get(5, TimeUnit.SECONDS);
        assertNull(refused.httpStatus());
        assertTrue(refused.error().startsWith("target refused"), refused.error());
        Outcome unknown = sender.send(target("http://nowhere.webhook.test:" + port + "/x"), () -> { })
                .get(5, TimeUnit.SECONDS);
        assertTrue(unknown.error().startsWith("the host cannot be resolved"), unknown.error());
        assertEquals(2, lookups.get());
        assertEquals(List.of(), seen, "nothing reached the receiver");
    }

    @Test
    void aReceiverThatAcceptsAndNeverAnswersIsGivenUpAtTheTimeout() throws Exception {
        try (ServerSocket hole = new ServerSocket(0, 10, InetAddress.getByName("127.0.0.1"))) {
            List<Socket> held = new CopyOnWriteArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(hole.accept());
                    }
                } catch (Exception closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            WebhookSender sender = sender(true, resolver(Map.of("hole.webhook.test", "127.0.0.1")), null);
            Outcome outcome = sender.send(target("http://hole.webhook.test:" + hole.getLocalPort() + "/"), () -> { })
                    .get(5, TimeUnit.SECONDS);
            assertNull(outcome.httpStatus());
            assertEquals("no answer within " + TIMEOUT.toMillis() + " ms", outcome.error());
            assertTrue(outcome.durationMs() >= TIMEOUT.toMillis() - 50 && outcome.durationMs() < TIMEOUT.toMillis() + 3000,
                    "given up at the timeout: " + outcome.durationMs());
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void aNameServerThatNeverAnswersIsGivenUpAtTheDnsTimeoutAndTheSlotIsHeldUntilTheLookUpEnds() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        TargetResolver slowDns = TargetResolver.over(host -> {
            try {
                answer.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new UnknownHostException(host);
        }, DNS_TIMEOUT, 8);
        WebhookSender sender = sender(true, slowDns, null);
        CountDownLatch released = new CountDownLatch(1);
        long started = System.nanoTime();
        Outcome outcome = sender.send(target("http://slow-dns.webhook.test/"), released::countDown)
                .get(5, TimeUnit.SECONDS);
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertTrue(outcome.error().startsWith("the host cannot be resolved"), outcome.error());
        assertTrue(took < DNS_TIMEOUT.toMillis() + 1000, "given up at the DNS timeout: " + took);
        assertFalse(released.await(200, TimeUnit.MILLISECONDS), "the look-up still runs: the slot is still held");
        answer.countDown();
        assertTrue(released.await(5, TimeUnit.SECONDS), "released once the look-up has ended");
    }

    @Test
    void tlsToThePinnedAddressSendsTheUrlsHostAsSniAndChecksTheCertificateAgainstIt(@TempDir Path dir) throws Exception {
        char[] password = "changeit".toCharArray();
        Path store = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=pinned.webhook.test", "-ext", "san=dns:pinned.webhook.test", "-validity", "2",
                "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", "changeit")
                .redirectErrorStream(true).start();
        assertEquals(0, keytool.waitFor(), new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, password);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, password);
        SSLContext serverTls = SSLContext.getInstance("TLS");
        serverTls.init(kmf.getKeyManagers(), null, null);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(keys);
        SSLContext clientTls = SSLContext.getInstance("TLS");
        clientTls.init(null, tmf.getTrustManagers(), null);

        SSLServerSocket server = (SSLServerSocket) serverTls.getServerSocketFactory()
                .createServerSocket(0, 10, InetAddress.getByName("127.0.0.1"));
        closing.add(server);
        List<String> sni = new CopyOnWriteArrayList<>();
        List<String> hosts = new CopyOnWriteArrayList<>();
        Thread serving = new Thread(() -> {
            while (!server.isClosed()) {
                try (SSLSocket socket = (SSLSocket) server.accept()) {
                    socket.setSoTimeout(5000);
                    socket.startHandshake();
                    ((ExtendedSSLSession) socket.getSession()).getRequestedServerNames()
                            .forEach(name -> sni.add(((SNIHostName) name).getAsciiName()));
                    BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                            StandardCharsets.ISO_8859_1));
                    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                        if (line.regionMatches(true, 0, "Host:", 0, 5)) {
                            hosts.add(line.substring(5).trim());
                        }
                    }
                    OutputStream out = socket.getOutputStream();
                    out.write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (Exception handshakeRefusedOrClosed) {
                    // the client refused the certificate, or the test is over
                }
            }
        });
        serving.setDaemon(true);
        serving.start();

        int port = server.getLocalPort();
        WebhookSender sender = sender(true, resolver(Map.of("pinned.webhook.test", "127.0.0.1",
                "other.webhook.test", "127.0.0.1")), clientTls);
        Outcome outcome = sender.send(target("https://pinned.webhook.test:" + port + "/h"), () -> { })
                .get(10, TimeUnit.SECONDS);
        assertEquals(204, outcome.httpStatus(), String.valueOf(outcome.error()));
        assertEquals(List.of("pinned.webhook.test"), sni, "SNI is the URL's host, not the address");
        assertEquals(List.of("pinned.webhook.test:" + port), hosts);

        Outcome mismatch = sender.send(target("https://other.webhook.test:" + port + "/h"), () -> { })
                .get(10, TimeUnit.SECONDS);
        assertNull(mismatch.httpStatus(), "the certificate is checked against the URL's host, which it does not name");
        assertEquals("TLS handshake or certificate failed", mismatch.error());
        assertEquals(1, hosts.size(), "nothing was sent to a host the certificate does not name");
    }
}
