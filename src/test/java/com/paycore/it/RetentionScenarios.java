package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/**
 * Retention (docs/operations.md, Retention): rows of every kind older than their setting's default are deleted by the retention
 * run, younger ones (and rows still in use: a Pending delivery, a refresh token of a family still alive) are kept.
 * The rows are written straight into the tables with their ages; the instance under test runs with
 * {@code payments.retention.batch-size=2}, so a run deletes in several batches. Transactions and their own events
 * are never touched (the erasure scenarios and the reports read them).
 */
abstract class RetentionScenarios {

    static final String RUN = "/api/adm/retention/run";

    /** Rows of one test, by table: what must go and what must stay. */
    static final class Rows {
        final List<String[]> gone = new ArrayList<>();
        final List<String[]> kept = new ArrayList<>();

        void gone(String table, UUID id) {
            gone.add(new String[] {table, id.toString()});
        }

        void kept(String table, UUID id) {
            kept.add(new String[] {table, id.toString()});
        }
    }

    @Test
    void rowsOlderThanTheirRetentionAreDeletedAndYoungerOnesKept() throws Exception {
        Rows rows = aged();
        JsonBody answer = ok(asRoot().post(RUN));
        Map<String, Integer> deleted = answer.getList("entries", Map.class).stream()
                .collect(Collectors.toMap(e -> (String) e.get("kind"), e -> ((Number) e.get("deleted")).intValue()));
        assertEquals(List.of("audit", "cardExportParts", "cardFiles", "events", "idempotency", "refreshTokens", "runs",
                "webhookAttempts",
                "webhookDeliveries"), deleted.keySet().stream().sorted().toList(), "every kind is on by default");
        assertTrue(deleted.get("audit") >= 5, "five aged audit rows, in batches of two: " + deleted);
        assertTrue(deleted.get("refreshTokens") >= 2, deleted.toString());
        for (String kind : List.of("cardFiles", "events", "idempotency", "runs", "webhookAttempts",
                "webhookDeliveries")) {
            assertTrue(deleted.get(kind) >= 1, kind + ": " + deleted);
        }
        assertGoneAndKept(rows);
    }

    /** Two instances pruning at the same moment: both runs succeed, and everything aged is gone, everything young kept. */
    @Test
    void twoInstancesPruningAtOnceBothSucceed() throws Exception {
        Rows rows = aged();
        String root = Api.rootToken();
        List<Response> answers = Parallel.run(4, i -> (i % 2 == 0 ? Api.as(root) : Api.onSecondInstance(root)).post(RUN));
        for (Response answer : answers) {
            ok(answer);
        }
        assertGoneAndKept(rows);
    }

    @Test
    void onlyPlatformAdministratorsRunIt() {
        UUID company = Api.aCompany();
        refused(Api.as(Api.anAdminOf(company).token()).post(RUN), 403);
        refused(Api.anonymous().post(RUN), 401);
    }

