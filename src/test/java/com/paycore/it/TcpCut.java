package com.paycore.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP forwarder on a local port to a target (the test's PostgreSQL) that the test can cut, as a database outage
 * looks to the application (connections reset, new ones refused), and restore on the same port.
 */
final class TcpCut implements AutoCloseable {

    private final String targetHost;
    private final int targetPort;
    private final int port;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    TcpCut(String targetHost, int targetPort) throws IOException {
        this(targetHost, targetPort, freePort());
    }

    /** A forwarder listening on the given local port. */
    TcpCut(String targetHost, int targetPort, int port) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.port = port;
        restore();
    }

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }

    int port() {
        return port;
    }

    /** Accepts and forwards again. */
    synchronized void restore() throws IOException {
        ServerSocket listening = new ServerSocket();
        listening.setReuseAddress(true);
        listening.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        server = listening;
        Thread acceptor = new Thread(() -> accept(listening), "tcp-cut-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Refuses new connections and resets the forwarded ones. */
    synchronized void cut() throws IOException {
        server.close();
        for (Socket socket : open) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        open.clear();
    }

    private void accept(ServerSocket listening) {
        while (!listening.isClosed()) {
            try {
                Socket client = listening.accept();
                Socket upstream = new Socket(targetHost, targetPort);
                open.add(client);
                open.add(upstream);
                pipe(client, upstream);
                pipe(upstream, client);
            } catch (IOException e) {
                // closed by cut(), or a failed upstream connection: the client sees a reset
            }
        }
    }

    /** Copies one socket into the other until either closes, then closes both (also the TLS relay of AcquirerHost). */
    static void pipe(Socket from, Socket to) {
        Thread copier = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException e) {
                // one side closed
            } finally {
                try {
                    from.close();
                    to.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }, "tcp-cut-pipe");
        copier.setDaemon(true);
        copier.start();
    }

    @Override
    public void close() throws IOException {
        cut();
    }
}
