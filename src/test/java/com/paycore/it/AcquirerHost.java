package com.paycore.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

import org.jpos.iso.ISOException;
import org.jpos.iso.ISOMsg;
import org.jpos.iso.ISOServer;
import org.jpos.iso.ISOSource;
import org.jpos.iso.channel.PostChannel;
import org.jpos.iso.packager.ISO87APackager;
import org.jpos.util.ThreadPool;

/**
 * An ISO 8583:1987 host no code of ours wrote: jPOS's {@code ISOServer} with {@code ISO87APackager} on a
 * {@code PostChannel} (ASCII, 2-byte binary length header), on a local port of the test JVM. It records every
 * message it receives and answers as each test scripts it, by card number (field 2) or amount (field 4): a response
 * code, or silence (silence also for any messages a test picks by a predicate). By default it approves (39
 * {@code 00}, 38 an approval code), answers {@code 0800} with {@code 0810} and every reversal with {@code 0410}.
 * <p>
 * {@link #startTls} puts a TLS front with a self-signed certificate (for {@code localhost} and {@code 127.0.0.1})
 * before the same host.
 */
public final class AcquirerHost implements AutoCloseable {

    public static final String APPROVAL_CODE = "A1B2C3";

    private final ISOServer server;
    private final Thread serverThread;
    private final int port;
    private final List<ISOMsg> received = new CopyOnWriteArrayList<>();
    private final Map<String, String> codeByPan = new ConcurrentHashMap<>();
    private final Map<String, String> codeByAmount = new ConcurrentHashMap<>();
    private final Set<String> silentPans = ConcurrentHashMap.newKeySet();
    private final Set<String> silentAmounts = ConcurrentHashMap.newKeySet();
    private final Set<String> silentTypes = ConcurrentHashMap.newKeySet();
    private final Set<Predicate<ISOMsg>> silentWhen = ConcurrentHashMap.newKeySet();
    private volatile long delayMillis;
    private final ScheduledExecutorService later = Executors.newScheduledThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "acquirer-host-answers");
        thread.setDaemon(true);
        return thread;
    });
    private TlsFront tls;

    private AcquirerHost(int port) throws IOException {
        this.port = port;
        PostChannel channel = new PostChannel(new ISO87APackager());
        server = new ISOServer(port, channel, new ThreadPool(4, 200, "acquirer-host"));
        server.addISORequestListener((source, request) -> {
            received.add((ISOMsg) request.clone());
            try {
                ISOMsg answer = answer(request);
                if (answer == null) {
                    return true;
                }
                long delay = delayMillis;
                if (delay > 0) {
                    // each answer its own delay after its request, as a host working on several at once
                    later.schedule(() -> send(source, answer), delay, TimeUnit.MILLISECONDS);
                } else {
                    send(source, answer);
                }
            } catch (ISOException e) {
                // no answer can be built: none is sent
            }
            return true;
        });
        serverThread = new Thread(server, "acquirer-host-" + port);
        serverThread.setDaemon(true);
        serverThread.start();
        awaitListening(port);
    }

    /** A host on a free local port. */
    public static AcquirerHost start() {
        try {
            return new AcquirerHost(freePort());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A host on the given local port (one that a host used before, to come back). */
    public static AcquirerHost startOn(int port) {
        try {
            return new AcquirerHost(port);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A host behind a TLS front whose self-signed certificate names {@code localhost} and {@code 127.0.0.1}. */
    public static AcquirerHost startTls() {
        AcquirerHost host = start();
        try {
            host.tls = new TlsFront(host.port);
        } catch (Exception e) {
            host.close();
            throw new IllegalStateException(e);
        }
        return host;
    }

    /** The port clients connect to (the TLS front's, when there is one). */
    public int port() {
        return tls != null ? tls.port() : port;
    }

    /** The TLS front's certificate as PEM (the only trust anchor a client needs). */
    public String certificatePem() {
        return tls.pem();
    }

    /** Answers requests for this card number with this response code. */
    public AcquirerHost answer(String pan, String code) {
        codeByPan.put(pan, code);
        return this;
    }

    /** Answers requests for this amount (field 4, 12 digits) with this response code. */
    public AcquirerHost answerAmount(String amount12, String code) {
        codeByAmount.put(amount12, code);
        return this;
    }

    /** Never answers requests for this card number. */
    public AcquirerHost silent(String pan) {
        silentPans.add(pan);
        return this;
    }

    /** Answers requests for this card number again (after {@link #silent}). */
    public AcquirerHost hear(String pan) {
        silentPans.remove(pan);
        return this;
    }

    /** Never answers requests for this amount (field 4, 12 digits), reversals excepted. */
    public AcquirerHost silentAmount(String amount12) {
        silentAmounts.add(amount12);
        return this;
    }

    /** The amounts the host does not answer (to change while a test runs). */
    public Set<String> silentAmounts() {
        return silentAmounts;
    }

    /** Never answers requests of this message type (e.g. 0400), until {@link #speak}. */
    public AcquirerHost silentType(String mti) {
        silentTypes.add(mti);
        return this;
    }

    public AcquirerHost speak(String mti) {
        silentTypes.remove(mti);
        return this;
    }

    /**
     * Never answers the messages that match (a test's own messages, e.g. the reversals of one retrieval reference),
     * until {@link #answerAgain} with the same predicate.
     */
    public AcquirerHost silentWhen(Predicate<ISOMsg> which) {
        silentWhen.add(which);
        return this;
    }

    public AcquirerHost answerAgain(Predicate<ISOMsg> which) {
        silentWhen.remove(which);
        return this;
    }

    private static void send(ISOSource source, ISOMsg answer) {
        try {
            source.send(answer);
        } catch (IOException | ISOException e) {
            // the connection went away: nothing to answer on
        }
    }

    /** Answers each request this long after it arrived (requests arriving meanwhile are read and wait too). */
    public AcquirerHost delay(long millis) {
        delayMillis = millis;
        return this;
    }

    /** Every message received so far, in order of arrival. */
    public List<ISOMsg> received() {
        return new ArrayList<>(received);
    }

    /** The messages received so far that match. */
    public List<ISOMsg> received(Predicate<ISOMsg> which) {
        return received().stream().filter(which).toList();
    }

    /** Waits (at most {@code within}) until a message that matches has arrived, and answers the first. */
    public ISOMsg await(Predicate<ISOMsg> which, Duration within) {
        long end = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < end) {
            for (ISOMsg message : received()) {
                if (which.test(message)) {
                    return message;
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("no such message reached the host within " + within + "; it received "
                + received().stream().map(AcquirerHost::describe).toList());
    }

    /** A message by type and field: {@code mti("0400")}. */
    public static Predicate<ISOMsg> mti(String mti) {
        return m -> {
            try {
                return mti.equals(m.getMTI());
            } catch (ISOException e) {
                return false;
            }
        };
    }

    /** A message's type and fields, the PAN masked (for assertion messages). */
    public static String describe(ISOMsg message) {
        StringBuilder text = new StringBuilder();
        try {
            text.append(message.getMTI());
        } catch (ISOException e) {
            text.append("????");
        }
        for (int i = 2; i <= 128; i++) {
            if (message.hasField(i)) {
                String value = message.getString(i);
                text.append(' ').append(i).append('=').append(i == 2 || i == 48 || i == 14 ? "(card data)" : value);
            }
        }
        return text.toString();
    }

    private ISOMsg answer(ISOMsg request) throws ISOException {
        String mti = request.getMTI();
        if (silentTypes.contains(mti) || silentWhen.stream().anyMatch(which -> which.test(request))) {
            return null;
        }
        String pan = request.getString(2);
        String amount = request.getString(4);
        boolean reversal = mti.startsWith("04");
        if (pan != null && silentPans.contains(pan) || amount != null && !reversal && silentAmounts.contains(amount)) {
            return null;
        }
        String code = "00";
        if (pan != null && codeByPan.containsKey(pan)) {
            code = codeByPan.get(pan);
        } else if (amount != null && codeByAmount.containsKey(amount) && !mti.startsWith("04")) {
            code = codeByAmount.get(amount);
        }
        ISOMsg answer = (ISOMsg) request.clone();
        answer.setResponseMTI();
        if (answer.getMTI().endsWith("1")) { // a repeat is answered as its original
            answer.setMTI(answer.getMTI().substring(0, 3) + "0");
        }
        answer.unset(new int[] {2, 14, 35, 48, 52});
        answer.set(39, code);
        if ("00".equals(code) && ("0100".equals(mti) || "0200".equals(mti))) {
            answer.set(38, APPROVAL_CODE);
        }
        return answer;
    }

    /** Drops every open connection of the host (it keeps listening). */
    public void dropConnections() {
        server.shutdown();
    }

    @Override
    public void close() {
        later.shutdownNow();
        server.shutdown();
        serverThread.interrupt();
        IsoPorts.release(port);
        if (tls != null) {
            tls.close();
            IsoPorts.release(tls.port());
        }
    }

    /** A port the instances under test may connect to ({@link IsoPorts}). */
    private static int freePort() {
        return IsoPorts.take();
    }

    private static void awaitListening(int port) {
        for (int i = 0; i < 100; i++) {
            try (Socket probe = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        throw new IllegalStateException("the jPOS host did not start listening on " + port);
    }

    /** A TLS front: terminates TLS with a self-signed certificate and relays the bytes to the plain host. */
    private static final class TlsFront {

        private final SSLServerSocket listener;
        private final String pem;
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();

        TlsFront(int target) throws Exception {
            Path dir = Files.createTempDirectory("acquirer-tls");
            Path store = dir.resolve("host.p12");
            char[] password = "changeit".toCharArray();
            Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair", "-alias", "host", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                    "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                    "-keystore", store.toString(), "-storepass", "changeit", "-keypass", "changeit")
                    .redirectErrorStream(true).start();
            keytool.getInputStream().readAllBytes();
            if (keytool.waitFor() != 0) {
                throw new IllegalStateException("keytool failed");
            }
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                keys.load(in, password);
            }
            Certificate certificate = keys.getCertificate("host");
            pem = "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(
                    certificate.getEncoded()) + "\n-----END CERTIFICATE-----\n";
            KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            managers.init(keys, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(managers.getKeyManagers(), null, null);
            listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(IsoPorts.take());
            Thread acceptor = new Thread(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket client = listener.accept();
                        Socket host = new Socket("127.0.0.1", target);
                        sockets.add(client);
                        sockets.add(host);
                        relay(client, host);
                        relay(host, client);
                    } catch (IOException e) {
                        // closed, or one client failed its handshake
                    }
                }
            }, "acquirer-host-tls");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return listener.getLocalPort();
        }

        String pem() {
            return pem;
        }

        private void relay(Socket from, Socket to) {
            TcpCut.pipe(from, to);
        }

        void close() {
            try {
                listener.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            sockets.forEach(socket -> {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            });
        }
    }
}
