import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The webhook receiver of bench/webhooks.sh, run as a single-file program: {@code java bench/WebhookReceiver.java
 * <port> <out-file>}. Answers every POST 200 at once and appends one line per delivery to the file: the arrival
 * (epoch milliseconds), the event's id, its type and its createdDate (epoch milliseconds), tab-separated. Checks
 * nothing else: the signature is the integration tests' business.
 */
public final class WebhookReceiver {

    private static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");
    private static final Pattern TYPE = Pattern.compile("\"type\":\"([^\"]+)\"");
    private static final Pattern CREATED = Pattern.compile("\"createdDate\":\"([^\"]+)\"");

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8), false);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 256);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/", exchange -> {
            long arrived = System.currentTimeMillis();
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
            String line = arrived + "\t" + first(ID, body) + "\t" + first(TYPE, body) + "\t"
                    + OffsetDateTime.parse(first(CREATED, body)).toInstant().toEpochMilli();
            synchronized (out) {
                out.println(line);
                out.flush();
            }
        });
        server.start();
        System.out.println("receiving on http://127.0.0.1:" + port + "/hook");
    }

    private static String first(Pattern pattern, String body) {
        Matcher m = pattern.matcher(body);
        if (!m.find()) {
            throw new IllegalArgumentException("not an event: " + body.substring(0, Math.min(200, body.length())));
        }
        return m.group(1);
    }
}
