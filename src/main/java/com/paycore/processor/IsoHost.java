package com.paycore.processor;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.logging.Logger;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * The connections to one ISO 8583 host (DESIGN.md section 12): up to {@code connections} persistent connections,
 * opened on first use and kept open, re-established after a drop with a backoff (0.5 s doubling to 30 s), kept alive
 * with an {@code 0800} after 30 s without traffic. A request goes out on an open connection; when none is open and
 * the backoff allows an attempt, one is opened within the request's own timeout. A request never waits past its
 * timeout: it either could not be sent ({@link NotSent}, a known outcome), or was sent and got no answer in time
 * ({@link NoAnswer}, an unknown one), or has its answer. Counts of messages sent, answered and unanswered are kept
 * for /metrics.
 * <p>
 * A connection goes only to an endpoint the operator's allow-list names at the time it is opened
 * ({@link AllowedEndpoints}), to the address resolved and checked then (no second resolution), over TLS 1.2 or 1.3 when
 * the settings ask for TLS, with the host name verified.
 */
final class IsoHost {

    private static final Logger LOG = Logger.getLogger(IsoHost.class.getName());
    static final long KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long FIRST_BACKOFF_MILLIS = 500;
    private static final long MAX_BACKOFF_MILLIS = 30_000;
    /** The longest one connection attempt (TCP and TLS handshake) may take: the deadline of a host's care. */
    static final int MAX_CONNECT_MILLIS = 5_000;
    static final String[] TLS_PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    /** Where a host is and how it is reached: what makes two processor configurations share connections. */
    record Endpoint(String host, int port, boolean tls, String trustedCertificatePem, int connections) {

        /** The name shown in logs, metrics and health: host and port, never the certificate. */
        String label() {
            return host + ":" + port;
        }

        @Override
        public String toString() {
            return "Endpoint[" + label() + (tls ? ", tls" : "") + ", connections=" + connections + "]";
        }
    }

    /** The request could not be sent: nothing reached the host. */
    static final class NotSent extends Exception {
        NotSent(String message) {
            super(message, null, false, false);
        }
    }

    /** The request was sent and got no answer in time (or its connection dropped first): the outcome is unknown. */
    static final class NoAnswer extends Exception {
        NoAnswer(String message) {
            super(message, null, false, false);
        }
    }

    private final Endpoint endpoint;
    private final Iso8583 codec;
    private final ThreadFactory threads;
    private final LongSupplier stans;
    private final Predicate<Endpoint> allowed;
    private final AtomicBoolean caring = new AtomicBoolean();
    private final SSLContext tls;
    private final AtomicReferenceArray<IsoConnection> slots;
    private final long[] nextAttempt;
    private final int[] failures;
    private final ReentrantLock connecting = new ReentrantLock();
    private final AtomicInteger turn = new AtomicInteger();
    private volatile boolean closed;
    private volatile String lastFailure;
    private volatile long keepAliveNanos = KEEP_ALIVE_NANOS;

    final LongAdder sent = new LongAdder();
    final LongAdder answered = new LongAdder();
    final LongAdder unanswered = new LongAdder();
    final LongAdder notSent = new LongAdder();

    IsoHost(Endpoint endpoint, Iso8583 codec, ThreadFactory threads, LongSupplier stans, Predicate<Endpoint> allowed) {
        this.endpoint = endpoint;
        this.codec = codec;
        this.threads = threads;
        this.stans = stans;
        this.allowed = allowed;
        this.tls = endpoint.tls() ? tlsContext(endpoint.trustedCertificatePem()) : null;
        int size = Math.max(1, endpoint.connections());
        this.slots = new AtomicReferenceArray<>(size);
        this.nextAttempt = new long[size];
        Arrays.fill(nextAttempt, System.nanoTime()); // nanoTime may be negative: no attempt is due before now
        this.failures = new int[size];
    }

    Endpoint endpoint() {
        return endpoint;
    }

    /** How long a connection may stay idle before its {@code 0800} (30 s; tests shorten it). */
    void keepAliveAfter(Duration idle) {
        keepAliveNanos = idle.toNanos();
    }

