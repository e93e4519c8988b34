package com.paycore.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.paycore.audit.AuditLog;
import com.paycore.event.Events.Published;
import com.paycore.event.Events;
import com.paycore.platform.data.Jdbc;
import com.paycore.secret.SecretBox;

import liquibase.Liquibase;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;

/**
 * The delivery statements on the embedded database (H2) with the real schema: fan-out to the matching active
 * endpoints, claims that skip rows another transaction holds and lease what they take, and outcomes (delivered, the
 * next attempt by the schedule, Failed after the give-up time, an endpoint disabled after failing that long). The
 * integration tests run them on PostgreSQL, with two instances.
 */
class DeliveryLedgerTest {

    static final OffsetDateTime NOW = OffsetDateTime.of(2026, 6, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    static final Duration GIVE_UP = Duration.ofHours(72);
    static JdbcDataSource h2;

    final List<String> audited = new ArrayList<>();
    /** Events the outbox no longer keeps. */
    final Set<UUID> gone = new HashSet<>();
    DeliveryLedger ledger;
    FanOut fanOut;
    UUID project;

    @BeforeAll
    static void schema() throws Exception {
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:webhook-ledger;DB_CLOSE_DELAY=-1");
        var database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(h2.getConnection()));
        try (Liquibase liquibase = new Liquibase("db/changelog.yaml", new ClassLoaderResourceAccessor(), database)) {
            liquibase.update("");
        }
        // the process-wide box, over a key of this test's own (no other unit test opens it)
        System.setProperty("payments.crypto.master-key", Base64.getEncoder().encodeToString(new byte[32]));
        try {
            SecretBox.get();
        } finally {
            System.clearProperty("payments.crypto.master-key");
        }
    }

    @BeforeEach
    void beans() throws Exception {
        try (Connection c = h2.getConnection()) {
            c.createStatement().execute("delete from webhook_attempts");
            c.createStatement().execute("delete from webhook_deliveries");
            c.createStatement().execute("delete from webhook_endpoints");
        }
        project = UUID.randomUUID();
        ledger = new DeliveryLedger();
        ledger.jdbc = Jdbc.over(h2);
        ledger.settings = WebhookSettings.of(false, 1000, Duration.ofSeconds(10), RetrySchedule.parse("PT1M,PT5M"), GIVE_UP);
        ledger.audit = new AuditLog() {
            @Override
            public void record(String action, UUID companyId, String targetType, Object targetId, String details) {
                audited.add(action + " " + targetId + " " + details);
            }
        };
        ledger.events = new Events() {
            @Override
            public Map<UUID, String> bodies(Collection<UUID> eventIds) {
                Map<UUID, String> bodies = new HashMap<>();
                eventIds.stream().filter(id -> !gone.contains(id)).forEach(id -> bodies.put(id, "{\"id\":\"" + id + "\"}"));
                return bodies;
            }
        };
        fanOut = FanOut.over(h2);
    }

    UUID endpoint(UUID projectId, String events, boolean active) throws Exception {
        return endpoint(UUID.randomUUID(), projectId, events, active);
    }

    UUID endpoint(UUID companyId, UUID projectId, String events, boolean active) throws Exception {
        UUID id = UUID.randomUUID();
        try (Connection c = h2.getConnection(); PreparedStatement insert = c.prepareStatement(
                "insert into webhook_endpoints (id, company_id, project_id, url, enabled_events, is_active, secret, "
                        + "created_at, updated_at, version) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)")) {
            insert.setObject(1, id);
            insert.setObject(2, companyId);
            insert.setObject(3, projectId);
            insert.setString(4, "https://receiver.example/hooks/" + id);
            insert.setString(5, events);
            insert.setBoolean(6, active);
            insert.setString(7, WebhookSecrets.seal("whsec_" + id, id));
            insert.setObject(8, NOW);
            insert.setObject(9, NOW);
            insert.executeUpdate();
        }
        return id;
    }

    Published event(UUID projectId, String type) {
        UUID id = UUID.randomUUID();
        return new Published(id, projectId, UUID.randomUUID(), type, NOW, "{\"id\":\"" + id + "\"}");
    }

