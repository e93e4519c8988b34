package com.paycore.it;

import static com.paycore.it.Api.aKey;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.created;
import static com.paycore.it.Api.keysOf;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.Year;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import com.paycore.apikey.Gpg;
import com.paycore.cardfile.CardFileQueries;

/**
 * Card files (DESIGN.md section 13) on the real WAR, encrypted (and signed) by GnuPG: a file's rows become tokens
 * exactly as E10 makes them, bad rows are rejected with their reasons, whole-file failures create nothing, the
 * results stream as CSV without card data, one file of a project runs at a time, a file whose instance was
 * killed resumes on another without a row lost or tokenized twice, and two files queued while no instance ran are
 * taken once each by two instances started together ({@link QueuedCardFiles}, in the background from the start).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class CardFileScenarios {

    static final String HEADER = "reference,cardNumber,expirationMonth,expirationYear,cardholderName,email";
    static final int YEAR = Year.now().getValue() + 3;

    private static Future<Void> queued;

    /**
     * Starts {@link QueuedCardFiles} on a thread of its own ({@link Background}): ApiIT calls it at the beginning of
     * the run, so that its three instances boot while the other scenarios run (the test starts it if not yet started).
     */
    static synchronized void boot() {
        if (queued == null && StartupScenarios.onPostgres()) {
            queued = Background.run("queued card files", () -> {
                QueuedCardFiles.run();
                return null;
            });
        }
    }

    /** A project with an API key, a FileContentPGPKey, and a GnuPG home holding only that key's public half. */
    static final class Project implements AutoCloseable {
        final Cards.Shop shop;
        final UUID fileKey;
        final Gpg gpg = new Gpg();

        Project() {
            this(Cards.aShop());
        }

        /** The given shop's project, with a FileContentPGPKey added. */
        Project(Cards.Shop shop) {
            this.shop = shop;
            fileKey = aKey(shop.projectId(), "FileContentPGPKey");
            gpg.importKey(publicKeyOf(shop.projectId(), fileKey).getBytes(StandardCharsets.US_ASCII));
        }

        String files() {
            return "/api/pay/" + shop.projectId() + "/cardFiles";
        }

        byte[] encrypt(String csv, String... options) {
            return encrypt(csv.getBytes(StandardCharsets.UTF_8), options);
        }

        byte[] encrypt(byte[] content, String... options) {
            List<String> args = new ArrayList<>(List.of("--encrypt", "-r", "project-" + shop.projectId()));
            args.addAll(Arrays.asList(options));
            return gpg.ok(content, args.toArray(String[]::new));
        }

        Response upload(byte[] message) {
            return upload(shop.pay(), message);
        }

        Response upload(RequestSpecification pay, byte[] message) {
            return pay.contentType("application/pgp-encrypted").body(message).post(files());
        }

        /** Uploads and waits for the file's end; its entry. */
        JsonBody imported(byte[] message) {
            Response r = upload(message);
            assertEquals(202, r.statusCode(), r.asString());
            return awaitEnd(UUID.fromString(JsonBody.of(r).getString("id")));
        }

        JsonBody file(UUID id) {
            return ok(shop.pay().get(files() + "/" + id));
        }

        JsonBody awaitEnd(UUID id) {
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (System.nanoTime() < deadline) {
                JsonBody file = file(id);
                String state = file.getString("entry.state");
                if ("Succeeded".equals(state) || "Failed".equals(state)) {
                    return file;
                }
                pause(200);
            }
            throw new AssertionError("card file " + id + " did not end: " + file(id).prettify());
        }

        List<String> results(UUID id) {
            Response r = shop.pay().accept("text/csv").get(files() + "/" + id + "/results");
            assertEquals(200, r.statusCode(), r.asString());
            assertTrue(r.contentType().startsWith("text/csv"), r.contentType());
            return r.asString().lines().toList();
        }

        @Override
        public void close() {
            gpg.close();
        }
    }

    static String publicKeyOf(UUID project, UUID key) {
        return keysOf(project).stream().filter(k -> key.toString().equals(k.get("id"))).findFirst()
                .map(k -> (String) k.get("publicKey")).orElseThrow();
    }

    static String row(String reference, String pan, Object month, Object year) {
        return reference + "," + pan + "," + month + "," + year + ",Ada Lovelace,ada@example.com";
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void aFileBecomesTokensAsE10MakesThemAndBadRowsAreRejectedWithTheirReasons() throws Exception {
        try (Project p = new Project()) {
            String csv = String.join("\n", HEADER,
                    row("r-1", "4242424242424242", 12, YEAR),
                    row("r-2", "5555555555554444", 1, YEAR),
                    row("r-3", "4242424242424241", 12, YEAR),          // Luhn
                    row("r-4", "4242424242424242", 1, 2020),           // expired
                    row("r-5", "9999999999999995", 12, YEAR),          // brand
                    row("r-1", "378282246310005", 12, YEAR),           // duplicate reference
                    row("=cmd()", "4111111111111111", 12, YEAR),       // a formula
                    "\"r-8\",\"4000 0566 5566 5556\",\"7\",\"" + YEAR + "\",\"Lovelace, Ada\",\"a@example.com\"") + "\n";
            Response r = p.upload(p.encrypt(csv));
            assertEquals(202, r.statusCode(), r.asString());
            UUID id = UUID.fromString(JsonBody.of(r).getString("id"));
            UUID runId = UUID.fromString(JsonBody.of(r).getString("runId"));
            assertTrue(r.header("Location").endsWith(p.files() + "/" + id), r.header("Location"));

            JsonBody file = p.awaitEnd(id);
            assertEquals("Succeeded", file.getString("entry.state"), file.prettify());
            assertEquals(8, file.getLong("entry.rowsRead"));
            assertEquals(3, file.getLong("entry.tokenized"));
            assertEquals(5, file.getLong("entry.rejected"));
            assertEquals(p.fileKey.toString(), file.getString("entry.keyId"));
            assertNull(file.get("entry.signerId"));
            assertNull(file.get("entry.failure"));
            assertNotNull(file.getString("entry.finishedAt"));

            List<String> results = p.results(id);
            assertEquals(
                    "row,reference,outcome,tokenId,paymentToken,last4,ccType,expirationMonth,expirationYear,error",
                    results.get(0));
            assertEquals(9, results.size(), String.join("\n", results));
            String all = String.join("\n", results);
            for (String pan : List.of("4242424242424242", "5555555555554444", "4242424242424241", "378282246310005",
                    "4000056655665556", "4000 0566 5566 5556")) {
                assertFalse(all.contains(pan), "a card number in the results: " + all);
            }
            String[] first = results.get(1).split(",", -1);
            assertEquals(List.of("1", "r-1", "Tokenized"), List.of(first[0], first[1], first[2]));
            assertEquals(List.of("4242", "VISA", "12", String.valueOf(YEAR), ""),
                    List.of(first[5], first[6], first[7], first[8], first[9]));
            assertTrue(results.get(3).startsWith("3,r-3,Rejected,,,,,,,") && results.get(3).endsWith("invalid card number"),
                    results.get(3));
            assertTrue(results.get(4).startsWith("4,r-4,Rejected,"), results.get(4));
            assertTrue(results.get(4).contains("expired"), results.get(4));
            assertTrue(results.get(5).contains("brand"), results.get(5));
            assertTrue(results.get(6).startsWith("6,r-1,Rejected,") && results.get(6).contains("reference"),
                    results.get(6));
            assertTrue(results.get(7).startsWith("7,,Rejected,") && results.get(7).contains("reference"),
                    results.get(7));
            assertTrue(results.get(8).startsWith("8,r-8,Tokenized,"), results.get(8));

            // the token, as E10 would have made it, with the row's reference and the file's id
            JsonBody token = ok(p.shop.pay().get(p.shop.tokens() + "/" + first[3]));
            assertEquals("************4242", token.getString("entry.maskedCardNumber"));
            assertEquals(first[4], token.getString("entry.paymentToken"));
            assertEquals("r-1", token.getString("entry.reference"));
            assertEquals(id.toString(), token.getString("entry.cardFileId"));
            assertNull(token.get("entry.validCVV"));
            assertEquals("Ada Lovelace", token.getString("entry.cardholderName"));
            assertEquals("Lovelace, Ada", ok(p.shop.pay().get(p.shop.tokens() + "/" + results.get(8).split(",")[3]))
                    .getString("entry.cardholderName"));
            // and it pays like any token
            created(p.shop.authorize(first[4], "10.00", false));

            // one event for the file, its counts, no card data
            List<Map<String, Object>> events = EventScenarios.events(p.shop, Map.of("limit", 100)).stream()
                    .filter(e -> "cardFile.completed".equals(e.get("type"))).toList();
            assertEquals(1, events.size(), events.toString());
            Map<String, Object> data = EventScenarios.data(events.get(0));
            assertEquals(id.toString(), data.get("id"));
            assertEquals("Succeeded", data.get("state"));
            assertEquals(3, ((Number) data.get("tokenized")).intValue());
            assertEquals(5, ((Number) data.get("rejected")).intValue());

            // the run follows it
            JsonBody run = ok(asRoot().get("/api/adm/runs/" + runId));
            assertEquals("Succeeded", run.getString("entry.state"), run.prettify());
            assertEquals("CardFile", run.getString("entry.kind"));

            // its ciphertext and its references went when it ended; its results stay
            assertEquals(0, rowsOf("card_file_parts", "file_id", id));
            assertEquals(0, rowsOf("card_file_references", "file_id", id));
            assertEquals(1, rowsOf("card_file_results", "file_id", id), "its eight rows are one chunk's results");

            // listed, newest first
            List<Map<String, Object>> listed = ok(p.shop.pay().get(p.files())).getList("entries");
            assertEquals(id.toString(), listed.get(0).get("id"));
        }
    }

    @Test
    void aTokenFromAFileIsErasedLikeAnyOther() throws Exception {
        try (Project p = new Project()) {
            UUID id = UUID.fromString(p.imported(p.encrypt(HEADER + "\n" + row("e-1", "4242424242424242", 12, YEAR)))
                    .getString("entry.id"));
            String tokenId = p.results(id).get(1).split(",")[3];
            ok(p.shop.pay().delete(p.shop.tokens() + "/" + tokenId));
            refused(p.shop.pay().get(p.shop.tokens() + "/" + tokenId), 404);
            try (Connection db = DatabaseDump.connect();
                 PreparedStatement q = db.prepareStatement("select pan_ciphertext, cardholder_name, status "
                         + "from payment_tokens where id = ?")) {
                q.setObject(1, UUID.fromString(tokenId));
                try (ResultSet row = q.executeQuery()) {
                    assertTrue(row.next());
                    assertNull(row.getString(1));
                    assertNull(row.getString(2));
                    assertEquals("Deleted", row.getString(3));
                }
            }
        }
    }

    @Test
    void filesThatFailAsAWholeCreateNoTokenAndSayWhy() throws Exception {
        try (Project p = new Project(); Project other = new Project()) {
            String good = HEADER + "\n" + row("g-1", "4242424242424242", 12, YEAR) + "\n";
            assertFailed(p, other.encrypt(good), "not encrypted to an active FileContentPGPKey of this project");
            assertFailed(p, p.gpg.ok(good.getBytes(StandardCharsets.UTF_8), "--symmetric", "--passphrase", "pw"),
                    "password");
            assertFailed(p, p.encrypt("reference,cardNumber,expirationMonth,expirationYear,cardholderName,CVV\n"
                    + "c-1,4242424242424242,12," + YEAR + ",Ada,123\n"), "security code");
            assertFailed(p, p.encrypt("reference,cardNumber,expirationMonth,expirationYear,cardholderName,pin\n"),
                    "pin");
            assertFailed(p, p.encrypt(HEADER + "\n" + "x".repeat(100 * 1024) + "\n", "--compress-algo", "none"),
                    "64 KiB");
            byte[] message = p.encrypt(good);
            byte[] tampered = message.clone();
            tampered[tampered.length - 30] ^= 0x01;
            assertFailed(p, tampered, null);
            byte[] cut = Arrays.copyOf(message, message.length - 40);
            Response r = p.upload(cut);
            if (r.statusCode() == 202) {
                assertEquals("Failed", p.awaitEnd(UUID.fromString(JsonBody.of(r).getString("id")))
                        .getString("entry.state"));
            } else {
                refused(r, 400);
            }
            // a compression bomb: 32 MiB of zeros, compressed by gpg to a few KiB, stops at the expansion bound
            byte[] zeros = new byte[32 << 20];
            byte[] header = (HEADER + "\n").getBytes(StandardCharsets.UTF_8);
            System.arraycopy(header, 0, zeros, 0, header.length);
            assertFailed(p, p.encrypt(zeros, "--compress-algo", "zlib"), null);
            assertFailed(p, p.encrypt(""), "no header");
            // encrypted to a key the project deactivated
            ok(asRoot().body(Map.of("isActive", false)).put("/api/adm/companyProjectKeys/" + p.fileKey));
            assertFailed(p, p.encrypt(good), "not encrypted to an active FileContentPGPKey of this project");
            assertEquals(0, tokensOf(p.shop.projectId()), "a failed file made tokens");
        }
    }

    @Test
    void tenThousandBadRowsAreEachRejectedWithTheirReasonAndTheGoodOneTokenized() throws Exception {
        try (Project p = new Project()) {
            ByteArrayOutputStream csv = new ByteArrayOutputStream();
            csv.writeBytes((HEADER + "\n" + row("dup", "4242424242424242", 12, YEAR) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            String[] kinds = {"invalid card number", "expired", "brand", "repeats", "must not start with", "UTF-8"};
            for (int i = 0; i < 10_000; i++) {
                String line = switch (i % 6) {
                    case 0 -> row("b-" + i, "4242424242424241", 12, YEAR);
                    case 1 -> row("b-" + i, "4242424242424242", 1, 2020);
                    case 2 -> row("b-" + i, "9999999999999995", 12, YEAR);
                    case 3 -> row("dup", "5555555555554444", 12, YEAR);
                    case 4 -> row("=HYPERLINK(\"x\")" + i, "5555555555554444", 12, YEAR).replace("\"x\"", "x");
                    default -> null;
                };
                if (line == null) {
                    csv.writeBytes(("b-" + i + ",4242424242424242,12," + YEAR + ",Ada ").getBytes(StandardCharsets.UTF_8));
                    csv.write(new byte[] {(byte) 0xff, (byte) 0xfe});
                    csv.writeBytes(",a@example.com\n".getBytes(StandardCharsets.UTF_8));
                } else {
                    csv.writeBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
            JsonBody file = p.imported(p.encrypt(csv.toByteArray()));
            assertEquals("Succeeded", file.getString("entry.state"), file.prettify());
            assertEquals(10_001, file.getLong("entry.rowsRead"));
            assertEquals(1, file.getLong("entry.tokenized"));
            assertEquals(10_000, file.getLong("entry.rejected"));
            List<String> results = p.results(UUID.fromString(file.getString("entry.id")));
            assertEquals(10_002, results.size());
            for (int i = 0; i < 10_000; i++) {
                String line = results.get(i + 2);
                assertTrue(line.startsWith((i + 2) + ",") && line.contains(",Rejected,"), line);
                assertTrue(line.contains(kinds[i % 6]), "row " + (i + 2) + " for " + kinds[i % 6] + ": " + line);
                assertFalse(line.contains("4242424242424241") || line.contains("5555555555554444")
                        || line.contains("9999999999999995"), line);
                assertFalse(line.split(",", -1)[1].startsWith("="), "a formula in the results: " + line);
            }
        }
    }

    static void assertFailed(Project p, byte[] message, String reasonPart) throws Exception {
        JsonBody file = p.imported(message);
        assertEquals("Failed", file.getString("entry.state"), file.prettify());
        assertEquals(0, file.getLong("entry.tokenized"), file.prettify());
        String failure = file.getString("entry.failure");
        assertNotNull(failure, file.prettify());
        if (reasonPart != null) {
            assertTrue(failure.toLowerCase().contains(reasonPart.toLowerCase()), failure);
        }
        assertFalse(failure.contains("4242424242424242"), failure);
        assertEquals(0, rowsOf("card_file_parts", "file_id", UUID.fromString(file.getString("entry.id"))),
                "the ciphertext of a failed file is deleted too");
    }

    /**
     * The duplicate-reference check on PostgreSQL adds a chunk's references to the file's and answers the new ones:
     * another file's references and a reference differing in case are new. It goes by the primary key of
     * card_file_references (the arbiter of its on conflict), whatever the statistics: with a plain index and
     * statistics that did not know the file, the planner read the file's rows by file_id alone, chunk after chunk.
     */
    @Test
    void theDuplicateReferenceCheckAddsAChunksReferencesAndAnswersTheNewOnes() throws Exception {
        UUID file = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        try (Connection db = DatabaseDump.connect()) {
            Assumptions.assumeTrue(db.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres"),
                    "the PostgreSQL statement (H2 runs two; CardFiles' scenarios cover both through the service)");
            try {
                assertEquals(Set.of("k-1", "k-2", "k-3"), added(db, file, "k-1", "k-2", "k-3"));
                assertEquals(Set.of("k-1"), added(db, other, "k-1"), "another file's reference is new");
                assertEquals(Set.of("k-4", "K-3"), added(db, file, "k-3", "k-4", "K-3"));
                StringBuilder plan = new StringBuilder();
                try (PreparedStatement q = db.prepareStatement("explain " + CardFileQueries.referencesAdded())) {
                    q.setObject(1, file);
                    q.setObject(2, new String[] {"k-5"});
                    try (ResultSet row = q.executeQuery()) {
                        while (row.next()) {
                            plan.append(row.getString(1)).append('\n');
                        }
                    }
                }
                assertTrue(plan.toString().contains("Conflict Arbiter Indexes: pk_card_file_references"),
                        plan.toString());
            } finally {
                try (PreparedStatement delete = db.prepareStatement(
                        "delete from card_file_references where file_id in (?, ?)")) {
                    delete.setObject(1, file);
                    delete.setObject(2, other);
                    delete.executeUpdate();
                }
            }
        }
    }

    private static Set<String> added(Connection db, UUID file, String... references) throws Exception {
        Set<String> added = new HashSet<>();
        try (PreparedStatement q = db.prepareStatement(CardFileQueries.referencesAdded())) {
            q.setObject(1, file);
            q.setObject(2, references);
            try (ResultSet row = q.executeQuery()) {
                while (row.next()) {
                    added.add(row.getString(1));
                }
            }
        }
        return added;
    }

    static long tokensOf(UUID project) throws Exception {
        return rowsOf("payment_tokens", "project_id", project);
    }

    /** The rows of {@code table} whose {@code column} holds {@code id}. */
    static long rowsOf(String table, String column, UUID id) throws Exception {
        try (Connection db = DatabaseDump.connect();
             PreparedStatement q = db.prepareStatement("select count(*) from " + table + " where " + column + " = ?")) {
            q.setObject(1, id);
            try (ResultSet row = q.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    @Test
    void signedFilesAreReadOnlyFromARegisteredSignerOnceTheProjectHasOne() throws Exception {
        try (Project p = new Project()) {
            p.gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", "merchant <merchant@example.com>", "ed25519",
                    "sign", "never");
            p.gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", "stranger <stranger@example.com>", "ed25519",
                    "sign", "never");
            String merchant = new String(p.gpg.ok(new byte[0], "--armor", "--export", "<merchant@example.com>"),
                    StandardCharsets.US_ASCII);
            String good = HEADER + "\n" + row("s-1", "4242424242424242", 12, YEAR) + "\n";
            // no signer yet: unsigned and signed files are both read
            assertEquals("Succeeded", p.imported(p.encrypt(good)).getString("entry.state"));
            UUID signer = created(asRoot().body(body("companyProjectId", p.shop.projectId(), "publicKey", merchant))
                    .post(CardFileSignerScenarios.SIGNERS));
            assertFailed(p, p.encrypt(good), "sign");
            assertFailed(p, p.encrypt(good, "--sign", "-u", "<stranger@example.com>"), "sign");
            JsonBody signed = p.imported(p.encrypt(good, "--sign", "-u", "<merchant@example.com>"));
            assertEquals("Succeeded", signed.getString("entry.state"), signed.prettify());
            assertEquals(signer.toString(), signed.getString("entry.signerId"));
        }
    }

    @Test
    void uploadsThatAreNotCardFilesAreRefusedAtOnceWithNothingStored() throws Exception {
        try (Project p = new Project()) {
            refused(p.upload(new byte[0]), 400);
            refused(p.upload("reference,cardNumber\n".getBytes(StandardCharsets.UTF_8)), 400);
            refused(p.shop.pay().contentType("application/json").body("{}").post(p.files()), 415);
            refused(p.shop.pay().contentType("application/pgp-encrypted").queryParam("name", "n".repeat(201))
                    .body(p.encrypt(HEADER + "\n")).post(p.files()), 400);
            // beyond payments.card-files.max-bytes (8 MiB in these tests): 413, nothing stored
            byte[] big = new byte[9 << 20];
            big[0] = (byte) 0x85;
            Response tooBig = p.upload(big);
            assertEquals(413, tooBig.statusCode(), tooBig.asString());
            assertEquals(List.of(), ok(p.shop.pay().get(p.files())).getList("entries"));
            refused(given().baseUri(Deployments.baseUri()).contentType("application/pgp-encrypted")
                    .body(p.encrypt(HEADER + "\n")).post(p.files()), 401);
            refused(p.shop.pay().get(p.files() + "/" + UUID.randomUUID()), 404);
        }
    }

    @Test
    void aProjectsFilesRunOneAtATimeInTheOrderReceived() {
        try (Project p = new Project()) {
            StringBuilder csv = new StringBuilder(HEADER).append('\n');
            for (int i = 1; i <= 400; i++) {
                csv.append(row("o-" + i, "4242424242424242", 12, YEAR)).append('\n');
            }
            byte[] message = p.encrypt(csv.toString());
            UUID first = UUID.fromString(JsonBody.of(p.upload(message)).getString("id"));
            UUID second = UUID.fromString(JsonBody.of(p.upload(message)).getString("id"));
            JsonBody a = p.awaitEnd(first);
            JsonBody b = p.awaitEnd(second);
            assertEquals(400, a.getLong("entry.tokenized"));
            assertEquals(400, b.getLong("entry.tokenized"));
            OffsetDateTime firstEnded = OffsetDateTime.parse(a.getString("entry.finishedAt"));
            OffsetDateTime secondStarted = OffsetDateTime.parse(b.getString("entry.startedAt"));
            assertFalse(secondStarted.isBefore(firstEnded), "the second file started before the first ended: "
                    + a.prettify() + b.prettify());
        }
    }

    /**
     * Two projects' files go to one instance, which processes them together, chunk by chunk; it is killed (kill -9)
     * with both half done. The instances still running (this one and the second) take both over once the killed one's
     * lease has run out: every row of each file is recorded once, in order, and each tokenized row made one token;
     * a row repeating the reference of a row recorded before the kill is rejected after it too.
     */
    @Test
    void filesWhoseInstanceIsKilledResumeOnTheOthersWithNoRowLostOrTokenizedTwice() throws Exception {
        int rows = 6000;
        try (Project first = new Project(); Project second = new Project()) {
            List<Project> projects = List.of(first, second);
            List<byte[]> messages = new ArrayList<>();
            for (Project p : projects) {
                StringBuilder csv = new StringBuilder(HEADER).append('\n');
                for (int i = 1; i <= rows; i++) {
                    csv.append(row(reference(i), "4242424242424242", 12, YEAR)).append('\n');
                }
                messages.add(p.encrypt(csv.toString()));
            }
            List<UUID> ids = new ArrayList<>();
            try (ExtraInstance doomed = ExtraInstance.start("card-file-killed",
                    Map.of("payments.card-files.chunk-rows", "5")).awaitReady()) {
                for (int f = 0; f < 2; f++) {
                    Project p = projects.get(f);
                    Response r = p.upload(given().baseUri(doomed.baseUri()).header("X-API-Key", p.shop.key()),
                            messages.get(f));
                    assertEquals(202, r.statusCode(), r.asString());
                    ids.add(UUID.fromString(JsonBody.of(r).getString("id")));
                }
                long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
                while ((first.file(ids.get(0)).getLong("entry.rowsRead") < 200
                        || second.file(ids.get(1)).getLong("entry.rowsRead") < 200) && System.nanoTime() < deadline) {
                    pause(50);
                }
                doomed.kill();
                for (int f = 0; f < 2; f++) {
                    // both were under way at once: the files of two projects advance together
                    JsonBody atKill = projects.get(f).file(ids.get(f));
                    assertEquals("Processing", atKill.getString("entry.state"), atKill.prettify());
                    assertTrue(atKill.getLong("entry.rowsRead") >= 200 && atKill.getLong("entry.rowsRead") < rows,
                            atKill.prettify());
                }
            }
            for (int f = 0; f < 2; f++) {
                Project p = projects.get(f);
                UUID id = ids.get(f);
                JsonBody file = p.awaitEnd(id);
                assertEquals("Succeeded", file.getString("entry.state"), file.prettify());
                assertEquals(rows, file.getLong("entry.rowsRead"));
                assertEquals(rows / 10, file.getLong("entry.rejected"));
                assertEquals(rows - rows / 10, file.getLong("entry.tokenized"));
                List<String> results = p.results(id);
                assertEquals(rows + 1, results.size());
                Set<String> tokenIds = new HashSet<>();
                for (int i = 1; i <= rows; i++) {
                    String[] cells = results.get(i).split(",", -1);
                    assertEquals(String.valueOf(i), cells[0], "rows out of order or missing at " + i);
                    assertEquals(reference(i), cells[1]);
                    assertEquals(i % 10 == 0 ? "Rejected" : "Tokenized", cells[2], results.get(i));
                    if (i % 10 == 0) {
                        assertTrue(cells[9].contains("repeats"), results.get(i));
                    }
                    if ("Tokenized".equals(cells[2])) {
                        assertTrue(tokenIds.add(cells[3]), "a token twice: " + cells[3]);
                    }
                }
                assertEquals(rows - rows / 10, tokenIds.size());
                assertEquals(rows - rows / 10, tokensOf(p.shop.projectId()), "tokens made twice or lost");
                JsonBody run = ok(asRoot().get("/api/adm/runs/" + file.getString("entry.runId")));
                assertEquals("Succeeded", run.getString("entry.state"), run.prettify());
            }
        }
    }

    /** Last in the class, so that the class's other scenarios run while this one goes on in the background. */
    @Test
    @Order(Integer.MAX_VALUE)
    void twoFilesQueuedWhileNoInstanceRanAreTakenOnceEachByTwoInstancesStartedTogether() throws Exception {
        assumeTrue(StartupScenarios.onPostgres(), "PostgreSQL only: the instances' lock waits are read from it");
        boot();
        Background.await(queued, Duration.ofMinutes(25));
    }

    /**
     * Row i's reference in the killed files: every tenth row repeats one of rows 1 to 9, recorded before the kill, so
     * the instance that resumes the file must know the references of rows it did not read itself.
     */
    private static String reference(int i) {
        return i % 10 == 0 ? "k-" + (i / 10 % 9 + 1) : "k-" + i;
    }
}
