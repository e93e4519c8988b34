import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The merchant of bench/faults.sh, run as a single-file program. Two modes:
 * <ul>
 * <li>{@code java bench/FaultClient.java load <base-url> <project-id> <api-key> <out-dir> <max-seconds> <stop-file>}:
 * {@code FAULT_WORKERS} (16) workers run payment flows through the load balancer until the stop file exists (or
 * max-seconds passed): tokenize a card, then authorize and capture, refund twice (partial refunds), or authorize
 * and reverse, or sell (authorize and capture at once) and refund, or only authorize. Every request carries its own
 * {@code Idempotency-Key}; a request that fails (no answer, a 5xx, or 409 "still in progress") is sent again with
 * the same key and body, as a careful merchant would, until it is answered or {@code FAULT_RETRY_SECONDS} (300)
 * passed. A flow whose step was not approved ends there. Writes {@code requests.tsv} (one line per request: key,
 * kind, attempts, final status, the ids it answered), {@code attempts.tsv} (one line per attempt: time, status or
 * error, the instance that answered) and {@code load-summary.txt}.</li>
 * <li>{@code java bench/FaultClient.java replay <base-url> <project-id> <api-key> <out-dir>}: sends every
 * answered request of {@code requests.tsv} once more with its key and body, and checks that the answer is the
 * stored one (same status and ids, {@code Idempotent-Replayed: true}); writes {@code replay.tsv} and
 * {@code replay-summary.txt}.</li>
 * </ul>
 * Request bodies are rebuilt from the fields of {@code requests.tsv} (card by label, amounts, ids), so the log holds
 * no card number. The cards are the Simulator's (DESIGN.md sections 6 and 11): 4242424242424242 approves,
 * 4000000000000002 declines, 4000000000000408 times out and was approved, 4000000000000416 times out and never
 * reached the processor.
 */
public final class FaultClient {

    static final Map<String, String> CARDS = Map.of(
            "approve", "4242424242424242",
            "decline", "4000000000000002",
            "timeout408", "4000000000000408",
            "timeout416", "4000000000000416");
    static final Pattern ID = Pattern.compile("\"id\":\"([0-9a-f-]{36})\"");
    static final Pattern MOVE_ID = Pattern.compile("\"(?:captureId|refundId|reversalId)\":\"([0-9a-f-]{36})\"");
    static final Pattern TOKEN = Pattern.compile("\"paymentToken\":\"([^\"]+)\"");
    static final Pattern STATUS = Pattern.compile("\"status\":\"([A-Za-z]+)\"");
    static final Pattern EVENT_RESULT = Pattern.compile("\"eventResult\":\"([A-Za-z]+)\"");

    /** One request as requests.tsv has it; the body is rebuilt from these fields. */
    static final class Call {
        String key;
        String kind;       // tokenize, authorize, sale, capture, refund, reverse
        int worker;
        long flow;
        String card = "";  // tokenize: the card's label
        String token = ""; // authorize, sale: the token value
        String txId = "";  // capture, refund, reverse: the transaction; authorize, sale: the answer's id
        String amount = "";
        long started;
        long ended;
        int attempts;
        int status;        // the final answer's status; 0: never answered
        String trail = ""; // each attempt's outcome: a status, IO (no answer) or TIMEOUT
        String resultId = ""; // tokenize: token id; authorize/sale: transaction id; moves: the move's event id
        String tokenValue = "";
        String result = "";   // authorize/sale: status; moves: eventResult
        boolean replayed;

        String path(String projectId) {
            String base = "/api/pay/" + projectId;
            return switch (kind) {
                case "tokenize" -> base + "/companyProjectCreditCardPaymentsInfo";
                case "authorize", "sale" -> base + "/transactions";
                default -> base + "/transactions/" + txId + "/" + kind;
            };
        }

        String body() {
            return switch (kind) {
                case "tokenize" -> "{\"creditCard\":{\"cardNumber\":\"" + CARDS.get(card) + "\",\"expirationMonth\":12,"
                        + "\"expirationYear\":2031,\"cvv\":\"123\",\"cardholderName\":\"Fault Suite\"},\"personAddress\":"
                        + "{\"firstName\":\"Fault\",\"lastName\":\"" + key + "\",\"email\":\"faults@example.com\","
                        + "\"addressLine1\":\"1 Main St\",\"city\":\"Springfield\",\"state\":\"IL\",\"zip\":\"62701\","
                        + "\"country\":\"US\"}}";
                case "authorize", "sale" -> "{\"paymentToken\":\"" + token + "\",\"amount\":" + amount
                        + ",\"currency\":\"USD\",\"capture\":" + kind.equals("sale") + ",\"orderId\":\"" + key + "\"}";
                case "reverse" -> "";
                default -> "{\"amount\":" + amount + "}";
            };
        }