    /** One row of each kind past its default retention (two or more for some), and one just within it. */
    static Rows aged() throws Exception {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        Rows rows = new Rows();
        UUID company = Api.aCompany();
        UUID project = Api.aProject(company);
        Api.Person person = Api.aUser();
        try (Connection db = DatabaseDump.connect()) {
            // event outbox: 90 days once dispatched
            rows.gone("events", event(db, project, company, now.minusDays(91)));
            rows.kept("events", event(db, project, company, now.minusDays(89)));

            // webhook deliveries (finished, 90 days after the last attempt) and attempts (30 days)
            UUID endpoint = endpoint(db, project, company, now);
            rows.gone("webhook_deliveries", delivery(db, endpoint, "Delivered", now.minusDays(91), now.minusDays(91)));
            rows.gone("webhook_deliveries", delivery(db, endpoint, "Failed", now.minusDays(95), now.minusDays(92)));
            rows.kept("webhook_deliveries", delivery(db, endpoint, "Failed", now.minusDays(95), now.minusDays(89)));
            rows.kept("webhook_deliveries", delivery(db, endpoint, "Pending", now.minusDays(95), now.minusDays(94)));
            rows.gone("webhook_attempts", attempt(db, endpoint, now.minusDays(31)));
            rows.kept("webhook_attempts", attempt(db, endpoint, now.minusDays(29)));

            // refresh tokens: 30 days after expiry or revocation, once no token of the family is usable
            UUID ended = UUID.randomUUID();
            rows.gone("refresh_tokens", refreshToken(db, person.id(), ended, now.minusDays(31), null, now.minusDays(40)));
            rows.gone("refresh_tokens", refreshToken(db, person.id(), ended, now.plusDays(5), now.minusDays(31), now.minusDays(40)));
            UUID alive = UUID.randomUUID();
            rows.kept("refresh_tokens", refreshToken(db, person.id(), alive, now.plusDays(5), now.minusDays(31), now.minusDays(40)));
            rows.kept("refresh_tokens", refreshToken(db, person.id(), alive, now.plusDays(5), null, now.minusDays(31)));
            rows.kept("refresh_tokens", refreshToken(db, person.id(), UUID.randomUUID(), now.minusDays(29), null, now.minusDays(40)));

            // finished runs: 90 days; a Running one stays whatever its age
            rows.gone("runs", run(db, person.id(), "Succeeded", now.minusDays(91)));
            rows.kept("runs", run(db, person.id(), "Failed", now.minusDays(89)));

            // ended card files, with their rows' results: 30 days; one still being processed stays
            UUID agedFile = cardFile(db, project, company, "Succeeded", now.minusDays(31));
            rows.gone("card_files", agedFile);
            rows.kept("card_files", cardFile(db, project, company, "Failed", now.minusDays(29)));
            rows.kept("card_files", cardFile(db, project, company, "Processing", null));

            // idempotency rows: 24 hours
            rows.gone("idempotency_keys", idempotency(db, project, now.minusHours(25)));
            rows.kept("idempotency_keys", idempotency(db, project, now.minusHours(23)));

            // audit rows: 400 days
            for (int i = 0; i < 5; i++) {
                rows.gone("audit_events", audit(db, company, now.minusDays(401 + i)));
            }
            rows.kept("audit_events", audit(db, company, now.minusDays(399)));
        }
        return rows;
    }

    static void assertGoneAndKept(Rows rows) throws Exception {
        try (Connection db = DatabaseDump.connect()) {
            for (String[] row : rows.gone) {
                assertEquals(0, count(db, row[0], row[1]), row[0] + " " + row[1] + " is past its retention");
            }
            for (String[] row : rows.kept) {
                assertEquals(1, count(db, row[0], row[1]), row[0] + " " + row[1] + " is within its retention");
            }
        }
    }

