package com.paycore.it;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import com.paycore.apikey.Gpg;

/**
 * Two card files queued in a database while no instance runs on it, then two instances started together on it
 * (CardFileScenarios, run whole in the background from the start of ApiIT: {@link Background}). Each file is taken by
 * one instance only, and each instance takes one: both claim the same file at the same moment, one wins it, the other
 * goes on to the second file. Every row is recorded once, in order, and each tokenized row made one token.
 * <p>
 * The queue is made the way a cluster restart leaves it, by the service itself: a first instance (one card-file
 * worker, leases of an hour) receives a long file, which keeps its only worker busy (the test holds the file's row from
 * its upload on, so it cannot end early), and then the two files, which it has no room to hold, so they wait Received
 * and unheld; it is killed (kill -9). The long file stays held by the dead
 * instance for the hour of its lease, out of the race. While the two instances boot, the test holds the two files'
 * rows (SELECT ... FOR UPDATE): each instance's first claim waits on the first file, and only once both wait (seen in
 * pg_stat_activity, by the instances' application name) are the rows let go. Each of the two has one worker, so the
 * winner of the first file has no room for the second, and the loser takes it: that both take part is certain, not a
 * matter of which boots first. PostgreSQL only (the waits are read from pg_stat_activity).
 */
final class QueuedCardFiles {

    private static final int ROWS = 2000;
    /** The receiving instance's busy file: one row a chunk, so it is still running when the two files arrive. */
    private static final int BUSY_ROWS = 1000;

    private QueuedCardFiles() {
    }

    /** The scenario, from the empty schema to the dropped one. */
    static void run() throws Exception {
        ExtraInstance.Database db = ExtraInstance.Database.fresh("card_files_queued");
        List<ExtraInstance> instances = new ArrayList<>();
        List<Project> projects = new ArrayList<>();
        try {
            ExtraInstance receiver = ExtraInstance.startWhenIdle("card-files-receiver", settings(db, Map.of(
                    "payments.card-files.workers", "1",
                    "payments.card-files.chunk-rows", "1",
                    "payments.card-files.lease-seconds", "3600")));
            instances.add(receiver);
            receiver.awaitReady(ExtraInstance.WHEN_IDLE);
            String rootToken = Api.rootTokenAt(receiver.baseUri());
            UUID company = Api.created(admin(receiver.baseUri(), rootToken)
                    .body(Map.of("companyName", Api.unique("Co"))).post("/api/adm/companies"));
            for (int i = 0; i < 3; i++) {
                projects.add(new Project(receiver.baseUri(), rootToken, company));
            }
            Project busy = projects.get(0);
            List<Project> queued = projects.subList(1, 3);

            byte[] busyMessage = busy.encrypt(csv(BUSY_ROWS));
            List<byte[]> messages = List.of(queued.get(0).encrypt(csv(ROWS)), queued.get(1).encrypt(csv(ROWS)));
            UUID busyFile = busy.upload(receiver.baseUri(), busyMessage);
            List<UUID> files = new ArrayList<>();
            String applicationName = "it-queued-" + UUID.randomUUID().toString().substring(0, 8);
            List<ExtraInstance> racers = new ArrayList<>();
            List<String> busyState;
            try (Connection hold = db.connect()) {
                hold.setAutoCommit(false);
                // held by the test from now on, the busy file cannot end, and the receiver's one worker stays busy
                lock(hold, busyFile);
                for (int f = 0; f < 2; f++) {
                    files.add(queued.get(f).upload(receiver.baseUri(), messages.get(f)));
                }
                lock(hold, files.get(0), files.get(1));
                receiver.kill();

                // queued: Received, unheld (claimable at once), untouched
                for (UUID file : files) {
                    assertEquals(List.of("Received", "-", "-", "0", "-"), stateOf(db, file), "file " + file);
                }
                busyState = stateOf(db, busyFile);
                assertTrue(busyState.get(1).contains("/"), "held by the receiver: " + busyState);

                // one worker each; leases as long as the scenario's waits, so that a chunk keeps its file however long
                // the instance waits for an idle core (it runs only when the scenarios in the foreground leave one)
                Map<String, String> racing = settings(db, Map.of(
                        "payments.card-files.workers", "1",
                        "payments.card-files.chunk-rows", "50",
                        "payments.card-files.lease-seconds", String.valueOf(ExtraInstance.WHEN_IDLE.toSeconds())));
                racing.put("payments.db.url", db.url() + "&ApplicationName=" + applicationName);
                for (int i = 1; i <= 2; i++) {
                    ExtraInstance racer = ExtraInstance.startWhenIdle("card-files-queued-" + i, racing);
                    instances.add(racer);
                    racers.add(racer);
                }
                awaitBothClaimingTheFirstFile(db, applicationName, racers);
                hold.rollback();
            }
            for (ExtraInstance racer : racers) {
                racer.awaitReady(ExtraInstance.WHEN_IDLE);
            }
            String on = racers.get(0).baseUri();
            String token = Api.rootTokenAt(on);
            for (int f = 0; f < 2; f++) {
                assertImportedOnce(db, queued.get(f), files.get(f), on, token);
            }
            assertEachReadByOneInstanceAndEachInstanceOne(racers, files);
            for (ExtraInstance racer : racers) {
                assertFalse(racer.log().contains(busyFile.toString()), "the dead receiver's file was taken");
            }
            assertEquals(busyState.get(1), stateOf(db, busyFile).get(1), "the receiver's file, still held under its lease");
        } finally {
            for (ExtraInstance instance : instances) {
                instance.kill(); // nothing of theirs is needed any more: no drain to wait for (5 s each)
            }
            projects.forEach(Project::close);
            db.drop();
        }
    }