    /** How many of its connections are open now. */
    int openConnections() {
        int open = 0;
        for (int i = 0; i < slots.length(); i++) {
            IsoConnection slot = slots.get(i);
            if (slot != null && slot.open()) {
                open++;
            }
        }
        return open;
    }

    /** Whether it is connected, or has tried and failed since its last success. */
    boolean unreachable() {
        return openConnections() == 0 && lastFailure != null;
    }

    /**
     * Runs its care ({@link #maintain}) on the given executor unless the previous round is still running: a host whose
     * connection attempts hang (a black hole) holds only its own round, never another host's.
     */
    void careOn(Executor executor, long keepAliveTimeoutMillis) {
        if (closed || !caring.compareAndSet(false, true)) {
            return;
        }
        try {
            executor.execute(() -> {
                try {
                    maintain(keepAliveTimeoutMillis);
                } finally {
                    caring.set(false);
                }
            });
        } catch (RejectedExecutionException e) {
            caring.set(false); // every care thread is busy: the next round tries again
        }
    }

    /** Why the last connection attempt failed (no host data beyond the exception's kind); null after a success. */
    String lastFailure() {
        return lastFailure;
    }

    /** Sends a request and waits for its answer, no longer than {@code timeoutMillis} in all. */
    Iso8583.Message exchange(Iso8583.Message request, long timeoutMillis) throws NotSent, NoAnswer {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        IsoConnection connection = pick();
        if (connection == null) {
            connection = connectWithin(deadline);
        }
        if (connection == null) {
            notSent.increment();
            throw new NotSent("no connection to " + endpoint.label());
        }
        CompletableFuture<Iso8583.Message> answer;
        try {
            answer = connection.send(request);
        } catch (IOException | IllegalStateException e) {
            notSent.increment();
            throw new NotSent("not sent to " + endpoint.label() + ": " + e.getClass().getSimpleName());
        }
        sent.increment();
        try {
            Iso8583.Message message = answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return message;
        } catch (TimeoutException e) {
            connection.forget(request, answer);
            unanswered.increment();
            throw new NoAnswer("no answer from " + endpoint.label() + " within " + timeoutMillis + " ms");
        } catch (ExecutionException e) {
            unanswered.increment();
            throw new NoAnswer("connection to " + endpoint.label() + " dropped before the answer");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            connection.forget(request, answer);
            unanswered.increment();
            throw new NoAnswer("interrupted while waiting for " + endpoint.label());
        }
    }

    /**
     * The background care, every second or so: re-opens dropped connections whose backoff has passed (all of them,
     * once the host was used), and sends an {@code 0800} on each connection idle for 30 s; a connection whose
     * {@code 0800} is not answered in time is closed and re-opened.
     */
    void maintain(long keepAliveTimeoutMillis) {
        long now = System.nanoTime();
        for (int i = 0; i < slots.length() && !closed; i++) {
            IsoConnection slot = slots.get(i);
            if (slot == null || !slot.open()) {
                if (now - nextAttempt[i] >= 0 && connecting.tryLock()) {
                    try {
                        connect(i, MAX_CONNECT_MILLIS);
                    } finally {
                        connecting.unlock();
                    }
                }
            } else if (now - slot.lastActivity() >= keepAliveNanos && slot.inFlight() == 0) {
                keepAlive(slot, keepAliveTimeoutMillis);
            }
        }
    }

