package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One connection against a peer this test scripts byte by byte: which answers complete a request, and what the
 * connection writes to the log (captured from its java.util.logging logger).
 */
class IsoConnectionTest {

    private static final ThreadFactory DAEMONS = runnable -> {
        Thread thread = new Thread(runnable);
        thread.setDaemon(true);
        return thread;
    };

    private final Iso8583 codec = new Iso8583();
    private final Logger log = Logger.getLogger(IsoConnection.class.getName());
    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private Level levelBefore;
    private ServerSocket listener;
    private Socket peer;
    private IsoConnection connection;
    private final AtomicInteger answered = new AtomicInteger();

    @BeforeEach
    void connect() throws IOException {
        levelBefore = log.getLevel();
        log.setLevel(Level.FINE);
        log.addHandler(capture);
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
        peer = listener.accept();
        connection = new IsoConnection(socket, codec, "peer", DAEMONS, answered::incrementAndGet, () -> { });
    }

    @AfterEach
    void disconnect() throws IOException {
        connection.close();
        peer.close();
        listener.close();
        log.removeHandler(capture);
        log.setLevel(levelBefore);
    }

    private static Iso8583.Message message(String mti, String stan, Map<Integer, String> more) {
        TreeMap<Integer, String> fields = new TreeMap<>(more);
        fields.put(11, stan);
        fields.put(41, "TERM0001");
        return new Iso8583.Message(mti, fields);
    }

    private static Iso8583.Message authorization(String stan) {
        return message("0100", stan, Map.of(2, "4111111111111111", 3, "000000", 4, "000000001234", 14, "2812"));
    }

    private static Iso8583.Message answer(String mti, String stan) {
        return message(mti, stan, Map.of(3, "000000", 4, "000000001234", 38, "AB1234", 39, "00"));
    }

    /** The peer's side: reads one framed message. */
    private Iso8583.Message peerReads() throws Exception {
        DataInputStream in = new DataInputStream(peer.getInputStream());
        byte[] body = new byte[in.readUnsignedShort()];
        in.readFully(body);
        return codec.decode(body);
    }

    /** The peer's side: writes framed messages in one go. */
    private void peerWrites(List<Iso8583.Message> messages) throws IOException {
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (Iso8583.Message message : messages) {
            byte[] body = codec.encode(message);
            frames.write(body.length >> 8);
            frames.write(body.length);
            frames.write(body);
        }
        OutputStream out = peer.getOutputStream();
        out.write(frames.toByteArray());
        out.flush();
    }

    private List<String> lines(Predicate<String> which) {
        return logged.stream().map(LogRecord::getMessage).filter(which).toList();
    }