    /**
     * Each file was read, both passes, by one instance only (the other's log never names it), and no file changed hands
     * (a worker that lost its lease logs it); each instance read one file.
     */
    private static void assertEachReadByOneInstanceAndEachInstanceOne(List<ExtraInstance> racers, List<UUID> files)
            throws Exception {
        Set<ExtraInstance> readers = new HashSet<>();
        for (UUID file : files) {
            List<ExtraInstance> read = new ArrayList<>();
            for (ExtraInstance racer : racers) {
                String log = racer.log();
                if (log.contains("card file " + file + " verified")) {
                    read.add(racer);
                    assertEquals(1, occurrences(log, "card file " + file + " verified"), "verified twice: " + file);
                    assertEquals(1, occurrences(log, "card file " + file + " rows done"), "read twice: " + file);
                } else {
                    assertFalse(log.contains(file.toString()), "the other instance read " + file + " in part");
                }
                assertFalse(log.contains("is no longer held"), "a file changed hands");
            }
            assertEquals(1, read.size(), "instances that read " + file + ": " + read.size());
            readers.addAll(read);
        }
        assertEquals(2, readers.size(), "both instances took part, one file each");
    }

    /**
     * Waits until both instances wait on the test's row lock in their claim of the first file (each instance's first
     * look for files finds both, oldest first); fails when one ends or the bound passes.
     */
    private static void awaitBothClaimingTheFirstFile(ExtraInstance.Database db, String applicationName,
                                                      List<ExtraInstance> racers) throws Exception {
        long deadline = System.nanoTime() + ExtraInstance.WHEN_IDLE.toNanos();
        // a connection of its own, in autocommit: within a transaction pg_stat_activity is read once
        try (Connection watch = db.connect();
             PreparedStatement waiting = watch.prepareStatement("select count(*) from pg_stat_activity "
                     + "where application_name = ? and wait_event_type = 'Lock' "
                     + "and query like 'update card_files set worker%'")) {
            waiting.setString(1, applicationName);
            while (System.nanoTime() < deadline) {
                for (ExtraInstance racer : racers) {
                    assertTrue(racer.alive(), "an instance ended while booting; see its log");
                }
                try (ResultSet count = waiting.executeQuery()) {
                    count.next();
                    if (count.getInt(1) == 2) {
                        return;
                    }
                }
                CardFileScenarios.pause(200);
            }
        }
        throw new AssertionError("the two instances did not both claim the first file within " + ExtraInstance.WHEN_IDLE);
    }

