package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aKey;
import static com.paycore.it.Api.aProject;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.keysOf;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import com.paycore.apikey.Gpg;
import com.paycore.it.clock.ClockShiftFilter;

/**
 * Card exports (DESIGN.md section 13) on the real WAR, read back by GnuPG: a platform administrator exports a project's
 * active tokens to a recipient key GnuPG made; gpg decrypts the download, the signature verifies against the project's
 * FileContentPGPKey as the key list shows it, and the card numbers are exactly the active tokens' ones. The file goes
 * once, within 24 hours; company Admins are refused; keys that cannot encrypt are 400 before anything runs.
 */
abstract class CardExportScenarios {

    static final String EXPORTS = "/api/adm/cardExports";
    static final String HEADER = "tokenId,paymentToken,reference,cardNumber,expirationMonth,expirationYear,"
            + "cardholderName,firstName,lastName,email,phone,addressLine1,addressLine2,city,state,zip,country";

    /** Keys made once by GnuPG for all scenarios (its home is removed when the test JVM ends). */
    private static final class Keys {
        static final GpgKeys MADE = new GpgKeys();
        static final Gpg GPG = MADE.gpg();
        static final String RECIPIENT = MADE.withEncryptionSubkey("vault", "cert,sign");
        static final String SIGN_ONLY = MADE.generate("sign-only", "sign");
    }

    static Map<String, Object> export(UUID project, String recipientKey) {
        return body("companyProjectId", project, "recipientPublicKey", recipientKey);
    }

    static String exportPath(UUID id) {
        return EXPORTS + "/" + id;
    }

    static RequestSpecification file(RequestSpecification as) {
        return as.accept("application/pgp-encrypted, application/json");
    }

    /** Starts an export as root: 202 with id, runId and Location; waits for its run; answers the export's id. */
    static UUID exported(UUID project) {
        return exported(project, -1);
    }

    /** As {@link #exported(UUID)}, checking the run's items and outcome against the tokens expected (unless -1). */
    static UUID exported(UUID project, int tokens) {
        Response started = asRoot().body(export(project, Keys.RECIPIENT)).post(EXPORTS);
        assertEquals(202, started.statusCode(), started.asString());
        UUID id = UUID.fromString(JsonBody.of(started).getString("id"));
        UUID runId = UUID.fromString(JsonBody.of(started).getString("runId"));
        assertEquals("Running", JsonBody.of(started).getString("state"), started.asString());
        assertTrue(started.header("Location").endsWith(exportPath(id)), started.header("Location"));
        JsonBody run = LongRuns.awaitEnd(Api::asRoot, runId);
        assertEquals("Succeeded", run.getString("entry.state"), run.prettify());
        assertEquals("CardExport", run.getString("entry.kind"), run.prettify());
        if (tokens >= 0) {
            assertEquals(tokens, run.getInt("entry.itemsDone"), run.prettify());
            assertEquals(0, run.getInt("entry.itemsLeft"), run.prettify());
            assertEquals(id.toString(), run.getString("entry.outcome.exportId"), run.prettify());
            assertEquals(tokens, run.getInt("entry.outcome.tokens"), run.prettify());
        }
        return id;
    }