    private void keepAlive(IsoConnection connection, long timeoutMillis) {
        Map<Integer, String> fields = new TreeMap<>();
        fields.put(7, IsoMessages.transmissionTime());
        fields.put(11, IsoMessages.stan(stans.getAsLong()));
        fields.put(70, "301");
        try {
            CompletableFuture<Iso8583.Message> answer = connection.send(new Iso8583.Message("0800", new TreeMap<>(fields)));
            answer.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS).whenComplete((message, failure) -> {
                if (failure != null) {
                    LOG.info("No answer to the keep-alive from " + endpoint.label() + "; reconnecting");
                    connection.close();
                }
            });
        } catch (IOException | IllegalStateException e) {
            connection.close();
        }
    }

    void close() {
        closed = true;
        for (int i = 0; i < slots.length(); i++) {
            IsoConnection slot = slots.get(i);
            if (slot != null) {
                slot.close();
            }
        }
    }

    /** An open connection, taken in turn; null when none is open. */
    private IsoConnection pick() {
        int start = Math.floorMod(turn.getAndIncrement(), slots.length());
        for (int i = 0; i < slots.length(); i++) {
            IsoConnection slot = slots.get((start + i) % slots.length());
            if (slot != null && slot.open()) {
                return slot;
            }
        }
        return null;
    }

    /** Opens a connection for a request when none is open, unless the backoff forbids it or the deadline passes. */
    private IsoConnection connectWithin(long deadline) {
        try {
            if (!connecting.tryLock(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                return null;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        try {
            IsoConnection open = pick();
            if (open != null) {
                return open;
            }
            long now = System.nanoTime();
            for (int i = 0; i < slots.length(); i++) {
                if (now - nextAttempt[i] >= 0) {
                    long millis = TimeUnit.NANOSECONDS.toMillis(deadline - now);
                    return millis <= 0 ? null : connect(i, (int) Math.min(millis, MAX_CONNECT_MILLIS));
                }
            }
            return null;
        } finally {
            connecting.unlock();
        }
    }

    /** Opens the connection of a slot; only under the {@code connecting} lock. */
    private IsoConnection connect(int slot, int timeoutMillis) {
        if (closed) {
            return null;
        }
        IsoConnection current = slots.get(slot);
        if (current != null && current.open()) {
            return current;
        }
        Socket socket = null;
        try {
            if (!allowed.test(endpoint)) {
                throw new ConnectException("not in " + AllowedEndpoints.SETTING);
            }
            InetAddress address = InetAddress.getByName(endpoint.host()); // resolved once: the address connected to
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.setKeepAlive(true);
            socket.connect(new InetSocketAddress(address, endpoint.port()), timeoutMillis);
            if (tls != null) {
                SSLSocket secure = pinned((SSLSocket) tls.getSocketFactory().createSocket(socket, endpoint.host(),
                        endpoint.port(), true));
                secure.setSoTimeout(timeoutMillis);
                secure.startHandshake();
                secure.setSoTimeout(0);
                socket = secure;
            }
            IsoConnection opened = new IsoConnection(socket, codec, endpoint.label(), threads, answered::increment, () -> { });
            slots.set(slot, opened);
            failures[slot] = 0;
            lastFailure = null;
            return opened;
        } catch (IOException | RuntimeException e) {
            if (socket != null) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // failed anyway
                }
            }
            long backoff = Math.min(MAX_BACKOFF_MILLIS, FIRST_BACKOFF_MILLIS << Math.min(failures[slot], 10));
            failures[slot]++;
            nextAttempt[slot] = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(backoff);
            lastFailure = e.getClass().getSimpleName();
            if (failures[slot] == 1) {
                LOG.warning("Cannot connect to ISO 8583 host " + endpoint.label() + " (" + e.getClass().getSimpleName()
                        + "); retrying with backoff");
            }
            return null;
        }
    }

    /** TLS 1.2 or 1.3 only, with the host name verified against the certificate. */
    static SSLSocket pinned(SSLSocket secure) {
        SSLParameters parameters = secure.getSSLParameters();
        parameters.setProtocols(TLS_PROTOCOLS);
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        secure.setSSLParameters(parameters);
        return secure;
    }

    /**
     * TLS trusting the configured certificate alone (a CA or the host's self-signed certificate) when there is one,
     * else the JVM's trusted authorities.
     */
    static SSLContext tlsContext(String pem) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            if (pem == null || pem.isBlank()) {
                context.init(null, null, null);
                return context;
            }
            KeyStore anchors = KeyStore.getInstance(KeyStore.getDefaultType());
            anchors.load(null, null);
            int n = 0;
            for (Certificate certificate : CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)))) {
                anchors.setCertificateEntry("anchor-" + n++, certificate);
            }
            if (n == 0) {
                throw new IllegalArgumentException("no certificate in tlsTrustedCertificatePem");
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(anchors);
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("tlsTrustedCertificatePem: not a PEM X.509 certificate", e);
        }
    }
}
