package com.paycore.vault;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import com.paycore.access.Caller;
import com.paycore.audit.AuditLog;
import com.paycore.keystore.CardCipher;
import com.paycore.keystore.KeystoreService;
import com.paycore.run.Runs;

/**
 * Moves every token onto the newest keystore, in batches of {@link #BATCH} each committed on its own: a crash loses
 * at most a batch's work, and running it again resumes. Each token's ciphertext and keystore change in one row update,
 * and old keystores keep decrypting, so there is no moment when a token cannot be read.
 */
@ApplicationScoped
class TokenRotation {

    static final int BATCH = 200;
    static final String KIND = "TokenRotation";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    KeystoreService keystores;

    @Inject
    TokenRotation self;

    @Inject
    Caller caller;

    @Inject
    AuditLog audit;

    @Inject
    Runs runs;

    public record Result(UUID keystoreId, int rotated) {
    }

    /** One batch: how many tokens it looked at, and how many of them it moved. */
    public record Batch(int seen, int moved) {
    }

    /** A rotation asked for over HTTP (platform administrators), as a long run (202 at once, see {@link Runs}). */
    Response start(UriInfo uri) {
        caller.requirePlatformAdmin();
        return runs.start(KIND, null, uri, this::rotate);
    }

    /** Moves every token not on the newest keystore onto it, reporting how many there are and each batch moved. */
    Result rotate(Runs.Progress progress) {
        CardCipher target = keystores.current();
        progress.total(em.createQuery(PaymentTokenRows.NOT_ON_KEYSTORE_COUNT, Long.class)
                .setParameter("target", target.keystoreId()).getSingleResult());
        int total = 0;
        Batch batch;
        do {
            batch = self.rotateBatch(target);
            total += batch.moved();
            progress.done(batch.seen());
        } while (batch.seen() > 0);
        audit.record("TokensRotated", null, "Keystore", target.keystoreId(), total + " tokens moved");
        return new Result(target.keystoreId(), total);
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Batch rotateBatch(CardCipher target) {
        List<UUID> ids = em.createQuery(PaymentTokenRows.NOT_ON_KEYSTORE, UUID.class)
                .setParameter("target", target.keystoreId())
                .setMaxResults(BATCH)
                .getResultList();
        int moved = 0;
        for (UUID id : ids) {
            // Locked one by one (H2 refuses FOR UPDATE with LIMIT); a token erased or moved meanwhile is skipped.
            PaymentToken token = em.find(PaymentToken.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (token == null || token.panCiphertext() == null || target.keystoreId().equals(token.keystoreId())) {
                continue;
            }
            String pan = keystores.cipher(token.keystoreId()).open(token.panCiphertext(), token.aad());
            token.seal(target.keystoreId(), target.seal(pan, token.aad()));
            moved++;
        }
        return new Batch(ids.size(), moved);
    }
}
