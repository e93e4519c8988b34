package com.paycore.vault;

import java.time.Clock;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.paycore.keystore.CardCipher;
import com.paycore.keystore.KeystoreService;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.secret.LookupKey;

/**
 * Tokens made from a card file's rows (DESIGN.md section 13): each row is checked as E10 checks a card, without the
 * CVV (a file never carries one; {@code validCVV} stays null and no processor is asked), sealed under the newest
 * keystore and fingerprinted as E10 does, and kept with the file's id and the row's reference. The card file feature
 * prepares a chunk's rows here, then writes the prepared tokens in the transaction that records the chunk.
 */
@ApplicationScoped
public class FileTokens {

    /** The columns' widths: a longer value rejects the row, as the column would refuse it. */
    private static final Map<String, Integer> WIDTHS = Map.ofEntries(Map.entry("cardholderName", 150),
            Map.entry("firstName", 150), Map.entry("lastName", 150), Map.entry("email", 250), Map.entry("phone", 50),
            Map.entry("addressLine1", 250), Map.entry("addressLine2", 250), Map.entry("city", 100),
            Map.entry("state", 100), Map.entry("zip", 20), Map.entry("country", 60));

    @Inject
    LookupKey lookupKey;

    @Inject
    KeystoreService keystores;

    @Inject
    Jdbc jdbc;

    @Inject
    Clock clock;

    /** A row's cells by column name (absent optional columns: no entry or null). */
    public record FileCard(Map<String, String> cells) {

        String cell(String column) {
            String value = cells.get(column);
            return value == null || value.isEmpty() ? null : value;
        }

        @Override
        public String toString() {
            return "FileCard[card data withheld]";
        }
    }

    /** A row ready to be written: its token, sealed, or why it was rejected (E10's text, never a cell). */
    public static final class Prepared {
        private final PaymentToken token;
        private final String rejection;

        private Prepared(PaymentToken token, String rejection) {
            this.token = token;
            this.rejection = rejection;
        }

        public boolean rejected() {
            return rejection != null;
        }

        public String rejection() {
            return rejection;
        }

        public UUID tokenId() {
            return token.id();
        }

        public String paymentToken() {
            return token.token();
        }

        public String last4() {
            return token.last4();
        }

        public String ccType() {
            return token.ccType();
        }

        public int expirationMonth() {
            return token.expirationMonth();
        }

        public int expirationYear() {
            return token.expirationYear();
        }

        @Override
        public String toString() {
            return rejected() ? "Prepared[rejected]" : "Prepared[" + token.id() + "]";
        }
    }

    /** What a chunk's cards are sealed with: the newest keystore's key, looked up once per chunk (one thread). */
    public CardCipher.Sealer sealer() {
        return keystores.current().sealer();
    }

    /**
     * Checks and seals one row of {@code cardFileId}'s file for {@code projectId}; nothing is written. A bad row
     * answers its rejection: E10's error text for the card, or the column that is missing or too long.
     */
    public Prepared prepare(UUID projectId, UUID cardFileId, String reference, FileCard row, CardCipher.Sealer sealer) {
        try {
            Card card = Card.validateWithoutCvv(row.cell("cardNumber"), row.cell("expirationMonth"),
                    row.cell("expirationYear"), YearMonth.now(clock));
            String holder = row.cell("cardholderName");
            if (holder == null || holder.isBlank()) {
                return new Prepared(null, "cardholderName: required");
            }
            for (Map.Entry<String, Integer> width : WIDTHS.entrySet()) {
                String value = row.cell(width.getKey());
                if (value != null && value.length() > width.getValue()) {
                    return new Prepared(null, width.getKey() + ": at most " + width.getValue() + " characters");
                }
            }
            Address address = new Address(row.cell("firstName"), row.cell("lastName"), row.cell("email"),
                    row.cell("phone"), row.cell("addressLine1"), row.cell("addressLine2"), row.cell("city"),
                    row.cell("state"), row.cell("zip"), row.cell("country"));
            PaymentToken token = new PaymentToken(Ids.newTimeOrderedId(), projectId, PaymentTokenService.newToken(),
                    lookupKey.hash("pan:" + card.pan()), card, holder, null, address);
            token.fromFile(cardFileId, reference);
            token.seal(sealer.keystoreId(), sealer.seal(card.pan(), token.aad()));
            return new Prepared(token, null);
        } catch (AppException invalid) {
            return new Prepared(null, invalid.getMessage());
        }
    }

    /** Writes the prepared tokens that were not rejected, in the caller's transaction, all at once. */
    @Transactional(TxType.MANDATORY)
    public void write(List<Prepared> prepared) {
        List<Object[]> rows = new ArrayList<>();
        for (Prepared p : prepared) {
            if (!p.rejected()) {
                rows.add(PaymentTokenRows.INSERT.values(p.token));
            }
        }
        jdbc.insertAll(PaymentTokenRows.INSERT.sql(), rows);
    }
}