        static final String HEADER = "key\tkind\tworker\tflow\tcard\ttoken\ttx_id\tamount\tstarted_ms\tended_ms\tattempts"
                + "\tstatus\ttrail\tresult_id\ttoken_value\tresult\treplayed";

        String line() {
            return String.join("\t", key, kind, Integer.toString(worker), Long.toString(flow), card, token, txId, amount,
                    Long.toString(started), Long.toString(ended), Integer.toString(attempts), Integer.toString(status),
                    trail, resultId, tokenValue, result, Boolean.toString(replayed));
        }

        static Call parse(String line) {
            String[] f = line.split("\t", -1);
            Call c = new Call();
            c.key = f[0];
            c.kind = f[1];
            c.worker = Integer.parseInt(f[2]);
            c.flow = Long.parseLong(f[3]);
            c.card = f[4];
            c.token = f[5];
            c.txId = f[6];
            c.amount = f[7];
            c.started = Long.parseLong(f[8]);
            c.ended = Long.parseLong(f[9]);
            c.attempts = Integer.parseInt(f[10]);
            c.status = Integer.parseInt(f[11]);
            c.trail = f[12];
            c.resultId = f[13];
            c.tokenValue = f[14];
            c.result = f[15];
            c.replayed = Boolean.parseBoolean(f[16]);
            return c;
        }
    }

    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3)).build();
    final String base;
    final String projectId;
    final String apiKey;
    final Path out;
    final long retryMillis = Long.getLong("retrySeconds", envLong("FAULT_RETRY_SECONDS", 300)) * 1000;
    final Duration requestTimeout = Duration.ofSeconds(envLong("FAULT_REQUEST_TIMEOUT_SECONDS", 20));
    final String run = Long.toString(System.currentTimeMillis() % 100_000_000L, 36);
    final AtomicLong flows = new AtomicLong();
    final AtomicInteger requestsStarted = new AtomicInteger();
    BufferedWriter requests;
    BufferedWriter attempts;
    volatile boolean stopping;

    FaultClient(String base, String projectId, String apiKey, Path out) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.projectId = projectId;
        this.apiKey = apiKey;
        this.out = out;
    }

    static long envLong(String name, long fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : Long.parseLong(value.trim());
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 5 && args[0].equals("load") && args.length == 7) {
            new FaultClient(args[1], args[2], args[3], Path.of(args[4])).load(Long.parseLong(args[5]), Path.of(args[6]));
        } else if (args.length == 5 && args[0].equals("replay")) {
            new FaultClient(args[1], args[2], args[3], Path.of(args[4])).replay();
        } else {
            System.err.println("usage: java bench/FaultClient.java load <base-url> <project-id> <api-key> <out-dir> "
                    + "<max-seconds> <stop-file>\n       java bench/FaultClient.java replay <base-url> <project-id> "
                    + "<api-key> <out-dir>");
            System.exit(2);
        }
    }

    // ---- load ------------------------------------------------------------------------------------------------

    void load(long maxSeconds, Path stopFile) throws Exception {
        int workers = (int) envLong("FAULT_WORKERS", 16);
        Files.createDirectories(out);
        requests = Files.newBufferedWriter(out.resolve("requests.tsv"), StandardCharsets.UTF_8);
        attempts = Files.newBufferedWriter(out.resolve("attempts.tsv"), StandardCharsets.UTF_8);
        requests.write(Call.HEADER + "\n");
        attempts.write("at_ms\tkey\tkind\tattempt\toutcome\tmillis\tserver\n");
        long start = System.currentTimeMillis();
        long deadline = start + maxSeconds * 1000;
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        for (int w = 0; w < workers; w++) {
            int worker = w;
            pool.submit(() -> {
                while (!stopping) {
                    try {
                        flow(worker);
                    } catch (InterruptedException e) {
                        return;
                    } catch (RuntimeException | IOException e) {
                        e.printStackTrace();
                    }
                }
            });
        }
        while (!Files.exists(stopFile) && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
        }
        stopping = true; // the requests in flight go on (with their retries); no new ones
        pool.shutdown();
        if (!pool.awaitTermination(retryMillis + 60_000, TimeUnit.MILLISECONDS)) {
            System.err.println("FaultClient: workers still busy after the retry time; stopping them");
            pool.shutdownNow();
        }
        synchronized (this) {
            requests.close();
            attempts.close();
        }
        summary(start);
    }

    /** One payment flow: a new token, then one of the mixes; ends at the first step that is not approved. */
    void flow(int worker) throws IOException, InterruptedException {
        long flow = flows.incrementAndGet();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int dice = random.nextInt(100);
        String card = dice < 5 ? "timeout408" : dice < 10 ? "timeout416" : dice < 14 ? "decline" : "approve";
        Call tokenize = call(worker, flow, "tokenize");
        tokenize.card = card;
        if (!send(tokenize) || tokenize.status != 201) {
            return;
        }
        int cents = 1000 + random.nextInt(9000); // 10.00 to 99.99
        String amount = money(cents);
        int mix = random.nextInt(100);
        if (mix < 25) { // a sale, then a partial refund
            Call sale = authorization(worker, flow, "sale", tokenize.tokenValue, amount);
            if (!send(sale) || !"Captured".equals(sale.result) || stopping) {
                return;
            }
            send(move(worker, flow, "refund", sale.resultId, money(150)));
            return;
        }
        Call auth = authorization(worker, flow, "authorize", tokenize.tokenValue, amount);
        if (!send(auth) || !"Approved".equals(auth.result) || stopping) {
            return;
        }
        if (mix < 60) { // partial capture, then two partial refunds of different amounts
            Call capture = move(worker, flow, "capture", auth.resultId, money(cents - 100));
            if (!send(capture) || !"Approved".equals(capture.result) || stopping) {
                return;
            }
            Call first = move(worker, flow, "refund", auth.resultId, money(101));
            if (!send(first) || !"Approved".equals(first.result) || stopping) {
                return;
            }
            send(move(worker, flow, "refund", auth.resultId, money(202)));
        } else if (mix < 80) {
            send(move(worker, flow, "reverse", auth.resultId, ""));
        }
        // else: the authorization stays open
    }

    static String money(int cents) {
        return String.format(Locale.ROOT, "%d.%02d", cents / 100, cents % 100);
    }

    Call call(int worker, long flow, String kind) {
        Call c = new Call();
        c.key = "f" + run + "-" + flow + "-" + requestsStarted.incrementAndGet() + "-" + kind;
        c.kind = kind;
        c.worker = worker;
        c.flow = flow;
        return c;
    }

    Call authorization(int worker, long flow, String kind, String token, String amount) {
        Call c = call(worker, flow, kind);
        c.token = token;
        c.amount = amount;
        return c;
    }

    Call move(int worker, long flow, String kind, String txId, String amount) {
        Call c = call(worker, flow, kind);
        c.txId = txId;
        c.amount = amount;
        return c;
    }

    HttpRequest request(Call c) {
        String body = c.body();
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + c.path(projectId)))
                .timeout(requestTimeout)
                .header("X-API-Key", apiKey)
                .header("Accept", "application/json")
                .header("Idempotency-Key", c.key);
        if (body.isEmpty()) {
            builder.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            builder.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        }
        return builder.build();
    }

    /**
     * Sends until answered (any status below 500 but 409) or the retry time is over; records the request and its
     * attempts. True when answered.
     */
    boolean send(Call c) throws IOException, InterruptedException {
        HttpRequest request = request(c);
        c.started = System.currentTimeMillis();
        List<String> trail = new ArrayList<>();
        long pause = 250;
        HttpResponse<String> answer = null;
        while (true) {
            c.attempts++;
            long sent = System.currentTimeMillis();
            String outcome;
            String server = "";
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                outcome = Integer.toString(response.statusCode());
                server = response.headers().firstValue("X-Fault-Server").orElse("");
                if (response.statusCode() < 500 && response.statusCode() != 409) {
                    answer = response;
                }
            } catch (java.net.http.HttpTimeoutException e) {
                outcome = "TIMEOUT";
            } catch (IOException e) {
                outcome = "IO";
            }
            long now = System.currentTimeMillis();
            trail.add(outcome);
            attempt(now, c, outcome, now - sent, server);
            if (answer != null || now - c.started > retryMillis) {
                break;
            }
            Thread.sleep(outcome.equals("409") ? 2000 : pause);
            pause = Math.min(pause * 2, 4000);
        }
        c.ended = System.currentTimeMillis();
        c.trail = String.join(",", trail);
        if (answer != null) {
            c.status = answer.statusCode();
            c.replayed = answer.headers().firstValue("Idempotent-Replayed").isPresent();
            read(c, answer.body());
        }
        synchronized (this) {
            requests.write(c.line() + "\n");
        }
        return answer != null;
    }

    /** The ids and results of an answer (the first match is the envelope's own field: entries come after it). */
    static void read(Call c, String body) {
        switch (c.kind) {
            case "tokenize" -> {
                c.resultId = first(ID, body);
                c.tokenValue = first(TOKEN, body);
            }
            case "authorize", "sale" -> {
                c.resultId = first(ID, body);
                c.txId = c.resultId;
                c.result = first(STATUS, body);
            }
            default -> {
                c.resultId = first(MOVE_ID, body);
                c.result = first(EVENT_RESULT, body);
            }
        }
    }

    static String first(Pattern pattern, String body) {
        Matcher m = pattern.matcher(body == null ? "" : body);
        return m.find() ? m.group(1) : "";
    }

    synchronized void attempt(long at, Call c, String outcome, long millis, String server) throws IOException {
        attempts.write(at + "\t" + c.key + "\t" + c.kind + "\t" + c.attempts + "\t" + outcome + "\t" + millis + "\t"
                + server + "\n");
    }

    /** Counts from requests.tsv and attempts.tsv, as key=value lines (load-summary.txt, read by bench/faults.sh). */
    void summary(long start) throws IOException {
        List<Call> calls = calls();
        int answered = 0;
        int retried = 0;
        int attemptsTotal = 0;
        Map<String, Integer> byKind = new TreeMap<>();
        Map<String, Integer> statuses = new TreeMap<>();
        for (Call c : calls) {
            byKind.merge(c.kind, 1, Integer::sum);
            statuses.merge(c.kind + ":" + c.status, 1, Integer::sum);
            answered += c.status > 0 ? 1 : 0;
            retried += c.attempts > 1 ? 1 : 0;
            attemptsTotal += c.attempts;
        }
        StringBuilder s = new StringBuilder();
        s.append("load_start_ms=").append(start).append('\n');
        s.append("load_end_ms=").append(System.currentTimeMillis()).append('\n');
        s.append("requests=").append(calls.size()).append('\n');
        s.append("answered=").append(answered).append('\n');
        s.append("unanswered=").append(calls.size() - answered).append('\n');
        s.append("retried=").append(retried).append('\n');
        s.append("attempts=").append(attemptsTotal).append('\n');
        s.append("flows=").append(flows.get()).append('\n');
        s.append("by_kind=").append(byKind.toString().replace(" ", "")).append('\n');
        s.append("statuses=").append(statuses.toString().replace(" ", "")).append('\n');
        Files.writeString(out.resolve("load-summary.txt"), s.toString());
        System.out.print(s);
    }

    List<Call> calls() throws IOException {
        List<Call> calls = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("requests.tsv"), StandardCharsets.UTF_8)) {
            if (!line.isBlank() && !line.startsWith("key\t")) {
                calls.add(Call.parse(line));
            }
        }
        return calls;
    }

    // ---- replay ----------------------------------------------------------------------------------------------

    /** Every answered request once more with its key: the stored answer must come back. */
    void replay() throws Exception {
        List<Call> calls = calls();
        AtomicInteger checked = new AtomicInteger();
        AtomicInteger notReplayed = new AtomicInteger();
        AtomicInteger differs = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Map<String, String> problems = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool((int) envLong("FAULT_WORKERS", 16));
        for (Call original : calls) {
            if (original.status == 0) {
                continue;
            }
            pool.submit(() -> {
                Call again = Call.parse(original.line());
                try {
                    HttpResponse<String> response = null;
                    for (int attempt = 0; attempt < 5 && response == null; attempt++) {
                        try {
                            response = http.send(request(again), HttpResponse.BodyHandlers.ofString());
                            if (response.statusCode() >= 500) {
                                response = null;
                                Thread.sleep(1000);
                            }
                        } catch (IOException e) {
                            Thread.sleep(1000);
                        }
                    }
                    checked.incrementAndGet();
                    if (response == null) {
                        failed.incrementAndGet();
                        problems.put(original.key, "no answer");
                        return null;
                    }
                    again.resultId = "";
                    again.result = "";
                    read(again, response.body());
                    boolean marked = response.headers().firstValue("Idempotent-Replayed").isPresent();
                    if (!marked) {
                        notReplayed.incrementAndGet();
                        problems.put(original.key, "answered " + response.statusCode() + " without Idempotent-Replayed");
                    } else if (response.statusCode() != original.status || !again.resultId.equals(original.resultId)) {
                        differs.incrementAndGet();
                        problems.put(original.key, "replay " + response.statusCode() + " " + again.resultId + " but first "
                                + original.status + " " + original.resultId);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return null;
            });
        }
        pool.shutdown();
        pool.awaitTermination(30, TimeUnit.MINUTES);
        StringBuilder lines = new StringBuilder("key\tproblem\n");
        problems.forEach((key, problem) -> lines.append(key).append('\t').append(problem).append('\n'));
        Files.writeString(out.resolve("replay.tsv"), lines.toString());
        String s = "replay_checked=" + checked.get() + "\nreplay_not_replayed=" + notReplayed.get()
                + "\nreplay_differs=" + differs.get() + "\nreplay_failed=" + failed.get() + "\n";
        Files.writeString(out.resolve("replay-summary.txt"), s);
        System.out.print(s);
    }
}
