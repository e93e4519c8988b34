package com.paycore.it;

import static com.paycore.it.Api.refused;
import static com.paycore.it.Cards.aShop;
import static com.paycore.it.Cards.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.paycore.it.clock.ClockShiftFilter;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/** Idempotency-Key on POSTs under /api/pay (DESIGN.md section 3), on E10. */
abstract class IdempotencyScenarios {

    @Test
    void aRepeatReplaysTheFirstAnswerWithoutASecondToken() {
        Cards.Shop shop = aShop();
        String key = UUID.randomUUID().toString();
        Response first = shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens());
        Response again = shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens());
        assertEquals(201, first.statusCode(), first.asString());
        assertNull(first.header("Idempotent-Replayed"));
        assertEquals(201, again.statusCode(), again.asString());
        assertEquals("true", again.header("Idempotent-Replayed"));
        assertEquals(JsonBody.of(first).getString("id"), JsonBody.of(again).getString("id"));
        assertEquals(JsonBody.of(first).getString("paymentToken"), JsonBody.of(again).getString("paymentToken"));
        Response fresh = shop.pay().header("Idempotency-Key", UUID.randomUUID().toString())
                .body(body("4242424242424242", "123")).post(shop.tokens());
        assertNotEquals(JsonBody.of(first).getString("id"), JsonBody.of(fresh).getString("id"));
    }

    @Test
    void aReplayOfACreateCarriesItsLocation() {
        Cards.Shop shop = aShop();
        String key = UUID.randomUUID().toString();
        Response first = shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens());
        Response again = shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens());
        assertEquals(201, first.statusCode(), first.asString());
        assertNotNull(first.header("Location"));
        assertEquals(201, again.statusCode(), again.asString());
        assertEquals("true", again.header("Idempotent-Replayed"));
        assertEquals(first.header("Location"), again.header("Location"));
        assertTrue(again.contentType().startsWith("application/json"), again.contentType());
        assertNotEquals(first.header("X-Request-Id"), again.header("X-Request-Id"));
    }

    @Test
    void theStoredRequestAndAnswerHoldNoCardDataAndNoUnkeyedHash() throws Exception {
        Cards.Shop shop = aShop();
        String key = UUID.randomUUID().toString();
        String request = "{\"creditCard\":{\"cardNumber\":\"4242424242424242\",\"expirationMonth\":12,"
                + "\"expirationYear\":2031,\"cvv\":\"123\",\"cardholderName\":\"Ada Lovelace\"},"
                + "\"personAddress\":{\"firstName\":\"Ada\",\"lastName\":\"Lovelace\",\"email\":\"ada@example.com\","
                + "\"addressLine1\":\"12 Square\",\"city\":\"London\",\"state\":\"LDN\",\"zip\":\"SW1Y 4JH\",\"country\":\"GB\"}}";
        Response first = shop.pay().header("Idempotency-Key", key).body(request).post(shop.tokens());
        assertEquals(201, first.statusCode(), first.asString());
        String fingerprint;
        String response;
        try (var db = DatabaseDump.connect();
             var st = db.prepareStatement("select fingerprint, response from idempotency_keys where idem_key = ?")) {
            st.setString(1, key);
            try (var rs = st.executeQuery()) {
                assertTrue(rs.next(), "the idempotency row");
                fingerprint = rs.getString(1);
                response = rs.getString(2);
            }
        }
        String target = "pay/" + shop.projectId() + "/companyProjectCreditCardPaymentsInfo";
        String unkeyed = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(("POST\n" + target + "\n" + request).getBytes(StandardCharsets.UTF_8)));
        assertNotEquals(unkeyed, fingerprint, "an unkeyed hash of the card data");
        assertTrue(fingerprint.matches("[0-9a-f]{64}"), fingerprint);
        for (String clear : List.of("Ada Lovelace", "424242", JsonBody.of(first).getString("paymentToken"), "maskedCardNumber")) {
            assertTrue(!response.contains(clear), "stored answer holds " + clear + " in clear");
        }
        assertTrue(response.startsWith("v1."), "sealed under the master key");
    }

    @Test
    void theSameKeyWithAnotherBodyIs400() {
        Cards.Shop shop = aShop();
        String key = UUID.randomUUID().toString();
        Api.created(shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens()));
        refused(shop.pay().header("Idempotency-Key", key).body(body("5555555555554444", "123")).post(shop.tokens()), 400);
        refused(shop.pay().header("Idempotency-Key", "k".repeat(256)).body(body("4242424242424242", "123")).post(shop.tokens()), 400);
    }

    @Test
    void refusalsAreReplayedToo() {
        Cards.Shop shop = aShop();
        String key = UUID.randomUUID().toString();
        refused(shop.pay().header("Idempotency-Key", key).body(body("4242424242424241", "123")).post(shop.tokens()), 400);
        Response again = shop.pay().header("Idempotency-Key", key).body(body("4242424242424241", "123")).post(shop.tokens());
        assertEquals(400, again.statusCode());
        assertEquals("true", again.header("Idempotent-Replayed"));
    }

    @Test
    void keysAreScopedToTheProject() {
        Cards.Shop a = aShop();
        Cards.Shop b = aShop();
        String key = UUID.randomUUID().toString();
        Api.created(a.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(a.tokens()));
        Response other = b.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(b.tokens());
        assertEquals(201, other.statusCode());
        assertNull(other.header("Idempotent-Replayed"));
    }

    @Test
    void tenConcurrentIdenticalRequestsOnTwoInstancesMakeOneToken() throws Exception {
        Cards.Shop shop = aShop();
        String key = UUID.randomUUID().toString();
        ExecutorService pool = Executors.newFixedThreadPool(10);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                boolean second = i % 2 == 1;
                answers.add(pool.submit(() -> {
                    start.await();
                    return (second ? shop.paySecond() : shop.pay()).header("Idempotency-Key", key)
                            .body(body("6011111111111117", "123")).post(shop.tokens());
                }));
            }
            start.countDown();
            Set<String> ids = new HashSet<>();
            int created = 0;
            for (Future<Response> f : answers) {
                Response r = f.get();
                assertTrue(r.statusCode() == 201 || r.statusCode() == 409, r.statusCode() + " " + r.asString());
                if (r.statusCode() == 201) {
                    ids.add(JsonBody.of(r).getString("id"));
                    if (r.header("Idempotent-Replayed") == null) {
                        created++;
                    }
                }
            }
            assertEquals(1, created, "exactly one request ran");
            assertEquals(1, ids.size(), "every 201 names the same token");
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- crash safety: a claim never outlives the work it guards ----

    /**
     * Puts the key's row back into the state a request killed after its claim leaves: IN_PROGRESS, no answer, the
     * lease ending at {@code leaseUntil}.
     */
    static void leftByAKilledRequest(String key, OffsetDateTime leaseUntil) throws Exception {
        try (var db = DatabaseDump.connect();
             var st = db.prepareStatement("update idempotency_keys set state = 'IN_PROGRESS', status = null, "
                     + "response = null, lease_until = ? where idem_key = ?")) {
            st.setObject(1, leaseUntil);
            st.setString(2, key);
            assertEquals(1, st.executeUpdate(), "the idempotency row of " + key);
        }
    }

    static String stateOf(String key) throws Exception {
        try (var db = DatabaseDump.connect();
             var st = db.prepareStatement("select state from idempotency_keys where idem_key = ?")) {
            st.setString(1, key);
            try (var rs = st.executeQuery()) {
                assertTrue(rs.next(), "the idempotency row of " + key);
                return rs.getString(1);
            }
        }
    }

    @Test
    void aClaimLeftByAKilledRequestHoldsItsKeyOnlyForItsLease() throws Exception {
        Cards.Shop shop = aShop();
        String token = shop.aToken("4111111111111111");
        String key = UUID.randomUUID().toString();
        Map<String, Object> request = Map.of("paymentToken", token,
                "amount", new BigDecimal("7.00"), "currency", "USD", "capture", false);
        Response first = shop.pay().header("Idempotency-Key", key).body(request).post(shop.transactions());
        assertEquals(201, first.statusCode(), first.asString());
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);

        // the claiming request died a moment ago: its lease still runs, a retry is told to come back
        leftByAKilledRequest(key, now.plusMinutes(5));
        Response during = shop.pay().header("Idempotency-Key", key).body(request).post(shop.transactions());
        assertEquals(409, during.statusCode(), during.asString());
        assertEquals("IN_PROGRESS", stateOf(key));

        // the lease has run out: the retry takes the claim over and runs, its answer is stored and replayed
        leftByAKilledRequest(key, now.minusSeconds(1));
        Response retry = shop.pay().header("Idempotency-Key", key).body(request).post(shop.transactions());
        assertEquals(201, retry.statusCode(), retry.asString());
        assertNull(retry.header("Idempotent-Replayed"), "the retry ran");
        assertEquals("Approved", JsonBody.of(retry).getString("status"));
        assertEquals("COMPLETED", stateOf(key));
        Response again = shop.pay().header("Idempotency-Key", key).body(request).post(shop.transactions());
        assertEquals("true", again.header("Idempotent-Replayed"));
        assertEquals(JsonBody.of(retry).getString("id"), JsonBody.of(again).getString("id"));

        // a different request under a lapsed key is still a reuse of the key
        leftByAKilledRequest(key, now.minusSeconds(1));
        refused(shop.pay().header("Idempotency-Key", key).body(Map.of("paymentToken", token,
                "amount", new BigDecimal("8.00"), "currency", "USD", "capture", false))
                .post(shop.transactions()), 400);
    }

    @Test
    void aLapsedClaimIsTakenOverByOneRetryOnly() throws Exception {
        Cards.Shop shop = aShop();
        String key = UUID.randomUUID().toString();
        Response first = shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens());
        assertEquals(201, first.statusCode(), first.asString());
        leftByAKilledRequest(key, OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(1));
        List<Response> answers = Parallel.run(8, i -> (i % 2 == 0 ? shop.pay() : shop.paySecond())
                .header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens()));
        int ran = 0;
        Set<String> ids = new HashSet<>();
        for (Response r : answers) {
            assertTrue(r.statusCode() == 201 || r.statusCode() == 409, r.statusCode() + " " + r.asString());
            if (r.statusCode() == 201) {
                ids.add(JsonBody.of(r).getString("id"));
                if (r.header("Idempotent-Replayed") == null) {
                    ran++;
                }
            }
        }
        assertEquals(1, ran, "exactly one retry took the lapsed claim over");
        assertEquals(1, ids.size(), "every 201 names the token of that retry");
    }

    static long count(String sql, Object parameter) throws Exception {
        try (var db = DatabaseDump.connect(); var st = db.prepareStatement(sql)) {
            st.setObject(1, parameter);
            try (var rs = st.executeQuery()) {
                assertTrue(rs.next());
                return rs.getLong(1);
            }
        }
    }

    /**
     * The effect and its stored answer commit in one transaction (a kill -9 or a database restart between
     * the two would let a retry after the lease run the work a second time). Storing the answer fails once, as when the
     * database goes away at that moment: the token is not kept either, and the retry makes the only one.
     */
    @Test
    void anEffectAndItsAnswerCommitTogetherOrNotAtAll() throws Exception {
        Assumptions.assumeTrue(System.getenv("PAYMENTS_DB_URL") != null,
                "the failure is a PostgreSQL trigger");
        Cards.Shop shop = aShop();
        String key = UUID.randomUUID().toString();
        String tag = "it_fail_" + key.replace("-", "");
        try (var db = DatabaseDump.connect(); var st = db.createStatement()) {
            st.execute("create sequence " + tag);
            st.execute("create function " + tag + "() returns trigger language plpgsql as $$ begin "
                    + "if nextval('" + tag + "') <= 1 then raise exception 'the database is away'; end if; "
                    + "return new; end $$");
            st.execute("create trigger " + tag + " before update on idempotency_keys for each row when "
                    + "(new.idem_key = '" + key + "' and new.state = 'COMPLETED') execute function " + tag + "()");
        }
        String tokens = "select count(*) from payment_tokens where project_id = ?";
        try {
            Response first = shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens());
            assertEquals(500, first.statusCode(), first.asString());
            assertEquals(0, count(tokens, shop.projectId()), "the token went with its answer");
            assertEquals(0, count("select count(*) from idempotency_keys where idem_key = ?", key),
                    "the failed request released its claim");

            Response retry = shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens());
            assertEquals(201, retry.statusCode(), retry.asString());
            assertNull(retry.header("Idempotent-Replayed"), "the retry ran");
            assertEquals("COMPLETED", stateOf(key));
            Response again = shop.pay().header("Idempotency-Key", key).body(body("4242424242424242", "123")).post(shop.tokens());
            assertEquals("true", again.header("Idempotent-Replayed"));
            assertEquals(JsonBody.of(retry).getString("id"), JsonBody.of(again).getString("id"));
            assertEquals(1, count(tokens, shop.projectId()), "one token in all");
        } finally {
            try (var db = DatabaseDump.connect(); var st = db.createStatement()) {
                st.execute("drop trigger if exists " + tag + " on idempotency_keys");
                st.execute("drop function if exists " + tag + "()");
                st.execute("drop sequence if exists " + tag);
            }
        }
    }

    /**
     * A request still running when its lease ran out and a retry took its claim over (a slow processor): its effect
     * is undone when it finds the claim no longer its own (409), so the work is done once, by the retry. The takeover
     * is played by giving the claim row a new id while the first request waits on the processor.
     */
    @Test
    void aRequestWhoseClaimWasTakenOverLeavesNoEffect() throws Exception {
        Cards.Shop shop = aShop();
        String token = shop.aToken(UnknownOutcomeScenarios.TIMES_OUT_APPROVED);
        String key = UUID.randomUUID().toString();
        String orderId = "fenced-" + key;
        Map<String, Object> request = Map.of("paymentToken", token,
                "amount", new BigDecimal("9.00"), "currency", "USD", "orderId", orderId);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Response> slow = pool.submit(() ->
                    shop.pay().header("Idempotency-Key", key).body(request).post(shop.transactions()));
            String claims = "select count(*) from idempotency_keys where idem_key = ? and state = 'IN_PROGRESS'";
            long deadline = System.currentTimeMillis() + 10_000;
            while (count(claims, key) == 0) {
                assertTrue(System.currentTimeMillis() < deadline, "the first request claimed its key");
                Thread.sleep(50);
            }
            try (var db = DatabaseDump.connect();
                 var st = db.prepareStatement("update idempotency_keys set id = ? where idem_key = ?")) {
                st.setObject(1, UUID.randomUUID());
                st.setString(2, key);
                assertEquals(1, st.executeUpdate());
            }
            Response first = slow.get(60, TimeUnit.SECONDS);
            assertEquals(409, first.statusCode(), first.asString());
            assertEquals(0, count("select count(*) from transactions where order_id = ?", orderId),
                    "the request that lost its claim recorded nothing");
            assertEquals("IN_PROGRESS", stateOf(key), "the claim that took over is untouched");
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- a streamed body: the card file upload (DESIGN.md section 13) ----

    static String cardFileRow(String key, String column) throws Exception {
        try (var db = DatabaseDump.connect();
             var st = db.prepareStatement("select " + column + " from idempotency_keys where idem_key = ?")) {
            st.setString(1, key);
            try (var rs = st.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    static OffsetDateTime leaseOf(String key) throws Exception {
        try (var db = DatabaseDump.connect();
             var st = db.prepareStatement("select lease_until from idempotency_keys where idem_key = ?")) {
            st.setString(1, key);
            try (var rs = st.executeQuery()) {
                assertTrue(rs.next(), "the idempotency row of " + key);
                return rs.getObject(1, OffsetDateTime.class);
            }
        }
    }

    static Response uploadUnder(CardFileScenarios.Project p, RequestSpecification pay,
                                String key, byte[] message) {
        return p.upload(pay.header("Idempotency-Key", key), message);
    }

    @Test
    void aCardFileUnderAKeyIsStoredOnceAndItsRepeatReplayedOnEitherInstance() throws Exception {
        try (CardFileScenarios.Project p = new CardFileScenarios.Project()) {
            String key = UUID.randomUUID().toString();
            byte[] file = p.encrypt(CardFileScenarios.HEADER + "\n"
                    + CardFileScenarios.row("r-1", "4242424242424242", 12, CardFileScenarios.YEAR) + "\n");
            Response first = uploadUnder(p, p.shop.pay(), key, file);
            assertEquals(202, first.statusCode(), first.asString());
            assertNull(first.header("Idempotent-Replayed"));
            String id = JsonBody.of(first).getString("id");
            assertEquals("COMPLETED", cardFileRow(key, "state"));
            assertTrue(cardFileRow(key, "fingerprint").matches("[0-9a-f]{64}"), "the whole body's fingerprint");

            for (Response again : List.of(uploadUnder(p, p.shop.pay(), key, file), uploadUnder(p, p.shop.paySecond(), key, file))) {
                assertEquals(202, again.statusCode(), again.asString());
                assertEquals("true", again.header("Idempotent-Replayed"));
                assertEquals(id, JsonBody.of(again).getString("id"));
                assertEquals(JsonBody.of(first).getString("runId"), JsonBody.of(again).getString("runId"));
                assertEquals(first.header("Location"), again.header("Location"));
            }
            List<Object> listed = Api.ok(p.shop.pay().get(p.files())).getList("entries.id");
            assertEquals(List.of(id), listed, "no second file");

            // another file under the key: the codebase's refusal of a reused key, and still one file
            byte[] other = p.encrypt(CardFileScenarios.HEADER + "\n"
                    + CardFileScenarios.row("r-2", "5555555555554444", 12, CardFileScenarios.YEAR) + "\n");
            JsonBody reused = refused(uploadUnder(p, p.shop.pay(), key, other), 400);
            assertTrue(reused.getString("errorMessage").contains("Idempotency-Key reused"), reused.prettify());
            assertEquals(List.of(id), Api.ok(p.shop.pay().get(p.files())).getList("entries.id"));
            assertEquals(1, p.awaitEnd(UUID.fromString(id)).getLong("entry.tokenized"));
        }
    }

    @Test
    void aCardFileStillArrivingHoldsItsKey() throws Exception {
        try (CardFileScenarios.Project p = new CardFileScenarios.Project()) {
            String key = UUID.randomUUID().toString();
            byte[] file = p.encrypt(CardFileScenarios.HEADER + "\n"
                    + CardFileScenarios.row("r-1", "4242424242424242", 12, CardFileScenarios.YEAR) + "\n");
            // the headers and the first half of the body now, the rest once the repeats have been answered
            URI base = URI.create(Deployments.baseUri());
            try (Socket socket = new Socket(base.getHost(), base.getPort())) {
                socket.setSoTimeout(60_000);
                var out = socket.getOutputStream();
                out.write(("POST " + p.files() + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                        + "\r\nX-API-Key: " + p.shop.key() + "\r\nIdempotency-Key: " + key
                        + "\r\n" + ClockShiftFilter.PACE + ": " + PACE
                        + "\r\nContent-Type: application/pgp-encrypted\r\nAccept: application/json\r\nContent-Length: "
                        + file.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(file, 0, file.length / 2);
                out.flush();
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (!"IN_PROGRESS".equals(cardFileRow(key, "state")) && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                assertEquals(IN_PROGRESS_PENDING, cardFileRow(key, "state") + " " + cardFileRow(key, "fingerprint"),
                        "claimed before its body has arrived");
                refused(uploadUnder(p, p.shop.pay(), key, file), 409);
                refused(uploadUnder(p, p.shop.paySecond(), key, file), 409);
                // bytes that come after a third of the lease (30 s) renew it: 1.5 s pass, 15 s for this request
                OffsetDateTime leaseBefore = leaseOf(key);
                Thread.sleep(1_500);
                out.write(file, file.length / 2, file.length - file.length / 2);
                out.flush();
                String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(answer.startsWith("HTTP/1.1 202"), answer);
                assertTrue(leaseOf(key).isAfter(leaseBefore.plusSeconds(5)), leaseBefore + " renewed as the body came: "
                        + leaseOf(key));
            }
            Response again = uploadUnder(p, p.shop.pay(), key, file);
            assertEquals(202, again.statusCode(), again.asString());
            assertEquals("true", again.header("Idempotent-Replayed"));
            assertEquals(1, Api.ok(p.shop.pay().get(p.files())).getList("entries").size());
        }
    }

    static final String IN_PROGRESS_PENDING = "IN_PROGRESS pending";

    /** How much faster the clock runs for the card file still arriving ({@link ClockShiftFilter#PACE}). */
    private static final int PACE = 10;

    @Test
    void refusedCardFilesFollowTheRulesOfEveryRefusal() throws Exception {
        try (CardFileScenarios.Project p = new CardFileScenarios.Project()) {
            byte[] file = p.encrypt(CardFileScenarios.HEADER + "\n"
                    + CardFileScenarios.row("r-1", "4242424242424242", 12, CardFileScenarios.YEAR) + "\n");
            // not an OpenPGP message: kept and replayed; the key stays this request's
            String key = UUID.randomUUID().toString();
            byte[] notPgp = "reference,cardNumber\n".getBytes(StandardCharsets.UTF_8);
            refused(uploadUnder(p, p.shop.pay(), key, notPgp), 400);
            Response again = uploadUnder(p, p.shop.pay(), key, notPgp);
            assertEquals(400, again.statusCode(), again.asString());
            assertEquals("true", again.header("Idempotent-Replayed"));
            assertTrue(refused(uploadUnder(p, p.shop.pay(), key, file), 400).getString("errorMessage")
                    .contains("Idempotency-Key reused"));

            // over payments.card-files.max-bytes (8 MiB in these tests): 413 at once, the connection closed unread;
            // nothing is kept, so the key is free for the file meant
            String big = UUID.randomUUID().toString();
            byte[] tooBig = new byte[9 << 20];
            tooBig[0] = (byte) 0x85;
            Response refusedBig = uploadUnder(p, p.shop.pay(), big, tooBig);
            assertEquals(413, refusedBig.statusCode(), refusedBig.asString());
            assertNull(cardFileRow(big, "state"), "a refusal of an unread body keeps no claim");
            Response meant = uploadUnder(p, p.shop.pay(), big, file);
            assertEquals(202, meant.statusCode(), meant.asString());
            assertNull(meant.header("Idempotent-Replayed"));
            assertEquals(1, Api.ok(p.shop.pay().get(p.files())).getList("entries").size());
        }
    }
}
