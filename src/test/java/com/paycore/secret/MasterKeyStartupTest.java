package com.paycore.secret;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;

import liquibase.Liquibase;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;

import com.paycore.platform.data.Jdbc;

/**
 * The master key check every start makes, called as the container calls it, on an in-memory H2 database with the
 * Liquibase schema: a master key that opens nothing stored (a lost or wrong key) stops the start with a message naming
 * the setting and never the key; with the old key listed as previous the start re-seals everything, after which the
 * old key alone opens nothing.
 */
class MasterKeyStartupTest {

    private static final SecureRandom RANDOM = new SecureRandom();

    private static byte[] aKey() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return key;
    }

    private static Jdbc schema() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:master-key;DB_CLOSE_DELAY=-1");
        var database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(h2.getConnection()));
        try (Liquibase liquibase = new Liquibase("db/changelog.yaml", new ClassLoaderResourceAccessor(), database)) {
            liquibase.update("");
        }
        return Jdbc.over(h2);
    }

    /** The startup bean as the container wires it; no feature declares sealed columns of its own here. */
    private static MasterKeyStartup startup(Jdbc jdbc) {
        MasterKeyStartup startup = new MasterKeyStartup();
        startup.rewrap = new MasterKeyRewrap();
        startup.rewrap.jdbc = jdbc;
        startup.lookupKey = new LookupKey();
        startup.lookupKey.jdbc = jdbc;
        startup.declarations = new NoObservers<>();
        return startup;
    }

    @Test
    void aMasterKeyThatOpensNothingStoredStopsTheStartNamingTheSettingAndNeverTheKey() throws Exception {
        Jdbc jdbc = schema();
        byte[] oldKey = aKey();
        byte[] newKey = aKey();
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger(MasterKeyStartup.class.getName());
        log.addHandler(handler);
        try {
            // A first start seals the lookup key under the old key.
            startup(jdbc).start(() -> new SecretBox(oldKey));
            String sealed = jdbc.first(LookupKey.STORED, row -> row.getString(1), LookupKey.ID).orElseThrow();
            assertTrue(sealed.startsWith("v1." + SecretBox.keyId(oldKey) + "."), sealed);

            // The new key alone: refused, naming the setting and the key id, never a key.
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> startup(jdbc).start(() -> new SecretBox(newKey)));
            String message = refused.getMessage();
            assertTrue(message.startsWith("Startup refused") && message.contains("PAYMENTS_CRYPTO_MASTER_KEY")
                    && message.contains("crypto_keys.wrapped_key") && message.contains(SecretBox.keyId(oldKey)), message);
            assertTrue(logged.stream().anyMatch(r -> r.getLevel() == Level.SEVERE && r.getMessage().equals(message)),
                    "the refusal is logged");
            for (byte[] key : List.of(oldKey, newKey)) {
                String text = Base64.getEncoder().encodeToString(key);
                assertFalse(logged.stream().anyMatch(r -> r.getMessage().contains(text)), "a master key in the log");
            }

            // Rotating (the old key listed as previous) re-seals everything under the new key ...
            logged.clear();
            startup(jdbc).start(() -> new SecretBox(newKey, oldKey));
            assertTrue(logged.stream().anyMatch(r -> r.getMessage().startsWith("Re-sealed under the current master key")),
                    "nothing re-sealed");
            sealed = jdbc.first(LookupKey.STORED, row -> row.getString(1), LookupKey.ID).orElseThrow();
            assertTrue(sealed.startsWith("v1." + SecretBox.keyId(newKey) + "."), sealed);
            startup(jdbc).start(() -> new SecretBox(newKey));

            // ... and the old key alone now opens nothing.
            String again = assertThrows(IllegalStateException.class,
                    () -> startup(jdbc).start(() -> new SecretBox(oldKey))).getMessage();
            assertTrue(again.startsWith("Startup refused") && again.contains("PAYMENTS_CRYPTO_MASTER_KEY")
                    && again.contains(SecretBox.keyId(newKey)), again);
            assertEquals(1, jdbc.first("select count(*) from crypto_keys", row -> row.getLong(1)).orElseThrow());
        } finally {
            log.removeHandler(handler);
        }
    }

    /** An event nobody observes. */
    private static final class NoObservers<T> implements Event<T> {
        @Override
        public void fire(T event) {
        }

        @Override
        public <U extends T> CompletionStage<U> fireAsync(U event) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U extends T> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Event<T> select(Annotation... qualifiers) {
            return this;
        }

        @Override
        public <U extends T> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U extends T> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }
    }
}