    private String awaitLine(Predicate<String> which) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < end) {
            List<String> found = lines(which);
            if (!found.isEmpty()) {
                return found.get(0);
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no such log line in " + lines(line -> true));
    }

    @Test
    void aLoggedMessageCarriesOnlyTheAllowedFields() throws Exception {
        CompletableFuture<Iso8583.Message> answer = connection.send(authorization("000041"));
        assertEquals("0100", peerReads().mti());
        Map<Integer, String> cardData = new TreeMap<>(Map.of(2, "4111111111111111", 14, "2812",
                35, "4111111111111111=28121010000012345678", 48, "CV2123", 52, "A1B2C3D4E5F60708",
                55, "9F2608AABBCCDDEEFF0011", 120, "a record of no interest"));
        cardData.putAll(Map.of(3, "000000", 4, "000000001234", 37, "633012345678", 39, "05"));
        peerWrites(List.of(message("0110", "000999", cardData))); // answers nothing: logged as unsolicited
        String unsolicited = awaitLine(line -> line.contains("unsolicited"));

        for (String line : List.of(unsolicited, awaitLine(line -> line.contains(" sent ")))) {
            for (String secret : List.of("411111", "2812", "CV2", "A1B2C3D4", "9F26", "no interest")) {
                assertFalse(line.contains(secret), secret + " in " + line);
            }
            for (int number : List.of(2, 14, 35, 48, 52, 55, 120)) {
                assertFalse(line.matches(".*[ \\[]" + number + "=.*"), "field " + number + " in " + line);
            }
        }
        assertTrue(unsolicited.endsWith("ISO8583[0110 3=000000 4=000000001234 11=000999 37=633012345678 39=05"
                + " 41=TERM0001]"), unsolicited);
        assertFalse(answer.isDone());
    }

    @Test
    void anAnswerWithTheRightStanButTheWrongMtiLeavesTheRequestWaitingForItsOwn() throws Exception {
        CompletableFuture<Iso8583.Message> answer = connection.send(authorization("000042"));
        assertEquals("000042", peerReads().get(11));

        peerWrites(List.of(answer("0410", "000042")));
        String line = awaitLine(text -> text.contains("unsolicited"));
        assertTrue(line.contains("waits for an 0110") && line.contains("ISO8583[0410"), line);
        assertFalse(answer.isDone(), "an 0410 does not answer an 0100");
        assertEquals(0, answered.get());

        peerWrites(List.of(answer("0110", "000042")));
        assertEquals("0110", answer.get(5, TimeUnit.SECONDS).mti());
        assertEquals(1, answered.get());
    }

    @Test
    void aRepeatIsAnsweredAsItsOriginal() throws Exception {
        CompletableFuture<Iso8583.Message> answer = connection.send(message("0401", "000043", Map.of(3, "000000")));
        peerReads();
        peerWrites(List.of(answer("0430", "000043"), answer("0410", "000043")));
        assertEquals("0410", answer.get(5, TimeUnit.SECONDS).mti());
        assertEquals(1, lines(line -> line.contains("unsolicited")).size(), "the 0430 was dropped");
    }

    @Test
    void aMessageNoAnswerFollowsIsRefusedBeforeAnythingIsSent() {
        assertThrows(IllegalArgumentException.class, () -> connection.send(answer("0110", "000044")));
        assertEquals(0, connection.inFlight());
    }

    @Test
    void aBurstOfUnsolicitedAnswersWritesOneLineAndThenTheirCount() throws Exception {
        CompletableFuture<Iso8583.Message> answer = connection.send(authorization("000045"));
        peerReads();
        List<Iso8583.Message> burst = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            burst.add(answer(i % 2 == 0 ? "0110" : "0410", i % 2 == 0 ? String.format("%06d", 100_000 + i) : "000045"));
        }
        burst.add(answer("0110", "000045"));
        peerWrites(burst);
        assertEquals("0110", answer.get(5, TimeUnit.SECONDS).mti()); // read after the burst: the burst was read

        assertEquals(1, lines(line -> line.contains("unsolicited")).size());
        connection.close();
        assertEquals("peer: 999 more unsolicited messages were dropped, not logged",
                awaitLine(line -> line.contains("more unsolicited")));
        assertEquals(2, lines(line -> line.contains("unsolicited")).size());
    }

    @Test
    void aRequestAnsweredOnlyWithTheWrongMtiTimesOutAsUsual() throws Exception {
        AtomicLong stans = new AtomicLong();
        IsoHost host = new IsoHost(new IsoHost.Endpoint("127.0.0.1", listener.getLocalPort(), false, null, 1), codec,
                DAEMONS, stans::incrementAndGet, endpoint -> true);
        try {
            Thread wrongAnswers = DAEMONS.newThread(() -> {
                try (Socket hostSide = listener.accept()) {
                    DataInputStream in = new DataInputStream(hostSide.getInputStream());
                    byte[] body = new byte[in.readUnsignedShort()];
                    in.readFully(body);
                    Iso8583.Message request = codec.decode(body);
                    byte[] wrong = codec.encode(answer("0210", request.get(11)));
                    OutputStream out = hostSide.getOutputStream();
                    out.write(new byte[] {(byte) (wrong.length >> 8), (byte) wrong.length});
                    out.write(wrong);
                    out.flush();
                    Thread.sleep(2000);
                } catch (Exception ignored) {
                    // the test's own assertions say what went wrong
                }
            });
            wrongAnswers.start();
            assertThrows(IsoHost.NoAnswer.class, () -> host.exchange(authorization("000046"), 500));
            assertTrue(awaitLine(line -> line.contains("unsolicited")).contains("waits for an 0110"));
            assertEquals(0, host.answered.sum());
            assertEquals(1, host.unanswered.sum());
        } finally {
            host.close();
        }
    }
}
