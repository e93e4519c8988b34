package com.paycore.it;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;

import com.sun.net.httpserver.HttpServer;

/**
 * A real webhook receiver for the tests: the JDK's HTTP server on 127.0.0.1 (a random port), recording every request
 * (headers, the body's exact bytes, when it came) and answering by a script (status and delay, in order; 200 at once
 * when the script is spent). Each test starts its own and closes it.
 */
final class Receiver implements AutoCloseable {

    /** One request as received, and what the receiver answered. */
    record Request(String eventId, String eventType, String signature, String contentType, byte[] body, Instant at,
                   int answered, Map<String, List<String>> headers) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** One scripted answer: the status, after a delay. */
    record Reply(int status, Duration delay) {
        static Reply status(int status) {
            return new Reply(status, Duration.ZERO);
        }

        static Reply slow(Duration delay) {
            return new Reply(200, delay);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Deque<Reply> script = new ArrayDeque<>();
    private final List<Request> requests = new ArrayList<>();

    private Receiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.setExecutor(threads); // a slow answer must not hold the others up
        server.createContext("/", exchange -> {
            Instant at = Instant.now();
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            Reply reply;
            synchronized (this) {
                reply = script.isEmpty() ? Reply.status(200) : script.poll();
                var h = exchange.getRequestHeaders();
                requests.add(new Request(h.getFirst("Payments-Event-Id"), h.getFirst("Payments-Event-Type"),
                        h.getFirst("Payments-Signature"), h.getFirst("Content-Type"), body, at, reply.status(),
                        Map.copyOf(h)));
            }
            try {
                Thread.sleep(reply.delay().toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] answer = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
            try {
                exchange.sendResponseHeaders(reply.status(), answer.length);
                exchange.getResponseBody().write(answer);
            } catch (IOException gone) {
                // the sender gave up waiting (a timeout test): nothing to answer to
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    static Receiver start(Reply... replies) throws IOException {
        Receiver receiver = new Receiver();
        receiver.script(replies);
        return receiver;
    }

    synchronized void script(Reply... replies) {
        script.addAll(List.of(replies));
    }

    /** Drops the replies not used yet: from now on every request is answered 200 at once. */
    synchronized void answerOk() {
        script.clear();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    List<Request> requestsFor(String eventId) {
        return requests().stream().filter(r -> eventId.equals(r.eventId())).toList();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    /**
     * A target that accepts every connection and never answers (nor reads): what a black-holed receiver looks like to
     * the sender, which gives up at its timeout. Counts the connections it accepted.
     */
    static final class BlackHole implements AutoCloseable {

        private final ServerSocket server;
        private final List<Socket> held = new ArrayList<>();
        private final Thread acceptor;

        BlackHole() throws IOException {
            server = new ServerSocket(0, 200, InetAddress.getByName("127.0.0.1"));
            acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket socket = server.accept();
                        synchronized (held) {
                            held.add(socket);
                        }
                    } catch (IOException closed) {
                        return;
                    }
                }
            }, "black-hole");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getLocalPort() + path;
        }

        int accepted() {
            synchronized (held) {
                return held.size();
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
            synchronized (held) {
                for (Socket socket : held) {
                    socket.close();
                }
            }
        }
    }

    /** Waits until the condition holds; fails after the time given. */
    static void await(Duration within, String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + within.toSeconds() + " s: " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting: " + what);
            }
        }
    }
}
