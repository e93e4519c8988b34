package com.paycore.processor;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.text.ParseException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One open TCP (or TLS) connection to an ISO 8583 host: messages framed by a 2-byte big-endian length, several
 * requests in flight at once, each answer matched to its request by field 11 (STAN) and field 41 (terminal id), and
 * taken only when its MTI is the one that answers the request's ({@link IsoMessages#answerTo}). A reader thread of
 * its own reads the answers; when the connection drops, every request still waiting learns it at once
 * ({@link Dropped}): it was sent, so its outcome is unknown.
 * <p>
 * A message that answers no waiting request (a late answer, a wrong MTI, a host's own request) is unsolicited: it is
 * dropped, and the request it seems to answer keeps waiting. Those, and unreadable messages, are logged at most once
 * a minute per connection, with the count of those held back: a host that floods a connection costs a line a
 * minute, while the first of a burst is written at once, so a broken host is seen without delay.
 */
final class IsoConnection {

    private static final Logger LOG = Logger.getLogger(IsoConnection.class.getName());
    private static final int MAX_MESSAGE = 0xFFFF;
    private static final Duration DROPPED_LOG_PERIOD = Duration.ofMinutes(1);

    /** The connection dropped while the request waited for its answer. */
    static final class Dropped extends IOException {
        Dropped(String message) {
            super(message);
        }
    }

    private final Socket socket;
    private final OutputStream out;
    private final Iso8583 codec;
    private final String name;
    private final Map<String, Waiting> waiting = new ConcurrentHashMap<>();
    private final ThrottledLog unsolicited = new ThrottledLog(LOG, Level.INFO, DROPPED_LOG_PERIOD, System::nanoTime);
    private final ThrottledLog unreadable = new ThrottledLog(LOG, Level.WARNING, DROPPED_LOG_PERIOD, System::nanoTime);
    private final Runnable onAnswer;
    private final Runnable onClose;
    private volatile boolean open = true;
    private volatile long lastActivity = System.nanoTime();

    IsoConnection(Socket socket, Iso8583 codec, String name, ThreadFactory threads, Runnable onAnswer,
                  Runnable onClose) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.codec = codec;
        this.name = name;
        this.onAnswer = onAnswer;
        this.onClose = onClose;
        Thread reader = threads.newThread(this::read);
        reader.start();
    }

    /** A request waiting for its answer: the answer's MTI and the future it completes. */
    private record Waiting(String answerMti, CompletableFuture<Iso8583.Message> answer) {
    }

    /** The key an answer is matched by: its STAN and its terminal id (without padding; none for network messages). */
    static String key(Iso8583.Message message) {
        String terminal = message.trimmed(41);
        return message.get(11) + "/" + (terminal == null ? "" : terminal);
    }

    boolean open() {
        return open;
    }

    /** Nanoseconds ({@link System#nanoTime}) of the last message sent or received. */
    long lastActivity() {
        return lastActivity;
    }

    int inFlight() {
        return waiting.size();
    }

    /**
     * Sends a request and answers the future its answer completes. IOException when it could not be written (nothing
     * reached the host, unless part of the frame did: then the connection is closed and the caller cannot know; it
     * treats a write failure after the first byte as sent). IllegalStateException when a request with the same STAN
     * and terminal id still waits for its answer on this connection. IllegalArgumentException for a message no
     * answer follows ({@link IsoMessages#answerTo}).
     */
    CompletableFuture<Iso8583.Message> send(Iso8583.Message request) throws IOException {
        String answerMti = IsoMessages.answerTo(request.mti());
        if (answerMti == null) {
            throw new IllegalArgumentException("MTI " + request.mti() + " is not a request an answer follows");
        }
        byte[] body = codec.encode(request);
        if (body.length > MAX_MESSAGE) {
            throw new IllegalArgumentException("message longer than a 2-byte length allows");
        }
        String key = key(request);
        Waiting waits = new Waiting(answerMti, new CompletableFuture<>());
        if (waiting.putIfAbsent(key, waits) != null) {
            throw new IllegalStateException("STAN " + request.get(11) + " is still waiting for an answer");
        }
        byte[] frame = new byte[body.length + 2];
        frame[0] = (byte) (body.length >> 8);
        frame[1] = (byte) body.length;
        System.arraycopy(body, 0, frame, 2, body.length);
        try {
            synchronized (out) {
                if (!open) {
                    throw new IOException("connection closed");
                }
                out.write(frame);
                out.flush();
            }
        } catch (IOException e) {
            waiting.remove(key, waits);
            close();
            throw e;
        }
        lastActivity = System.nanoTime();
        if (LOG.isLoggable(Level.FINE)) {
            LOG.fine(name + " sent " + request); // the log form: allowed fields only, no card data
        }
        return waits.answer();
    }

    /** Stops waiting for the answer of a request (timed out): an answer arriving later is dropped. */
    void forget(Iso8583.Message request, CompletableFuture<Iso8583.Message> answer) {
        waiting.computeIfPresent(key(request), (key, waits) -> waits.answer() == answer ? null : waits);
    }

    void close() {
        if (!open) {
            return;
        }
        open = false;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        Dropped dropped = new Dropped("connection to " + name + " dropped");
        waiting.values().forEach(waits -> waits.answer().completeExceptionally(dropped));
        waiting.clear();
        onClose.run();
    }

    private void read() {
        try (DataInputStream in = new DataInputStream(socket.getInputStream())) {
            while (open) {
                int length = in.readUnsignedShort();
                byte[] body = new byte[length];
                in.readFully(body);
                lastActivity = System.nanoTime();
                Iso8583.Message answer;
                try {
                    answer = codec.decode(body);
                } catch (ParseException e) {
                    unreadable.log(() -> name + ": an unreadable message of " + length + " bytes was dropped ("
                            + e.getMessage() + ")");
                    continue;
                }
                take(answer);
            }
        } catch (EOFException e) {
            LOG.fine(name + ": closed by the host");
        } catch (IOException e) {
            if (open) {
                LOG.info(name + ": connection lost (" + e.getClass().getSimpleName() + ")");
            }
        } finally {
            close();
            unsolicited.flush(held -> name + ": " + held + " more unsolicited messages were dropped, not logged");
            unreadable.flush(held -> name + ": " + held + " more unreadable messages were dropped, not logged");
        }
    }

    /** Completes the request a message answers: same 11 and 41, and the MTI that answers the request's. */
    private void take(Iso8583.Message answer) {
        String key = key(answer);
        Waiting waits = waiting.get(key);
        if (waits == null) {
            unsolicited.log(() -> name + ": an unsolicited message was dropped (no request waits for its 11 and 41): "
                    + answer);
        } else if (!waits.answerMti().equals(answer.mti())) {
            unsolicited.log(() -> name + ": an unsolicited message was dropped (the request with its 11 and 41 waits"
                    + " for an " + waits.answerMti() + "): " + answer);
        } else if (!waiting.remove(key, waits)) {
            unsolicited.log(() -> name + ": an unsolicited message was dropped (its request stopped waiting): "
                    + answer);
        } else {
            onAnswer.run();
            waits.answer().complete(answer);
        }
    }
}
