package com.paycore.idempotency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.core.Response;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.SecretBox;

import liquibase.Liquibase;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;

/**
 * A streamed operation's answer, written in its effect's own local transaction on the Liquibase schema (H2): stored
 * with the whole body's fingerprint while the claim is the request's, else 409 and the effect rolls back with it.
 */
class StreamedClaimsTest {

    private static final byte[] LOOKUP_KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final SecretBox BOX = new SecretBox("fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII));
    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 6, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final String TARGET = "pay/p/cardFiles";

    static JdbcDataSource h2;

    private Jdbc jdbc;
    private StreamedClaims claims;
    private HeldKey held;

    @BeforeAll
    static void schema() throws Exception {
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:streamed-claims;DB_CLOSE_DELAY=-1");
        var database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(h2.getConnection()));
        try (Liquibase liquibase = new Liquibase("db/changelog.yaml", new ClassLoaderResourceAccessor(), database)) {
            liquibase.update("");
        }
        try (Connection c = h2.getConnection()) {
            c.createStatement().execute("create table effects (id uuid primary key)");
        }
    }

    @BeforeEach
    void beans() throws Exception {
        try (Connection c = h2.getConnection()) {
            c.createStatement().execute("delete from idempotency_keys");
            c.createStatement().execute("delete from effects");
        }
        jdbc = Jdbc.over(h2);
        held = new HeldKey();
        claims = new StreamedClaims();
        claims.held = held;
        claims.masterKey = () -> BOX;
    }

    /** A pending claim, as the filter makes it, and a body the operation has read to its end. */
    private UUID claimAndRead(String body) throws Exception {
        UUID id = UUID.randomUUID();
        try (Connection c = h2.getConnection(); PreparedStatement insert = c.prepareStatement("insert into idempotency_keys "
                + "(id, scope, idem_key, fingerprint, state, created_at, expires_at, lease_until) values (?, ?, ?, ?, ?, ?, ?, ?)")) {
            insert.setObject(1, id);
            insert.setString(2, "project:p");
            insert.setString(3, "k-" + id);
            insert.setString(4, IdempotencyRules.PENDING_FINGERPRINT);
            insert.setString(5, "IN_PROGRESS");
            insert.setObject(6, NOW);
            insert.setObject(7, NOW.plusHours(24));
            insert.setObject(8, NOW.plus(Duration.ofSeconds(30)));
            insert.executeUpdate();
        }
        FingerprintedBody read = new FingerprintedBody(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)),
                IdempotencyRules.fingerprintOf(LOOKUP_KEY, "POST", TARGET));
        read.readAllBytes();
        held.holdStreamed(id, read);
        return id;
    }

    /** The upload's transaction: its effect, then the answer, as CardFileService.receive runs them. */
    private void upload(UUID effect, Response answer) {
        jdbc.transaction(session -> {
            session.update("insert into effects (id) values (?)", effect);
            claims.answer(session, answer);
            return null;
        });
    }

    private static Response accepted(UUID file) {
        return Response.accepted(Envelope.ok(new Envelope.Created(file)))
                .location(URI.create("http://h/api/pay/p/cardFiles/" + file)).build();
    }

    private String column(UUID claim, String name) throws Exception {
        try (Connection c = h2.getConnection();
             PreparedStatement read = c.prepareStatement("select " + name + " from idempotency_keys where id = ?")) {
            read.setObject(1, claim);
            try (ResultSet row = read.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    private long effects() throws Exception {
        try (Connection c = h2.getConnection(); ResultSet row = c.createStatement().executeQuery("select count(*) from effects")) {
            row.next();
            return row.getLong(1);
        }
    }

    @Test
    void theAnswerCommitsWithTheEffectAndTheWholeBodysFingerprint() throws Exception {
        UUID claim = claimAndRead("the file");
        UUID file = UUID.randomUUID();
        upload(file, accepted(file));
        assertEquals(1, effects());
        assertEquals("COMPLETED", column(claim, "state"));
        assertEquals("202", column(claim, "status"));
        assertEquals(IdempotencyRules.fingerprint(LOOKUP_KEY, "POST", TARGET, "the file".getBytes(StandardCharsets.UTF_8)),
                column(claim, "fingerprint"));
        JsonObject stored = Json.createReader(new StringReader(
                BOX.decryptString(column(claim, "response"), IdempotencyStore.purpose(claim)))).readObject();
        assertTrue(stored.getString("body").contains(file.toString()), stored.toString());
        assertEquals("http://h/api/pay/p/cardFiles/" + file,
                stored.getJsonObject("headers").getJsonArray("Location").getString(0));
        assertTrue(held.answered(), "the response filter has nothing more to store");
    }

    @Test
    void aClaimNoLongerTheRequestsIs409AndTheEffectRollsBack() throws Exception {
        UUID claim = claimAndRead("the file");
        // a retry took the claim over after its lease: this request's row is gone
        try (Connection c = h2.getConnection()) {
            c.createStatement().execute("delete from idempotency_keys");
        }
        UUID file = UUID.randomUUID();
        AppException refused = assertThrows(AppException.class, () -> upload(file, accepted(file)));
        assertEquals(ErrorCode.CONFLICT, refused.code());
        assertEquals(0, effects(), "no file without its answer");
        assertTrue(!held.answered());
        assertEquals(null, column(claim, "state"));
    }

    @Test
    void anAnsweredClaimIsNotAnsweredTwice() throws Exception {
        UUID claim = claimAndRead("the file");
        UUID first = UUID.randomUUID();
        upload(first, accepted(first));
        UUID second = UUID.randomUUID();
        assertEquals(ErrorCode.CONFLICT, assertThrows(AppException.class, () -> upload(second, accepted(second))).code());
        assertEquals(1, effects());
        assertTrue(BOX.decryptString(column(claim, "response"), IdempotencyStore.purpose(claim)).contains(first.toString()));
    }

    @Test
    void withoutAKeyNothingIsWritten() throws Exception {
        UUID file = UUID.randomUUID();
        upload(file, accepted(file));
        assertEquals(1, effects());
        try (Connection c = h2.getConnection(); ResultSet row = c.createStatement().executeQuery("select count(*) from idempotency_keys")) {
            row.next();
            assertEquals(0, row.getLong(1));
        }
    }
}