    /** Every row of the file recorded once, in order; each tokenized row one token; its run and its one event. */
    private static void assertImportedOnce(ExtraInstance.Database db, Project p, UUID id, String on, String token)
            throws Exception {
        JsonBody file = p.awaitEnd(on, id);
        assertEquals("Succeeded", file.getString("entry.state"), file.prettify());
        assertEquals(ROWS, file.getLong("entry.rowsRead"));
        assertEquals(ROWS / 10, file.getLong("entry.rejected"));
        assertEquals(ROWS - ROWS / 10, file.getLong("entry.tokenized"));
        Response r = p.pay(on).accept("text/csv").get(p.files() + "/" + id + "/results");
        assertEquals(200, r.statusCode(), r.asString());
        List<String> results = r.asString().lines().toList();
        assertEquals(ROWS + 1, results.size());
        Set<String> tokenIds = new HashSet<>();
        for (int i = 1; i <= ROWS; i++) {
            String[] cells = results.get(i).split(",", -1);
            assertEquals(List.of(String.valueOf(i), "q-" + i, i % 10 == 0 ? "Rejected" : "Tokenized"),
                    List.of(cells[0], cells[1], cells[2]), "row " + i + ": " + results.get(i));
            if (i % 10 != 0) {
                assertTrue(tokenIds.add(cells[3]), "a token twice: " + cells[3]);
            }
        }
        // in the database: as many tokens as tokenized rows, one per reference, none of another row
        try (Connection c = db.connect();
             PreparedStatement q = c.prepareStatement("select count(*), count(distinct reference), "
                     + "count(*) filter (where card_file_id = ?) from payment_tokens where project_id = ?")) {
            q.setObject(1, id);
            q.setObject(2, p.projectId);
            try (ResultSet counts = q.executeQuery()) {
                counts.next();
                assertEquals(List.of((long) ROWS - ROWS / 10, (long) ROWS - ROWS / 10, (long) ROWS - ROWS / 10),
                        List.of(counts.getLong(1), counts.getLong(2), counts.getLong(3)),
                        "tokens, distinct references, tokens of the file");
            }
        }
        JsonBody run = Api.ok(admin(on, token).get("/api/adm/runs/" + file.getString("entry.runId")));
        assertEquals("Succeeded", run.getString("entry.state"), run.prettify());
        List<Map<String, Object>> events = Api.ok(p.pay(on).queryParam("type", "cardFile.completed")
                .get("/api/pay/" + p.projectId + "/events")).getList("entries");
        assertEquals(1, events.size(), events.toString());
        assertEquals(id.toString(), EventScenarios.data(events.get(0)).get("id"));
    }

