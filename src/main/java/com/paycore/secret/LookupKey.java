package com.paycore.secret;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.paycore.platform.data.Jdbc;

/**
 * The key of every keyed hash the service stores: API-key lookup hashes, card fingerprints and idempotency
 * fingerprints (an unkeyed hash of a card number can be reversed offline by trying every number of a BIN). It is
 * 256 random bits made once per database and stored only wrapped by the master key (row {@code lookup} of
 * {@code crypto_keys}), not derived from it: a master-key rotation re-wraps it like any other secret and every
 * stored hash stays valid. {@link MasterKeyStartup} loads it before the application serves requests.
 */
@ApplicationScoped
public class LookupKey {

    static final String ID = "lookup";
    static final String PURPOSE = "crypto-key:" + ID;
    static final String STORED = "select wrapped_key from crypto_keys where id = ?";
    static final String STORE = "insert into crypto_keys (id, wrapped_key, created_at) values (?, ?, current_timestamp)";
    static final String HASHES = "select (select count(*) from project_keys) + (select count(*) from payment_tokens)";

    @Inject
    Jdbc jdbc;

    private volatile byte[] key;

    /** Hex HMAC-SHA-256 of the value under the lookup key. */
    public String hash(String value) {
        return hash(value.getBytes(StandardCharsets.UTF_8));
    }

    public String hash(byte[] value) {
        return HexFormat.of().formatHex(SecretBox.hmac(key(), value));
    }

    public byte[] key() {
        byte[] loaded = key;
        if (loaded == null) {
            throw new IllegalStateException("the lookup key is not loaded yet");
        }
        return loaded;
    }

    void install(byte[] unwrapped) {
        key = unwrapped.clone();
    }

    /** The wrapped lookup key, when the database has one. */
    @Transactional(TxType.REQUIRES_NEW)
    public Optional<String> stored() {
        return jdbc.first(STORED, row -> row.getString(1), ID);
    }

    /** Stores the wrapped lookup key; throws when another instance stored one first (the primary key decides). */
    @Transactional(TxType.REQUIRES_NEW)
    public void store(String wrapped) {
        jdbc.update(STORE, ID, wrapped);
    }

    /**
     * True when the database already holds keyed hashes made before the lookup key was stored (releases that derived
     * it from the master key): they are kept valid by adopting that derivation once.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public boolean hashesPredateIt() {
        return jdbc.first(HASHES, row -> row.getLong(1)).orElseThrow() > 0;
    }
}