    private static long count(Connection db, String table, String id) throws Exception {
        try (PreparedStatement ps = db.prepareStatement("select count(*) from " + table + " where id = ?")) {
            ps.setObject(1, UUID.fromString(id));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static UUID insert(Connection db, String sql, Object... values) throws Exception {
        try (PreparedStatement ps = db.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            ps.executeUpdate();
        }
        return (UUID) values[0];
    }

    static UUID event(Connection db, UUID project, UUID company, OffsetDateTime at) throws Exception {
        UUID id = UUID.randomUUID();
        return insert(db, "insert into events (id, project_id, company_id, type, created_at, body, dispatched) "
                + "values (?, ?, ?, ?, ?, ?, true)", id, project, company, "api_key.expiring", at,
                "{\"id\":\"" + id + "\",\"type\":\"api_key.expiring\",\"data\":{}}");
    }

    /**
     * A deleted endpoint (never sent to): the deliveries and attempts below belong to it. Made and deleted over the API,
     * so its secret is sealed like any other (every later start checks each sealed value against the master key).
     */
    static UUID endpoint(Connection db, UUID project, UUID company, OffsetDateTime now) {
        WebhookScenarios.Endpoint endpoint = WebhookScenarios.anEndpoint(project, "http://127.0.0.1:9/retention",
                "api_key.expiring");
        WebhookScenarios.deleteQuietly(endpoint);
        return endpoint.id();
    }

    static UUID delivery(Connection db, UUID endpoint, String status, OffsetDateTime created,
                         OffsetDateTime lastAttempt) throws Exception {
        return insert(db, "insert into webhook_deliveries (id, endpoint_id, event_id, event_type, status, attempts, "
                + "next_attempt_at, last_attempt_at, created_at) values (?, ?, ?, ?, ?, 1, ?, ?, ?)",
                UUID.randomUUID(), endpoint, UUID.randomUUID(), "api_key.expiring", status,
                OffsetDateTime.now(ZoneOffset.UTC).plusDays(30), lastAttempt, created);
    }

    static UUID attempt(Connection db, UUID endpoint, OffsetDateTime at) throws Exception {
        return insert(db, "insert into webhook_attempts (id, endpoint_id, event_id, event_type, attempted_at, "
                + "http_status, duration_ms, manual) values (?, ?, ?, ?, ?, 500, 12, false)",
                UUID.randomUUID(), endpoint, UUID.randomUUID(), "api_key.expiring", at);
    }

    static UUID refreshToken(Connection db, UUID user, UUID family, OffsetDateTime expires, OffsetDateTime revoked,
                             OffsetDateTime created) throws Exception {
        UUID id = UUID.randomUUID();
        return insert(db, "insert into refresh_tokens (id, user_id, family_id, token_hash, expires_at, revoked_at, "
                + "created_at, version) values (?, ?, ?, ?, ?, ?, ?, 1)", id, user, family,
                (id.toString() + id).replace("-", "").substring(0, 64), expires, revoked, created);
    }

    static UUID run(Connection db, UUID user, String state, OffsetDateTime finished) throws Exception {
        return insert(db, "insert into runs (id, kind, requested_by, state, items_done, instance, started_at, "
                + "heartbeat_at, lease_until, finished_at) values (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)",
                UUID.randomUUID(), "ReportSync", user, state, "retention-test", finished.minusMinutes(1), finished,
                finished, finished);
    }

    /** A card file in the state, ended at {@code finished} (null: not ended), with one row's result. */
    static UUID cardFile(Connection db, UUID project, UUID company, String state, OffsetDateTime finished)
            throws Exception {
        OffsetDateTime received = finished == null ? OffsetDateTime.now(ZoneOffset.UTC) : finished.minusHours(1);
        // held by no instance of the tests: a lease of a day keeps the workers off it
        UUID id = insert(db, "insert into card_files (id, project_id, company_id, run_id, state, message_bytes, parts, "
                + "received_at, finished_at, worker, lease_until) values (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?)",
                UUID.randomUUID(), project, company, UUID.randomUUID(), state, received, finished, "retention-test",
                received.plusDays(1));
        try (PreparedStatement row = db.prepareStatement("insert into card_file_results (file_id, first_row, lines) "
                + "values (?, 1, '1,r-1,Rejected,,,,,,,invalid card number')")) {
            row.setObject(1, id);
            row.executeUpdate();
        }
        return id;
    }

    static UUID idempotency(Connection db, UUID project, OffsetDateTime created) throws Exception {
        UUID id = UUID.randomUUID();
        return insert(db, "insert into idempotency_keys (id, scope, idem_key, fingerprint, state, status, created_at, "
                + "expires_at, lease_until) values (?, ?, ?, ?, ?, 200, ?, ?, ?)", id, "project:" + project,
                "retention-" + id, "0".repeat(64), "COMPLETED", created, created.plusHours(24), created.plusSeconds(30));
    }

    static UUID audit(Connection db, UUID company, OffsetDateTime at) throws Exception {
        return insert(db, "insert into audit_events (id, occurred_at, company_id, action, outcome) values (?, ?, ?, ?, ?)",
                UUID.randomUUID(), at, company, "RetentionTest", "Success");
    }
}
