package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

import org.jpos.iso.ISOMsg;
import org.junit.jupiter.api.Test;

import com.paycore.it.AcquirerHost;

/** The connections to one host, against a jPOS host: keep-alive, timeouts, reconnection. */
class IsoHostTest {

    private final AtomicLong stans = new AtomicLong(500);

    private IsoHost host(int port, int connections) {
        return new IsoHost(new IsoHost.Endpoint("127.0.0.1", port, false, null, connections), new Iso8583(),
                runnable -> {
                    Thread thread = new Thread(runnable);
                    thread.setDaemon(true);
                    return thread;
                }, stans::incrementAndGet, endpoint -> true);
    }

    private static Iso8583.Message request(String stan, String pan) {
        Map<Integer, String> fields = new TreeMap<>(Map.of(2, pan, 3, "000000", 4, "000000000100", 11, stan,
                41, "TERM0001"));
        return new Iso8583.Message("0100", new TreeMap<>(fields));
    }

    @Test
    void anIdleConnectionGetsAn0800CarryingOnly7And11And70() throws Exception {
        try (AcquirerHost jpos = AcquirerHost.start()) {
            IsoHost host = host(jpos.port(), 1);
            try {
                host.exchange(request("000001", "4111111111111111"), 2000);
                host.keepAliveAfter(Duration.ofMillis(100));
                Thread.sleep(200);
                host.maintain(2000);
                ISOMsg echo = jpos.await(AcquirerHost.mti("0800"), Duration.ofSeconds(2));
                assertEquals("301", echo.getString(70));
                assertEquals(10, echo.getString(7).length());
                assertEquals("000501", echo.getString(11));
                for (int field = 2; field <= 128; field++) {
                    assertTrue(field == 7 || field == 11 || field == 70 || !echo.hasField(field), "field " + field);
                }
                Thread.sleep(200);
                assertEquals(1, host.openConnections(), "the 0810 answered it: the connection stays");
            } finally {
                host.close();
            }
        }
    }

    @Test
    void aRequestNeverWaitsPastItsTimeoutAndALateAnswerIsDropped() throws Exception {
        try (AcquirerHost jpos = AcquirerHost.start().delay(700)) {
            IsoHost host = host(jpos.port(), 1);
            try {
                long start = System.nanoTime();
                assertThrows(IsoHost.NoAnswer.class, () -> host.exchange(request("000002", "4111111111111111"), 300));
                long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
                assertTrue(millis >= 300 && millis < 600, millis + " ms");
                Thread.sleep(800); // the late answer arrives and matches nothing
                assertEquals(1, host.openConnections());
                assertEquals(1, host.unanswered.sum());
                assertEquals(0, host.answered.sum());
            } finally {
                host.close();
            }
        }
    }

    @Test
    void aHostThatComesBackIsReconnected() throws Exception {
        int port;
        try (AcquirerHost first = AcquirerHost.start()) {
            port = first.port();
        }
        // jPOS stops listening a moment after shutdown: wait until the port refuses connections.
        long gone = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < gone) {
            try (Socket probe = new Socket("127.0.0.1", port)) {
                Thread.sleep(50);
            } catch (IOException refused) {
                break;
            }
        }
        IsoHost host = host(port, 2);
        try {
            assertThrows(IsoHost.NotSent.class, () -> host.exchange(request("000003", "4111111111111111"), 500));
            assertThrows(IsoHost.NotSent.class, () -> host.exchange(request("000004", "4111111111111111"), 500),
                    "within the backoff: not even tried");
            assertEquals(2, host.notSent.sum());
            try (AcquirerHost again = AcquirerHost.startOn(port)) {
                long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                while (host.openConnections() < 2 && System.nanoTime() < end) {
                    host.maintain(1000);
                    Thread.sleep(100);
                }
                assertEquals(2, host.openConnections());
                assertEquals("00", host.exchange(request("000005", "4111111111111111"), 1000).get(39));
                assertEquals(List.of("0100"), again.received().stream().map(m -> m.getString(0)).toList());
            }
        } finally {
            host.close();
        }
    }
}