    @Test
    void aPlatformAdministratorExportsTheActiveTokensReadBackByGpgOnceAndAudited() throws Exception {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        Cards.Shop shop = Cards.aShop();
        UUID fileKey = aKey(shop.projectId(), "FileContentPGPKey");
        String projectPublicKey = keysOf(shop.projectId()).stream().filter(k -> fileKey.toString().equals(k.get("id")))
                .map(k -> (String) k.get("publicKey")).findFirst().orElseThrow();

        Map<String, String> tokens = new HashMap<>(); // token id -> card number
        for (String pan : List.of("4111111111111111", "5555555555554444")) {
            Response r = shop.tokenize(Cards.body(pan, "123"));
            tokens.put(Api.created(r).toString(), pan);
        }
        Map<String, Object> amex = Cards.body(Cards.card("378282246310005", 7, 2032, "1234"));
        Map<String, Object> person = new HashMap<>(Cards.address());
        person.put("phone", "+44 20 7946 0000");
        person.put("addressLine2", "Flat 2, \"Upper\"");
        amex.put("personAddress", person);
        tokens.put(Api.created(shop.tokenize(amex)).toString(), "378282246310005");
        UUID deleted = Api.created(shop.tokenize(Cards.body("4242424242424242", "123")));
        ok(shop.pay().delete(shop.tokens() + "/" + deleted));

        UUID id = exported(shop.projectId(), 3);
        JsonBody shown = ok(asRoot().get(exportPath(id)));
        String recipientFingerprint = Keys.MADE.fingerprint("vault").toUpperCase();
        assertEquals("Succeeded", shown.getString("entry.state"), shown.prettify());
        assertEquals(3, shown.getInt("entry.tokens"), shown.prettify());
        assertEquals(recipientFingerprint, shown.getString("entry.recipientFingerprint"));
        assertTrue(shown.getString("entry.recipientFingerprint").matches("[0-9A-F]{40}"));
        assertNotNull(shown.getString("entry.runId"));
        OffsetDateTime finished = OffsetDateTime.parse(shown.getString("entry.finishedAt"));
        assertEquals(finished.plusHours(24).toInstant(), OffsetDateTime.parse(shown.getString("entry.expiresAt"))
                .toInstant(), shown.prettify());
        assertNull(shown.get("entry.downloadedAt"), shown.prettify());

        Response download = file(asRoot()).get(exportPath(id) + "/file");
        assertEquals(200, download.statusCode(), download.asString());
        assertTrue(download.contentType().startsWith("application/pgp-encrypted"), download.contentType());
        byte[] message = download.asByteArray();

        Keys.GPG.importKey(projectPublicKey.getBytes(StandardCharsets.US_ASCII));
        String projectFingerprint = Keys.GPG.run(projectPublicKey.getBytes(StandardCharsets.US_ASCII),
                "--with-colons", "--import-options", "show-only", "--import").out().lines()
                .filter(l -> l.startsWith("fpr:")).findFirst().orElseThrow().split(":")[9];
        Gpg.Run decrypted = Keys.GPG.run(message, "--status-fd", "2", "--decrypt");
        assertEquals(0, decrypted.exitCode(), decrypted.stderr());
        assertTrue(decrypted.stderr().contains("[GNUPG:] VALIDSIG " + projectFingerprint), decrypted.stderr());
        assertTrue(decrypted.stderr().contains("[GNUPG:] GOODMDC"), decrypted.stderr());
        assertTrue(decrypted.stderr().contains("[GNUPG:] DECRYPTION_INFO 2 9"), "AES-256: " + decrypted.stderr());

        List<List<String>> rows = csv(decrypted.out());
        assertEquals(List.of(HEADER.split(",")), rows.get(0));
        Map<String, String> exported = rows.subList(1, rows.size()).stream()
                .collect(Collectors.toMap(r -> r.get(0), r -> r.get(3)));
        assertEquals(tokens, exported, "exactly the active tokens, each with its own card number");
        assertFalse(decrypted.out().contains("4242424242424242"), "a deleted token is not exported");
        for (List<String> row : rows.subList(1, rows.size())) {
            assertEquals(17, row.size(), row.toString());
            assertTrue(row.get(1).startsWith("tok_"), row.toString());
            assertEquals("", row.get(2), "E10's tokens have no reference: " + row);
            assertEquals("Ada Lovelace", row.get(6));
            assertEquals("London", row.get(13));
        }
        List<String> amexRow = rows.stream().filter(r -> r.get(3).equals("378282246310005")).findFirst().orElseThrow();
        assertEquals(List.of("7", "2032"), amexRow.subList(4, 6));
        assertEquals("'+44 20 7946 0000", amexRow.get(10), "a cell starting with + is guarded as the results CSV's");
        assertEquals("Flat 2, \"Upper\"", amexRow.get(12), "quoted as RFC 4180 says");

        refused(file(asRoot()).get(exportPath(id) + "/file"), 410);
        assertNotNull(ok(asRoot().get(exportPath(id))).getString("entry.downloadedAt"));
        assertNoParts(id, "the file is deleted once downloaded");

        Response audit = Api.auditOf(shop.companyId(), from);
        List<Map<String, Object>> events = ok(audit).getList("entries");
        for (String action : List.of("CardExportStarted", "CardExportWritten", "CardExportDownloaded")) {
            Map<String, Object> event = events.stream()
                    .filter(e -> action.equals(e.get("action")) && id.toString().equals(e.get("targetId")))
                    .findFirst().orElseThrow(() -> new AssertionError(action + " not audited: " + audit.asString()));
            assertTrue(((String) event.get("details")).contains("recipientFingerprint=" + recipientFingerprint),
                    event.toString());
        }
        for (String pan : tokens.values()) {
            assertFalse(audit.asString().contains(pan), "an audit row holds a card number: " + audit.asString());
        }
        assertFalse(audit.asString().contains(CardFileSignerScenarios.keyText(Keys.RECIPIENT)), audit.asString());
    }

