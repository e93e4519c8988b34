package com.paycore.secret;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import com.paycore.platform.runtime.Randomness;
import com.paycore.platform.runtime.StartupOrder;

/**
 * At every start, before the application is ready: checks that the configured master key opens everything sealed
 * in the database, moves every value still sealed under a previous master key onto the current one (so the
 * previous key can then be removed from the configuration), and loads the {@link LookupKey} (making it on a new
 * database). A value no configured key opens stops the deployment with a message naming the setting: the service
 * never reports ready only to fail every tokenization afterwards. Runs right after the {@link com.paycore.platform.data.SchemaMigration}
 * ({@link StartupOrder#MASTER_KEY}), outside a transaction: each batch it re-seals is its own.
 */
@ApplicationScoped
class MasterKeyStartup {

    private static final Logger LOG = Logger.getLogger(MasterKeyStartup.class.getName());
    @Inject
    Event<SecretColumns> declarations;

    @Inject
    MasterKeyRewrap rewrap;

    @Inject
    LookupKey lookupKey;

    void start(@Observes @Priority(StartupOrder.MASTER_KEY) @Initialized(ApplicationScoped.class) Object started) {
        start(SecretBox::get);
    }

    /** The check with the master key (and previous ones) from {@code keys}: the configured ones, at startup. */
    void start(Supplier<SecretBox> keys) {
        try {
            check(keys);
        } catch (IllegalStateException refused) {
            LOG.severe(refused.getMessage());
            throw refused;
        }
    }

    private void check(Supplier<SecretBox> keys) {
        SecretBox box;
        try {
            box = keys.get();
        } catch (SecretBox.MasterKeyUnavailable e) {
            throw new IllegalStateException("Startup refused: " + e.getMessage());
        }
        SecretColumns columns = new SecretColumns();
        columns.add("crypto_keys", "wrapped_key", row -> "crypto-key:" + row[0], "id");
        declarations.fire(columns);
        Map<String, Integer> moved = new LinkedHashMap<>();
        for (SecretColumns.Column column : columns.all()) {
            int found;
            while ((found = rewrap.batch(column, box)) > 0) {
                moved.merge(column.table() + "." + column.column(), found, Integer::sum);
            }
        }
        if (!moved.isEmpty()) {
            LOG.warning("Re-sealed under the current master key " + box.currentKeyId() + ": " + moved
                    + ". Once every instance runs with this master key, remove the old one from "
                    + SecretBox.PREVIOUS_KEYS_SETTING + ".");
        }
        loadLookupKey(box);
        LOG.info("Master key " + box.currentKeyId() + " opens every stored secret; nothing is sealed under a "
                + "previous master key any more.");
    }

    private void loadLookupKey(SecretBox box) {
        var wrapped = lookupKey.stored();
        if (wrapped.isEmpty()) {
            byte[] fresh;
            if (lookupKey.hashesPredateIt()) {
                fresh = box.legacyLookupKey();
            } else {
                fresh = new byte[32];
                Randomness.fill(fresh);
            }
            try {
                lookupKey.store(box.encrypt(fresh, LookupKey.PURPOSE));
            } catch (RuntimeException raced) {
                // another instance stored one first: everyone uses that one (read below)
            }
            wrapped = lookupKey.stored();
        }
        lookupKey.install(box.decrypt(wrapped.orElseThrow(() -> new IllegalStateException("no lookup key stored")),
                LookupKey.PURPOSE));
    }

    /** The startup error for a value sealed under a master key that is not configured. */
    static String unknownKey(SecretColumns.Column column, String keyId) {
        return "Startup refused: " + column.table() + "." + column.column() + " holds values sealed under master key "
                + keyId + ", which is neither " + SecretBox.MASTER_KEY_SETTING + " (payments.crypto.master-key) nor "
                + "listed in " + SecretBox.PREVIOUS_KEYS_SETTING + ". Set " + SecretBox.MASTER_KEY_SETTING
                + " to the master key these were made with (a lost or wrong key), or list it in "
                + SecretBox.PREVIOUS_KEYS_SETTING + " while rotating.";
    }
}
