package com.paycore.idempotency;

import java.io.IOException;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.SecretBox;

/**
 * What a streamed idempotent operation ({@link Idempotent#streamed}) calls to store its answer with its effect. Such
 * an operation commits its effect in a local database transaction of its own (a long upload that no JTA timeout may
 * cut), so {@link ResponseWithEffect} does not wrap it; instead, once the body has been read to its end and before
 * that transaction commits, {@link #answer} writes the answer and the body's fingerprint on the request's claim in the
 * same transaction: the effect and the answer a retry replays commit together or not at all. When the claim is no
 * longer the request's (its lease ran out and a retry took it over), 409 and the transaction rolls back: the retry
 * does the work, once.
 */
@ApplicationScoped
public class StreamedClaims {

    @Inject
    HeldKey held;

    /** The master key's box; a field so unit tests can give their own. */
    Supplier<SecretBox> masterKey = SecretBox::get;

    /**
     * In the effect's transaction ({@code session}), after the body was read to its end: stores {@code answer} on
     * the request's claim; nothing when the request carries no {@code Idempotency-Key}.
     */
    public void answer(Jdbc.Session session, Response answer) throws SQLException {
        UUID claim = held.id();
        FingerprintedBody body = held.body();
        if (claim == null || body == null) {
            return;
        }
        String fingerprint;
        try {
            fingerprint = body.readToEndAndFinish();
        } catch (IOException e) {
            throw AppException.invalid("the body could not be read to its end (cut short?); nothing was stored");
        }
        String sealed = IdempotencyFilter.sealed(claim, answer.getStringHeaders(), IdempotencyFilter.serialized(
                answer.getEntity(), answer.getEntity() == null ? null : answer.getEntity().getClass()), masterKey.get());
        if (session.update(IdempotencyRows.COMPLETE_STREAMED, answer.getStatus(), sealed, fingerprint, claim) != 1) {
            throw new AppException(ErrorCode.CONFLICT, IdempotencyFilter.IN_PROGRESS_MESSAGE);
        }
        held.markAnswered();
    }
}
