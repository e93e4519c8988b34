package com.paycore.webhook;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * One signed POST of an event to an endpoint (DESIGN.md section 10): the event's bytes as the outbox made them,
 * {@code Content-Type: application/json}, {@code Payments-Event-Id}, {@code Payments-Event-Type} and
 * {@code Payments-Signature}, over HTTP/1.1 with {@code Connection: close}; only the answer's status line is read,
 * nothing of its body is kept. No redirect is followed.
 * <p>
 * The target's name is resolved once ({@link TargetResolver}, with its short timeout), the addresses are checked
 * ({@link TargetGuard}) and the connection goes to the checked address itself, while the {@code Host} header, TLS's
 * SNI and the certificate's host name check stay the URL's host: no second resolution happens between the check and
 * the connect, so a name that answers a public address to the check and a private one a moment later (DNS
 * rebinding) reaches nothing it should not. This is why the JDK's HTTP client is not used: it resolves the name
 * itself and cannot be given an address.
 * <p>
 * Each attempt runs on a thread of the sender's own pool ({@code payments.webhooks.max-concurrent-sends} threads; the
 * worker never has more attempts in flight), never on the delivery worker's or a request's thread. Connect and
 * answer within {@code payments.webhooks.timeout-ms} (10 s) all told: a receiver that accepts and never answers, or
 * answers a byte at a time, is given up at that time.
 */
@ApplicationScoped
class WebhookSender {

    static final String EVENT_ID = "Payments-Event-Id";
    static final String EVENT_TYPE = "Payments-Event-Type";
    static final String SIGNATURE = "Payments-Signature";
    /** The longest status line read; a longer one is not HTTP. */
    static final int MAX_STATUS_LINE = 1024;

    @Inject
    WebhookSettings settings;

    @Inject
    Clock clock;

    @Inject
    TargetResolver resolver;

    private SSLSocketFactory tls;
    private ExecutorService attempts;
    private ScheduledExecutorService watchdog;

    @PostConstruct
    void build() {
        try {
            open(SSLContext.getDefault().getSocketFactory());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no TLS for webhooks", e);
        }
    }

    /** A sender of its own (tests): these settings, this resolver and this TLS. */
    static WebhookSender over(WebhookSettings settings, Clock clock, TargetResolver resolver, SSLSocketFactory tls) {
        WebhookSender sender = new WebhookSender();
        sender.settings = settings;
        sender.clock = clock;
        sender.resolver = resolver;
        sender.open(tls);
        return sender;
    }