    List<Object[]> rows(String sql, Object... values) throws Exception {
        try (Connection c = h2.getConnection(); PreparedStatement select = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                select.setObject(i + 1, values[i]);
            }
            List<Object[]> rows = new ArrayList<>();
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    Object[] values2 = new Object[row.getMetaData().getColumnCount()];
                    for (int i = 0; i < values2.length; i++) {
                        values2[i] = row.getObject(i + 1);
                    }
                    rows.add(values2);
                }
            }
            return rows;
        }
    }

    @Test
    void eachEventGoesToTheActiveEndpointsOfItsProjectThatEnableItsType() throws Exception {
        UUID all = endpoint(project, "*", true);
        UUID captures = endpoint(project, "transaction.captured,chargeback.opened", true);
        endpoint(project, "*", false);
        endpoint(UUID.randomUUID(), "*", true);
        Published authorized = event(project, "transaction.authorized");
        Published captured = event(project, "transaction.captured");
        assertEquals(3, fanOut.fanOut(List.of(authorized, captured, event(UUID.randomUUID(), "transaction.captured")), NOW));
        assertEquals(List.of(all.toString() + authorized.id(), all.toString() + captured.id(),
                        captures.toString() + captured.id()).stream().sorted().toList(),
                rows("select endpoint_id, event_id, status, attempts from webhook_deliveries").stream()
                        .peek(r -> assertEquals("Pending", r[2]))
                        .peek(r -> assertEquals(0, r[3]))
                        .map(r -> r[0].toString() + r[1]).sorted().toList());
        assertEquals(0, fanOut.fanOut(List.of(), NOW));
    }

    @Test
    void aClaimSkipsRowsAnotherTransactionHoldsAndLeasesWhatItTakes() throws Exception {
        UUID endpoint = endpoint(project, "*", true);
        fanOut.fanOut(List.of(event(project, "transaction.authorized"), event(project, "transaction.captured")), NOW);
        try (Connection other = h2.getConnection()) {
            other.setAutoCommit(false);
            UUID held = (UUID) rows("select id from webhook_deliveries order by id").get(0)[0];
            try (PreparedStatement lock = other.prepareStatement("select id from webhook_deliveries where id = ? for update")) {
                lock.setObject(1, held);
                try (ResultSet row = lock.executeQuery()) {
                    assertTrue(row.next());
                }
            }
            List<DeliveryLedger.LeasedDelivery> claims = ledger.claimDue(10, NOW, Duration.ofSeconds(60));
            assertEquals(1, claims.size(), "the row the other transaction holds is skipped, not waited for");
            DeliveryLedger.LeasedDelivery claim = claims.get(0);
            assertFalse(claim.deliveryId().equals(held));
            assertEquals(endpoint, claim.endpointId());
            assertEquals(URI.create("https://receiver.example/hooks/" + endpoint), claim.url());
            assertEquals(List.of("whsec_" + endpoint), claim.secrets());
            assertEquals("{\"id\":\"" + claim.eventId() + "\"}", claim.body(), "the event read in the claim's transaction");
            other.rollback();
        }
        List<DeliveryLedger.LeasedDelivery> rest = ledger.claimDue(10, NOW, Duration.ofSeconds(60));
        assertEquals(1, rest.size(), "the leased one is not due again");
        assertEquals(List.of(), ledger.claimDue(10, NOW.plusSeconds(59), Duration.ofSeconds(60)));
        assertEquals(2, ledger.claimDue(10, NOW.plusSeconds(61), Duration.ofSeconds(60)).size(),
                "after the lease (a crash mid-attempt) both come due again");
    }

    @Test
    void outcomesDeliverRetryByTheScheduleAndFailAfterTheGiveUpTime() throws Exception {
        UUID endpoint = endpoint(project, "*", true);
        Published event = event(project, "transaction.authorized");
        fanOut.fanOut(List.of(event), NOW);
        DeliveryLedger.LeasedDelivery claim = ledger.claimDue(10, NOW, Duration.ofSeconds(60)).get(0);
        ledger.record(List.of(claim), List.of(new Outcome(NOW, 500, null, 30)));
        Object[] delivery = rows("select status, attempts, next_attempt_at, lease_id from webhook_deliveries").get(0);
        assertEquals("Pending", delivery[0]);
        assertEquals(1, delivery[1]);
        OffsetDateTime next = ((OffsetDateTime) delivery[2]).withOffsetSameInstant(ZoneOffset.UTC);
        assertTrue(!next.isBefore(NOW.plusSeconds(48)) && !next.isAfter(NOW.plusSeconds(72)), "PT1M +-20%: " + next);
        assertNull(delivery[3]);
        ledger.record(List.of(claim), List.of(new Outcome(NOW, 200, null, 30))); // the lease is spent: nothing
        assertEquals(1, rows("select * from webhook_attempts").size());

        claim = ledger.claimDue(10, NOW.plusMinutes(2), Duration.ofSeconds(60)).get(0);
        ledger.record(List.of(claim), List.of(new Outcome(NOW.plusMinutes(2), null, "no answer within 10000 ms", 10_000)));
        assertEquals(2, rows("select attempts from webhook_deliveries").get(0)[0]);
        claim = ledger.claimDue(10, NOW.plusMinutes(10), Duration.ofSeconds(60)).get(0);
        ledger.record(List.of(claim), List.of(new Outcome(NOW.plusMinutes(10), 204, null, 5)));
        assertEquals("Delivered", rows("select status from webhook_deliveries").get(0)[0]);
        assertEquals(List.of(), ledger.claimDue(10, NOW.plusDays(1), Duration.ofSeconds(60)));
        List<Object[]> log = rows("select event_id, event_type, http_status, error, duration_ms, manual "
                + "from webhook_attempts order by attempted_at");
        assertEquals(3, log.size());
        assertEquals(event.id(), log.get(0)[0]);
        assertEquals("transaction.authorized", log.get(0)[1]);
        assertEquals(500, log.get(0)[2]);
        assertNull(log.get(1)[2]);
        assertEquals("no answer within 10000 ms", log.get(1)[3]);
        assertEquals(204, log.get(2)[2]);
        assertEquals(Boolean.FALSE, log.get(2)[5]);
        assertNull(rows("select failing_since from webhook_endpoints where id = ?", endpoint).get(0)[0],
                "a success ends the failing period");
    }

    @Test
    void afterTheGiveUpTimeTheDeliveryFailsAndAnEndpointThatFailedThroughoutIsDisabledOnce() throws Exception {
        UUID endpoint = endpoint(project, "*", true);
        fanOut.fanOut(List.of(event(project, "transaction.authorized"), event(project, "transaction.settled")), NOW);
        List<DeliveryLedger.LeasedDelivery> claims = ledger.claimDue(10, NOW, Duration.ofSeconds(60));
        ledger.record(List.of(claims.get(0)), List.of(new Outcome(NOW, 503, null, 3)));
        ledger.record(List.of(claims.get(1)), List.of(new Outcome(NOW, null, "connection refused or unreachable", 3)));
        assertEquals(NOW.toInstant(), ((OffsetDateTime) rows("select failing_since from webhook_endpoints").get(0)[0]).toInstant());
        assertEquals(List.of(), audited);

        OffsetDateTime late = NOW.plus(GIVE_UP).plusMinutes(1);
        claims = ledger.claimDue(10, late, Duration.ofSeconds(60));
        assertEquals(2, claims.size());
        ledger.record(List.of(claims.get(0)), List.of(new Outcome(late, 500, null, 3)));
        assertEquals(1, audited.size(), audited.toString());
        assertTrue(audited.get(0).startsWith("WebhookEndpointDisabled " + endpoint), audited.toString());
        assertEquals(Boolean.FALSE, rows("select is_active from webhook_endpoints").get(0)[0]);
        ledger.record(List.of(claims.get(1)), List.of(new Outcome(late, 500, null, 3)));
        assertEquals(1, audited.size(), "disabled once");
        assertEquals(List.of("Failed", "Failed"), rows("select status from webhook_deliveries").stream()
                .map(r -> r[0]).toList());
        assertEquals(List.of(), ledger.claimDue(10, late.plusDays(1), Duration.ofSeconds(60)));
    }

    @Test
    void aRoundsOutcomesAreRecordedTogetherEachByItsOwnLeaseAndTheEndpointsHealthAsIfOneByOne() throws Exception {
        UUID flaky = endpoint(project, "*", true);
        UUID steady = endpoint(project, "transaction.captured", true);
        Published first = event(project, "transaction.authorized");
        Published second = event(project, "transaction.captured");
        Published forgotten = event(project, "transaction.authorized");
        gone.add(forgotten.id());
        fanOut.fanOut(List.of(first, second, forgotten), NOW);
        List<DeliveryLedger.LeasedDelivery> claims = ledger.claimDue(10, NOW, Duration.ofSeconds(60));
        assertEquals(4, claims.size());
        List<Outcome> outcomes = new ArrayList<>();
        for (DeliveryLedger.LeasedDelivery claim : claims) {
            if (claim.body() == null) {
                assertEquals(forgotten.id(), claim.eventId());
                outcomes.add(new Outcome(NOW, null, "the event is no longer kept", 0));
            } else if (claim.endpointId().equals(steady)) {
                outcomes.add(new Outcome(NOW, 200, null, 4));
            } else {
                outcomes.add(new Outcome(NOW, claim.eventId().equals(first.id()) ? 200 : 502, null, 4));
            }
        }
        // the steady endpoint's delivery loses its lease first (the endpoint was deleted and made again, say)
        try (Connection c = h2.getConnection()) {
            c.createStatement().execute("update webhook_deliveries set lease_id = null where endpoint_id = '" + steady + "'");
        }
        ledger.record(claims, outcomes);

        assertEquals(List.of("Delivered", "Failed", "Pending"), rows("select status from webhook_deliveries "
                + "where endpoint_id = ? order by status", flaky).stream().map(r -> r[0]).toList(),
                "event gone: failed at once; 502: retried later; 200: delivered");
        assertEquals(List.of("Pending", 0), List.of(rows("select status, attempts from webhook_deliveries where endpoint_id = ?",
                steady).get(0)), "its lease was gone: left alone");
        assertEquals(3, rows("select * from webhook_attempts where endpoint_id = ?", flaky).size());
        assertEquals(0, rows("select * from webhook_attempts where endpoint_id = ?", steady).size());
        boolean lastFailed = !outcomes.get(claims.indexOf(claims.stream().filter(c -> c.endpointId().equals(flaky))
                .reduce((a, b) -> b).orElseThrow())).delivered();
        Object failingSince = rows("select failing_since from webhook_endpoints where id = ?", flaky).get(0)[0];
        assertEquals(lastFailed, failingSince != null, "the last attempt in the round decides, as one by one");
        ledger.record(List.of(), List.of());
        assertThrows(IllegalArgumentException.class, () -> ledger.record(claims, List.of()));
    }

    /** What WebhookEndpointService.queueRetry does: the row's manual retry due now, unless one is queued already. */
    int queueManual(UUID endpoint, UUID event, OffsetDateTime at) throws Exception {
        try (Connection c = h2.getConnection(); PreparedStatement queue = c.prepareStatement("update webhook_deliveries "
                + "set manual_due_at = ? where endpoint_id = ? and event_id = ? and manual_due_at is null")) {
            queue.setObject(1, at);
            queue.setObject(2, endpoint);
            queue.setObject(3, event);
            return queue.executeUpdate();
        }
    }

    @Test
    void deliveriesOfAnInactiveEndpointWaitAndAQueuedManualRetryIsSentOnceAndLeavesTheScheduleAlone() throws Exception {
        UUID endpoint = endpoint(project, "*", true);
        Published event = event(project, "chargeback.opened");
        fanOut.fanOut(List.of(event), NOW);
        try (Connection c = h2.getConnection()) {
            c.createStatement().execute("update webhook_endpoints set is_active = false");
        }
        assertEquals(List.of(), ledger.claimDue(10, NOW, Duration.ofSeconds(60)));
        assertEquals(1, queueManual(endpoint, event.id(), NOW));
        assertEquals(0, queueManual(endpoint, event.id(), NOW), "one queued already: not another");
        assertEquals(0, queueManual(endpoint, UUID.randomUUID(), NOW), "no delivery of that event: nothing queued");
        List<DeliveryLedger.LeasedDelivery> claims = ledger.claimDue(10, NOW, Duration.ofSeconds(60));
        assertEquals(1, claims.size(), "the manual retry only: the endpoint is inactive");
        DeliveryLedger.LeasedDelivery claim = claims.get(0);
        assertTrue(claim.manual());
        assertEquals(project, claim.projectId());
        assertEquals(0, queueManual(endpoint, event.id(), NOW), "being sent: not queued again");
        assertEquals(List.of(), ledger.claimDue(10, NOW.plusSeconds(30), Duration.ofSeconds(60)), "leased");
        ledger.record(List.of(claim), List.of(new Outcome(NOW, 200, null, 12)));
        Object[] delivery = rows("select status, attempts, manual_due_at, manual_lease_id from webhook_deliveries").get(0);
        assertEquals(List.of("Pending", 0), List.of(delivery[0], delivery[1]), "the schedule is left alone");
        assertNull(delivery[2]);
        assertNull(delivery[3]);
        assertEquals(Boolean.TRUE, rows("select manual from webhook_attempts").get(0)[0]);
        assertEquals(List.of(), ledger.claimDue(10, NOW.plusMinutes(5), Duration.ofSeconds(60)), "sent once");
        ledger.record(List.of(claim), List.of(new Outcome(NOW, 200, null, 12)));
        assertEquals(1, rows("select * from webhook_attempts").size(), "its lease is gone: recorded once");
        assertEquals(1, queueManual(endpoint, event.id(), NOW.plusMinutes(1)), "after it, another may be queued");
        try (Connection c = h2.getConnection()) {
            c.createStatement().execute("update webhook_endpoints set deleted_at = created_at");
        }
        assertEquals(List.of(), ledger.claimDue(10, NOW.plusMinutes(2), Duration.ofSeconds(60)), "deleted: never sent");
    }

    @Test
    void claimsTakeEveryProjectsFirstDeliveryBeforeAnyProjectsSecondWithinEachProjectsCap() throws Exception {
        UUID busy = project;
        UUID quiet = UUID.randomUUID();
        UUID third = UUID.randomUUID();
        UUID busyEndpoint = endpoint(busy, "*", true);
        endpoint(quiet, "*", true);
        endpoint(third, "*", true);
        List<Published> backlog = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            backlog.add(event(busy, "transaction.authorized"));
        }
        fanOut.fanOut(backlog, NOW.minusHours(1)); // an old backlog, due long before the others
        fanOut.fanOut(List.of(event(quiet, "transaction.authorized"), event(quiet, "transaction.captured")), NOW);
        fanOut.fanOut(List.of(event(third, "transaction.authorized")), NOW);

        List<DeliveryLedger.LeasedDelivery> two = ledger.claimDue(2, perProject(4), DeliveryLedger.InFlight.NONE, NOW, Duration.ofSeconds(60));
        assertEquals(2, two.size());
        assertEquals(1, two.stream().filter(c -> c.projectId().equals(busy)).count(), "not the two oldest, both of "
                + "the backlog: each project's first (the backlog's is the oldest), then another project's first");
        release(two);

        List<DeliveryLedger.LeasedDelivery> capped = ledger.claimDue(20, perProject(4), DeliveryLedger.InFlight.NONE, NOW, Duration.ofSeconds(60));
        Map<UUID, Long> perProject = capped.stream().collect(Collectors.groupingBy(
                DeliveryLedger.LeasedDelivery::projectId, Collectors.counting()));
        assertEquals(Map.of(busy, 4L, quiet, 2L, third, 1L), perProject, "at most 4 of a project");
        release(capped);

        List<DeliveryLedger.LeasedDelivery> busyAtCap = ledger.claimDue(20, perProject(4), byProject(Map.of(busy, 4)),
                NOW, Duration.ofSeconds(60));
        assertEquals(0, busyAtCap.stream().filter(c -> c.projectId().equals(busy)).count(), "its 4 are in flight");
        assertEquals(3, busyAtCap.size());
        release(busyAtCap);

        List<DeliveryLedger.LeasedDelivery> partly = ledger.claimDue(4, perProject(4), byProject(Map.of(busy, 3)),
                NOW, Duration.ofSeconds(60));
        assertEquals(1, partly.stream().filter(c -> c.projectId().equals(busy)).count(), "one more of its 4");
        assertEquals(4, partly.size(), "and the slots left go to the others");
        assertTrue(partly.stream().allMatch(c -> !c.manual() && c.endpointId() != null));
        assertEquals(busyEndpoint, partly.stream().filter(c -> c.projectId().equals(busy)).findFirst().orElseThrow()
                .endpointId());
    }

    /** A project cap alone (no company cap below it). */
    static DeliveryLedger.Caps perProject(int cap) {
        return new DeliveryLedger.Caps(cap, 1000);
    }

    /** In flight on the instance: these of projects each of a company of its own. */
    static DeliveryLedger.InFlight byProject(Map<UUID, Integer> byProject) {
        return new DeliveryLedger.InFlight(byProject, Map.of());
    }

    @Test
    void claimsGoRoundRobinByCompanyThenByProjectWithinEachCompanysCap() throws Exception {
        UUID big = UUID.randomUUID(); // a company of 8 projects, each with a backlog due long before the others
        List<UUID> bigProjects = new ArrayList<>();
        List<Published> backlog = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            UUID project = UUID.randomUUID();
            bigProjects.add(project);
            endpoint(big, project, "*", true);
            for (int i = 0; i < 10; i++) {
                backlog.add(event(project, "transaction.authorized"));
            }
        }
        fanOut.fanOut(backlog, NOW.minusHours(1));
        UUID small = UUID.randomUUID();
        UUID smallProject = UUID.randomUUID();
        endpoint(small, smallProject, "*", true);
        fanOut.fanOut(List.of(event(smallProject, "transaction.authorized"), event(smallProject, "transaction.captured")),
                NOW);
        DeliveryLedger.Caps caps = new DeliveryLedger.Caps(8, 16);

        List<DeliveryLedger.LeasedDelivery> two = ledger.claimDue(2, caps, DeliveryLedger.InFlight.NONE, NOW,
                Duration.ofSeconds(60));
        assertEquals(Set.of(big, small), two.stream().map(DeliveryLedger.LeasedDelivery::companyId)
                .collect(Collectors.toSet()),
                "each company's first before any company's second, however old the other's backlog");
        release(two);

        List<DeliveryLedger.LeasedDelivery> all = ledger.claimDue(64, caps, DeliveryLedger.InFlight.NONE, NOW,
                Duration.ofSeconds(60));
        Map<UUID, Long> perCompany = all.stream().collect(Collectors.groupingBy(
                DeliveryLedger.LeasedDelivery::companyId, Collectors.counting()));
        assertEquals(Map.of(big, 16L, small, 2L), perCompany, "at most 16 of a company, though its 8 projects "
                + "could take 8 each");
        Map<UUID, Long> bigPerProject = all.stream().filter(c -> c.companyId().equals(big)).collect(
                Collectors.groupingBy(DeliveryLedger.LeasedDelivery::projectId,
                        Collectors.counting()));
        assertEquals(8, bigPerProject.size(), "the company's slots round-robin over its projects: " + bigPerProject);
        assertTrue(bigPerProject.values().stream().allMatch(n -> n == 2), bigPerProject.toString());
        release(all);

        Map<UUID, Integer> busyProjects = new HashMap<>();
        for (int p = 0; p < 7; p++) {
            busyProjects.put(bigProjects.get(p), 2);
        }
        List<DeliveryLedger.LeasedDelivery> rest = ledger.claimDue(64, caps,
                new DeliveryLedger.InFlight(busyProjects, Map.of(big, 14)), NOW, Duration.ofSeconds(60));
        List<UUID> bigTaken = rest.stream().filter(c -> c.companyId().equals(big))
                .map(DeliveryLedger.LeasedDelivery::projectId).toList();
        assertEquals(2, bigTaken.size(), "14 of its 16 in flight: two more: " + bigTaken);
        assertEquals(2, rest.stream().filter(c -> c.companyId().equals(small)).count());
        assertEquals(2, new HashSet<>(bigTaken).size(), "two projects' firsts, not one's two: " + bigTaken);
        release(rest);

        List<DeliveryLedger.LeasedDelivery> atCap = ledger.claimDue(64, caps,
                new DeliveryLedger.InFlight(Map.of(bigProjects.get(0), 16), Map.of(big, 16)), NOW, Duration.ofSeconds(60));
        assertEquals(List.of(small, small), atCap.stream().map(DeliveryLedger.LeasedDelivery::companyId).toList(),
                "the company at its cap gets nothing; the other everything it has");
    }

    /** Lets claimed rows come due again (as if never claimed). */
    void release(List<DeliveryLedger.LeasedDelivery> claims) throws Exception {
        try (Connection c = h2.getConnection(); PreparedStatement back = c.prepareStatement(
                "update webhook_deliveries set next_attempt_at = created_at, lease_id = null where id = ?")) {
            for (DeliveryLedger.LeasedDelivery claim : claims) {
                back.setObject(1, claim.deliveryId());
                back.executeUpdate();
            }
        }
    }
}
