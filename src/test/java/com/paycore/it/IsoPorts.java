package com.paycore.it;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.stream.Collectors;

/**
 * The local ports the instances under test allow gateway 2 to connect to: the build reserves them
 * ({@code payments.it.iso.ports}) and lists them in {@code payments.iso8583.allowed-endpoints}, as
 * {@code 127.0.0.1:port} and {@code localhost:port}. A test acquirer host listens on one of them while it runs. Outside
 * the integration build (unit tests), a random free port.
 */
public final class IsoPorts {

    private static final Deque<Integer> FREE = new ArrayDeque<>();

    static {
        String reserved = System.getProperty("payments.it.iso.ports", "").strip();
        if (!reserved.isEmpty()) {
            Arrays.stream(reserved.split(",")).map(String::strip).map(Integer::valueOf).forEach(FREE::add);
        }
    }

    private IsoPorts() {
    }

    /** A port of the allow-list nobody listens on now (a random free one outside the integration build). */
    public static synchronized int take() {
        if (FREE.isEmpty()) {
            if (System.getProperty("payments.it.iso.ports") != null) {
                throw new IllegalStateException("every reserved ISO 8583 test port is taken: close a test host first");
            }
            try (ServerSocket socket = new ServerSocket(0)) {
                return socket.getLocalPort();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return FREE.poll();
    }

    /** Gives a port back once its host closed. */
    public static synchronized void release(int port) {
        String reserved = System.getProperty("payments.it.iso.ports", "");
        if (Arrays.asList(reserved.split(",")).contains(String.valueOf(port)) && !FREE.contains(port)) {
            FREE.add(port);
        }
    }

    /** The allow-list setting an extra instance under test starts with: every reserved port, by address and name. */
    static String allowedEndpointsOption() {
        String reserved = System.getProperty("payments.it.iso.ports", "").strip();
        if (reserved.isEmpty()) {
            return "";
        }
        return "-Dpayments.iso8583.allowed-endpoints=" + Arrays.stream(reserved.split(","))
                .map(p -> "127.0.0.1:" + p.strip() + ",localhost:" + p.strip()).collect(Collectors.joining(","));
    }
}