    private void open(SSLSocketFactory tls) {
        this.tls = tls;
        AtomicInteger count = new AtomicInteger();
        attempts = Executors.newFixedThreadPool(settings.maxConcurrentSends(), task -> {
            Thread thread = new Thread(task, "webhook-send-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        watchdog = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "webhook-send-watchdog");
            thread.setDaemon(true);
            return thread;
        });
    }

    @PreDestroy
    void stop() {
        attempts.shutdownNow();
        watchdog.shutdownNow();
    }

    /**
     * Sends the event on the sender's pool; the future always completes normally, with the outcome.
     * {@code released} runs once when the attempt is over and any look-up it started has ended too (a look-up may
     * outlast its timeout): until then the attempt still counts as in flight.
     */
    CompletableFuture<Outcome> send(Target target, Runnable released) {
        AtomicInteger pending = new AtomicInteger(2); // the attempt, and its look-up
        Runnable oneEnded = () -> {
            if (pending.decrementAndGet() == 0) {
                released.run();
            }
        };
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        try {
            attempts.execute(() -> {
                try {
                    outcome.complete(attempt(target, oneEnded));
                } catch (RuntimeException | Error e) {
                    outcome.complete(new Outcome(OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC), null,
                            "request failed", 0));
                } finally {
                    oneEnded.run();
                }
            });
        } catch (RejectedExecutionException stopping) {
            outcome.complete(new Outcome(OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC), null,
                    "request failed", 0));
            released.run();
        }
        return outcome;
    }

    /** One attempt on the calling thread: resolve once, check, connect to the checked address, send, read the status. */
    Outcome attempt(Target target, Runnable lookupEnded) {
        OffsetDateTime attemptedAt = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC);
        long started = System.nanoTime();
        long timeoutMillis = settings.timeout().toMillis();
        long deadline = started + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        URI url = target.url();
        String host = url.getHost();
        boolean https = "https".equalsIgnoreCase(url.getScheme());
        if (host == null || !(https || "http".equalsIgnoreCase(url.getScheme()))) {
            lookupEnded.run();
            return new Outcome(attemptedAt, null, "the URL cannot be requested", elapsed(started));
        }
        InetAddress address;
        try {
            InetAddress[] addresses = resolver.resolve(host, lookupEnded);
            if (!TargetGuard.allowed(addresses, settings.allowPrivateTargets())) {
                return new Outcome(attemptedAt, null, "target refused: the host resolves to an address that is not "
                        + "allowed as a target", elapsed(started));
            }
            address = addresses[0];
        } catch (TargetResolver.Unresolved e) {
            return new Outcome(attemptedAt, null, "the host cannot be resolved (" + e.getMessage() + ")",
                    elapsed(started));
        }
        int port = url.getPort() != -1 ? url.getPort() : https ? 443 : 80;
        byte[] body = target.body().getBytes(StandardCharsets.UTF_8);
        byte[] head = head(url, port, target, Signatures.header(attemptedAt.toEpochSecond(), body, target.secrets()),
                body.length);
        Socket socket = new Socket();
        // Whatever blocks (a write the receiver never reads, a TLS handshake), the socket is closed at the deadline.
        ScheduledFuture<?> cut = watchdog.schedule(() -> closeQuietly(socket), timeoutMillis + 50, TimeUnit.MILLISECONDS);
        boolean connected = false;
        try {
            socket.connect(new InetSocketAddress(address, port), (int) Math.max(1, remaining(deadline)));
            connected = true;
            Socket channel = https ? handshake(socket, host, port, deadline) : socket;
            OutputStream out = channel.getOutputStream();
            out.write(head);
            out.write(body);
            out.flush();
            int status = status(channel, deadline);
            String error = status >= 300 && status < 400 ? "redirect not followed" : null;
            return new Outcome(attemptedAt, status, error, elapsed(started));
        } catch (IOException | RuntimeException e) {
            boolean late = System.nanoTime() >= deadline;
            return new Outcome(attemptedAt, null, describe(e, connected, late, timeoutMillis), elapsed(started));
        } finally {
            cut.cancel(false);
            closeQuietly(socket);
        }
    }

    /** TLS over the connected socket, for the URL's host: SNI and the certificate's name check are the host's. */
    private Socket handshake(Socket socket, String host, int port, long deadline) throws IOException {
        String name = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        SSLSocket ssl = (SSLSocket) tls.createSocket(socket, name, port, true);
        SSLParameters parameters = ssl.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        if (!literal(name)) {
            parameters.setServerNames(List.of(new SNIHostName(name)));
        }
        ssl.setSSLParameters(parameters);
        ssl.setSoTimeout((int) Math.max(1, remaining(deadline)));
        ssl.startHandshake();
        return ssl;
    }

    /** The request line and headers; the Host header is the URL's host (and port when the URL names one). */
    static byte[] head(URI url, int port, Target target, String signature, int length) {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        if (url.getRawQuery() != null) {
            path += "?" + url.getRawQuery();
        }
        String hostHeader = url.getHost() + (url.getPort() != -1 ? ":" + port : "");
        String head = "POST " + path + " HTTP/1.1\r\n"
                + "Host: " + hostHeader + "\r\n"
                + "Content-Type: application/json\r\n"
                + "User-Agent: payments-webhooks/1\r\n"
                + EVENT_ID + ": " + target.eventId() + "\r\n"
                + EVENT_TYPE + ": " + target.eventType() + "\r\n"
                + SIGNATURE + ": " + signature + "\r\n"
                + "Content-Length: " + length + "\r\n"
                + "Connection: close\r\n\r\n";
        return head.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The status of the answer's status line ({@code HTTP/1.x NNN ...}), read before the deadline. */
    private static int status(Socket socket, long deadline) throws IOException {
        InputStream in = new BufferedInputStream(socket.getInputStream(), 256);
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            long left = remaining(deadline);
            if (left <= 0) {
                throw new SocketTimeoutException("deadline");
            }
            socket.setSoTimeout((int) left);
            int b = in.read();
            if (b == -1) {
                throw new NotHttp("closed before a status line");
            }
            if (b == '\n') {
                break;
            }
            line.write(b);
            if (line.size() > MAX_STATUS_LINE) {
                throw new NotHttp("status line too long");
            }
        }
        String text = line.toString(StandardCharsets.ISO_8859_1).trim();
        String[] parts = text.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || !parts[1].matches("[1-5][0-9][0-9]")) {
            throw new NotHttp("not an HTTP status line");
        }
        return Integer.parseInt(parts[1]);
    }

    /** An answer that is not HTTP/1.x. */
    static final class NotHttp extends IOException {
        private static final long serialVersionUID = 1L;

        NotHttp(String why) {
            super(why);
        }
    }

    /** A failure in a few words: never an exception's message, which may quote the receiver. */
    static String describe(Throwable failure, boolean connected, boolean late, long timeoutMillis) {
        if (!connected) {
            if (failure instanceof SocketTimeoutException || late) {
                return "connect timed out after " + timeoutMillis + " ms";
            }
            if (failure instanceof ConnectException) {
                return "connection refused or unreachable";
            }
            return "connection failed";
        }
        if (failure instanceof SocketTimeoutException || late) {
            return "no answer within " + timeoutMillis + " ms";
        }
        if (failure instanceof SSLException) {
            return "TLS handshake or certificate failed";
        }
        if (failure instanceof NotHttp) {
            return "the answer was not HTTP";
        }
        if (failure instanceof IOException) {
            return "connection failed";
        }
        return "request failed";
    }

    static boolean literal(String host) {
        return host.indexOf(':') >= 0 || host.matches("[0-9.]+");
    }

    private static long remaining(long deadline) {
        return TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that is left to do
        }
    }

    private static long elapsed(long started) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }
}