    @Test
    void theFileCanBeTakenWithin24HoursOnlyAndRetentionDeletesItAfter() throws Exception {
        Cards.Shop shop = Cards.aShop();
        aKey(shop.projectId(), "FileContentPGPKey");
        shop.aToken("4111111111111111");

        UUID expiring = exported(shop.projectId());
        assertTrue(parts(expiring) >= 1);
        refused(file(asRoot()).header(ClockShiftFilter.HEADER, "PT24H1M").get(exportPath(expiring) + "/file"), 410);
        assertNull(ok(asRoot().get(exportPath(expiring))).get("entry.downloadedAt"), "nobody downloaded it");

        UUID kept = exported(shop.projectId());
        try (Connection db = DatabaseDump.connect();
             PreparedStatement age = db.prepareStatement(
                     "update card_exports set expires_at = ? where id = ?")) {
            age.setObject(1, OffsetDateTime.now(ZoneOffset.UTC).minus(Duration.ofMinutes(1)));
            age.setObject(2, expiring);
            assertEquals(1, age.executeUpdate());
        }
        ok(asRoot().post(RetentionScenarios.RUN));
        assertEquals(0, parts(expiring), "an expired export's file is deleted by retention");
        assertTrue(parts(kept) >= 1, "one still downloadable stays");
        refused(file(asRoot()).get(exportPath(expiring) + "/file"), 410);

        String root = Api.rootToken();
        List<Integer> statuses = Parallel.run(4, i -> file(as(root)).get(exportPath(kept) + "/file").statusCode());
        assertEquals(List.of(200, 410, 410, 410), statuses.stream().sorted().toList(),
                "four downloads at once: exactly one takes the file");
        assertNoParts(kept, "the file is deleted once downloaded");
    }

    @Test
    void onlyPlatformAdministratorsExportAndAKeyThatCannotEncryptIs400BeforeAnythingRuns() {
        UUID company = aCompany();
        UUID project = aProject(company);
        String admin = anAdminOf(company).token();

        refused(as(admin).body(export(project, "not a key")).post(EXPORTS), 403);
        refused(as(admin).body(export(project, Keys.RECIPIENT)).post(EXPORTS), 403);
        refused(as(admin).get(exportPath(UUID.randomUUID())), 403);
        refused(file(as(admin)).get(exportPath(UUID.randomUUID()) + "/file"), 403);

        JsonBody noSigner = refused(asRoot().body(export(project, Keys.RECIPIENT)).post(EXPORTS), 400);
        assertTrue(noSigner.getString("errorMessage").contains("no usable FileContentPGPKey"), noSigner.prettify());

        aKey(project, "FileContentPGPKey");
        Map<String, String> refusals = Map.of(
                Keys.SIGN_ONLY, "recipientPublicKey cannot encrypt",
                "garbage", "recipientPublicKey is not an ASCII-armored OpenPGP public key",
                "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nAAAA\n-----END PGP PUBLIC KEY BLOCK-----\n", "recipientPublicKey ");
        for (Map.Entry<String, String> refusal : refusals.entrySet()) {
            JsonBody refused = refused(asRoot().body(export(project, refusal.getKey())).post(EXPORTS), 400);
            assertTrue(refused.getString("errorMessage").startsWith(refusal.getValue()), refused.prettify());
        }
        refused(asRoot().body(body("recipientPublicKey", Keys.RECIPIENT)).post(EXPORTS), 400);
        refused(asRoot().body(export(UUID.randomUUID(), Keys.RECIPIENT)).post(EXPORTS), 404);
        refused(asRoot().get(exportPath(UUID.randomUUID())), 404);
        refused(asRoot().get(EXPORTS + "/not-an-id"), 400);
    }

    /** The parts go when the download's stream has ended, a moment after the client read its last byte. */
    private static void assertNoParts(UUID exportId, String why) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (parts(exportId) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(0, parts(exportId), why);
    }

    private static int parts(UUID exportId) throws Exception {
        try (Connection db = DatabaseDump.connect();
             PreparedStatement count = db.prepareStatement("select count(*) from card_export_parts where export_id = ?")) {
            count.setObject(1, exportId);
            try (ResultSet r = count.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    /** RFC 4180 records (CRLF-terminated, quoted cells with doubled quotes and line breaks). */
    static List<List<String>> csv(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                record.add(cell.toString());
                cell.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i++;
            } else {
                cell.append(c);
            }
        }
        assertTrue(record.isEmpty() && cell.isEmpty(), "the last record ends with CRLF");
        return records;
    }

}
