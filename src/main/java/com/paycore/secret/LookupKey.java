package com.paycore.secret;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

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

    @PersistenceContext(unitName = "payments")
    EntityManager em;

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
        return em.createNativeQuery("select wrapped_key from crypto_keys where id = ?1").setParameter(1, ID)
                .getResultStream().findFirst().map(Object::toString);
    }

    /** Stores the wrapped lookup key; throws when another instance stored one first (the primary key decides). */
    @Transactional(TxType.REQUIRES_NEW)
    public void store(String wrapped) {
        em.createNativeQuery("insert into crypto_keys (id, wrapped_key, created_at) values (?1, ?2, current_timestamp)")
                .setParameter(1, ID).setParameter(2, wrapped).executeUpdate();
    }

    /**
     * True when the database already holds keyed hashes made before the lookup key was stored (releases that derived
     * it from the master key): they are kept valid by adopting that derivation once.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public boolean hashesPredateIt() {
        Number keys = (Number) em.createNativeQuery("select count(*) from project_keys").getSingleResult();
        Number tokens = (Number) em.createNativeQuery("select count(*) from payment_tokens").getSingleResult();
        return keys.longValue() + tokens.longValue() > 0;
    }
}
