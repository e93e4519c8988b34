package com.paycore.vault;

import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.List;
import java.util.UUID;
import java.util.function.BiFunction;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.event.Events;
import com.paycore.event.Topic;
import com.paycore.keystore.CardCipher;
import com.paycore.keystore.KeystoreService;
import com.paycore.processor.CardData;
import com.paycore.processor.PaymentGateway.AccountUpdate.Kind;
import com.paycore.processor.PaymentGateway.AccountUpdate;
import com.paycore.secret.LookupKey;

/**
 * The vault's side of the card account updater: which tokens are due, and asking the card's issuer about one token
 * and applying the answer under the token's row lock. The card number is opened only for the issuer's call and
 * a replacement number is sealed at once under the newest keystore; neither leaves this class otherwise.
 * <p>
 * A token is asked at most once per period: the caller passes the period's start, and a token asked since then is
 * not due (and, re-read after locking, skipped), so concurrent runs on several instances ask and apply once.
 */
@ApplicationScoped
public class AccountUpdates {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    LookupKey lookupKey;

    @Inject
    KeystoreService keystores;

    @Inject
    Events outbox;

    public enum Outcome {
        /** Not asked: gone, no longer active, or already asked in this period (by another run). */
        Skipped,
        /** Asked; the answer changes nothing. */
        NoChange,
        /** Asked; the answer was applied (or, for ContactCardholder, is to be recorded). */
        Updated,
        /** The issuer's call failed or its answer could not be applied: the token is unchanged and stays due. */
        Failed
    }

    /** What asking about one token did; the card values are those before and after (last four digits only). */
    public record Result(Outcome outcome, UUID tokenId, UUID projectId, Kind kind, String oldLast4, String newLast4,
                         YearMonth oldExpiry, YearMonth newExpiry, String failure) {

        static Result of(Outcome outcome, PaymentToken token) {
            return new Result(outcome, token == null ? null : token.id(), token == null ? null : token.projectId(),
                    null, null, null, null, null, null);
        }
    }

    /** How many active tokens of the projects were not asked since {@code periodStart} (a run's total). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public long dueCount(List<UUID> projectIds, OffsetDateTime periodStart) {
        if (projectIds.isEmpty()) {
            return 0;
        }
        return em.createQuery(PaymentTokenRows.UPDATER_DUE_COUNT, Long.class)
                .setParameter("projects", projectIds)
                .setParameter("active", PaymentToken.Status.Active)
                .setParameter("since", periodStart)
                .getSingleResult();
    }

    /**
     * Ids of active tokens of the projects not asked since {@code periodStart}, after {@code after} in id order
     * (keyset paging: a token that fails stays due but does not stop the walk), at most {@code max}.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<UUID> due(List<UUID> projectIds, OffsetDateTime periodStart, UUID after, int max) {
        if (projectIds.isEmpty()) {
            return List.of();
        }
        return em.createQuery(PaymentTokenRows.UPDATER_DUE_AFTER, UUID.class)
                .setParameter("projects", projectIds)
                .setParameter("active", PaymentToken.Status.Active)
                .setParameter("since", periodStart)
                .setParameter("after", after)
                .setMaxResults(max)
                .getResultList();
    }

    /**
     * Locks the token, reads it again, and when it is still due asks the issuer (the function gets the token's project
     * and the card, for the one call) and applies the answer: CardExpired renews the expiry; CardReplaced seals the new number under the
     * newest keystore with a new fingerprint, brand and last four digits; AccountClosed disables the token;
     * ContactCardholder changes nothing on it. A renewal or replacement is a {@code payment_token.updated} event, a
     * closed account a {@code payment_token.disabled} one (the token as its GET shows it, masked), recorded for the
     * company's project. Runs in the caller's transaction, which keeps the lock until it ends.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Result ask(UUID tokenId, UUID companyId, OffsetDateTime periodStart, OffsetDateTime now,
                      BiFunction<UUID, CardData, AccountUpdate> issuer) {
        PaymentToken token = em.find(PaymentToken.class, tokenId, LockModeType.PESSIMISTIC_WRITE);
        if (token == null || !token.active() || token.panCiphertext() == null
                || token.updaterCheckedAt() != null && !token.updaterCheckedAt().isBefore(periodStart)) {
            return Result.of(Outcome.Skipped, token);
        }
        String pan = keystores.cipher(token.keystoreId()).open(token.panCiphertext(), token.aad());
        YearMonth oldExpiry = YearMonth.of(token.expirationYear(), token.expirationMonth());
        CardChange change;
        try {
            AccountUpdate answer = issuer.apply(token.projectId(),
                    new CardData(pan, token.expirationMonth(), token.expirationYear()));
            change = CardChange.of(answer, pan, oldExpiry);
        } catch (IllegalArgumentException refused) {
            return failed(token, refused.getMessage());
        } catch (RuntimeException callFailed) {
            // A connector's exception text is not ours to repeat (it might carry what it was given): its type only.
            return failed(token, "the issuer call failed (" + callFailed.getClass().getSimpleName() + ")");
        }
        token.updaterChecked(now);
        String oldLast4 = token.last4();
        switch (change.action()) {
            case None -> {
                return new Result(Outcome.NoChange, token.id(), token.projectId(), Kind.NoChange, oldLast4, oldLast4,
                        oldExpiry, oldExpiry, null);
            }
            case Renew -> token.renew(change.newExpiry().getMonthValue(), change.newExpiry().getYear());
            case Replace -> {
                CardCipher cipher = keystores.current();
                token.replaceCard(cipher.keystoreId(), cipher.seal(change.newPan(), token.aad()),
                        lookupKey.hash("pan:" + change.newPan()), change.newBrand(), change.newPan(),
                        change.newExpiry().getMonthValue(), change.newExpiry().getYear());
            }
            case Disable -> token.disable();
            case RecordOnly -> {
                // The cardholder must be contacted; the token stays as it is.
            }
        }
        if (change.action() != CardChange.Action.RecordOnly) {
            outbox.record(change.action() == CardChange.Action.Disable ? Topic.PAYMENT_TOKEN_DISABLED
                    : Topic.PAYMENT_TOKEN_UPDATED, token.projectId(), companyId, now, TokenView.from(token));
        }
        return new Result(Outcome.Updated, token.id(), token.projectId(), change.kind(), oldLast4, token.last4(),
                oldExpiry, YearMonth.of(token.expirationYear(), token.expirationMonth()), null);
    }

    private static Result failed(PaymentToken token, String why) {
        return new Result(Outcome.Failed, token.id(), token.projectId(), null, null, null, null, null, why);
    }
}