    /** The file's state, worker, lease, rows read and start ("-" for null), as stored. */
    private static List<String> stateOf(ExtraInstance.Database db, UUID file) throws Exception {
        try (Connection c = db.connect();
             PreparedStatement q = c.prepareStatement("select state, worker, lease_until, rows_read, started_at "
                     + "from card_files where id = ?")) {
            q.setObject(1, file);
            try (ResultSet row = q.executeQuery()) {
                assertTrue(row.next(), "no card file " + file);
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= 5; i++) {
                    String value = row.getString(i);
                    values.add(value == null ? "-" : value);
                }
                return values;
            }
        }
    }

    private static void lock(Connection hold, UUID... files) throws Exception {
        try (PreparedStatement q = hold.prepareStatement("select id from card_files where id = any(?) for update")) {
            q.setArray(1, hold.createArrayOf("uuid", files));
            try (ResultSet rows = q.executeQuery()) {
                int locked = 0;
                while (rows.next()) {
                    locked++;
                }
                assertEquals(files.length, locked);
            }
        }
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    /** A card book of {@code rows} rows; every tenth card number fails the Luhn check. */
    private static String csv(int rows) {
        StringBuilder csv = new StringBuilder(CardFileScenarios.HEADER).append('\n');
        for (int i = 1; i <= rows; i++) {
            String pan = i % 10 == 0 ? "4242424242424241" : "4242424242424242";
            csv.append(CardFileScenarios.row("q-" + i, pan, 12, CardFileScenarios.YEAR)).append('\n');
        }
        return csv.toString();
    }

    private static Map<String, String> settings(ExtraInstance.Database db, Map<String, String> cardFiles) {
        Map<String, String> settings = db.settings();
        settings.put("payments.reports.sync-interval-seconds", "off");
        settings.putAll(cardFiles);
        return settings;
    }


    private static RequestSpecification admin(String baseUri, String rootToken) {
        return given().baseUri(baseUri).contentType(ContentType.JSON).accept(ContentType.JSON)
                .header("Authorization", "Bearer " + rootToken);
    }

    /** A project of the schema with its API key and a FileContentPGPKey, whose public half a GnuPG home holds. */
    private static final class Project implements AutoCloseable {
        final UUID projectId;
        final String apiKey;
        final Gpg gpg = new Gpg();

        Project(String baseUri, String rootToken, UUID company) {
            projectId = Api.created(admin(baseUri, rootToken)
                    .body(Map.of("companyId", company, "projectName", Api.unique("Proj"))).post(Api.PROJECTS));
            UUID keyId = UUID.fromString((String) keys(baseUri, rootToken).get(0).get("id"));
            apiKey = Api.ok(admin(baseUri, rootToken).queryParam("keyId", keyId)
                    .get("/api/adm/companyProjectKeys/actual")).getString("entry.keyValue");
            UUID fileKey = Api.created(admin(baseUri, rootToken).body(Map.of("companyProjectId", projectId,
                    "type", "FileContentPGPKey", "name", Api.unique("key"))).post(Api.KEYS));
            String publicKey = keys(baseUri, rootToken).stream().filter(k -> fileKey.toString().equals(k.get("id")))
                    .findFirst().map(k -> (String) k.get("publicKey")).orElseThrow();
            gpg.importKey(publicKey.getBytes(StandardCharsets.US_ASCII));
        }

        private List<Map<String, Object>> keys(String baseUri, String rootToken) {
            return Api.ok(admin(baseUri, rootToken).queryParam("CompanyProjectId", projectId)
                    .queryParam("limit", 1000).get(Api.KEYS)).getList("entries");
        }

        RequestSpecification pay(String baseUri) {
            return given().baseUri(baseUri).accept(ContentType.JSON).header("X-API-Key", apiKey);
        }

        String files() {
            return "/api/pay/" + projectId + "/cardFiles";
        }

        byte[] encrypt(String csv) {
            return gpg.ok(csv.getBytes(StandardCharsets.UTF_8), "--encrypt", "-r", "project-" + projectId);
        }

        UUID upload(String baseUri, byte[] message) {
            Response r = pay(baseUri).contentType("application/pgp-encrypted").body(message).post(files());
            assertEquals(202, r.statusCode(), r.asString());
            return UUID.fromString(JsonBody.of(r).getString("id"));
        }

        JsonBody awaitEnd(String baseUri, UUID id) {
            long deadline = System.nanoTime() + ExtraInstance.WHEN_IDLE.toNanos();
            while (System.nanoTime() < deadline) {
                JsonBody file = Api.ok(pay(baseUri).get(files() + "/" + id));
                String state = file.getString("entry.state");
                if ("Succeeded".equals(state) || "Failed".equals(state)) {
                    return file;
                }
                CardFileScenarios.pause(200);
            }
            throw new AssertionError("card file " + id + " did not end");
        }

        @Override
        public void close() {
            gpg.close();
        }
    }
}
