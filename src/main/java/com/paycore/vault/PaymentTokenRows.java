package com.paycore.vault;

import com.paycore.platform.data.EntityInsert;

/** The statements on {@code payment_tokens}, plain JDBC and JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class PaymentTokenRows {

    private PaymentTokenRows() {
    }

    /** A new token (tokenization): one auto-committed insert. */
    static final EntityInsert<PaymentToken> INSERT = EntityInsert.of(PaymentToken.class);

    /** The columns {@link PaymentToken.ForPayment#read} reads. */
    private static final String FOR_PAYMENT = "select id, project_id, status, keystore_id, pan_ciphertext, cc_type, "
            + "pan_length, last4, expiration_month, expiration_year, valid_cvv, first_name, last_name, email, phone, "
            + "address_line1, address_line2, city, state, zip, country from payment_tokens where ";

    static final String FOR_PAYMENT_BY_ID = FOR_PAYMENT + "id = ?";
    static final String FOR_PAYMENT_BY_TOKEN = FOR_PAYMENT + "payment_token = ?";

    /**
     * A page of a project's active tokens for an export ({@link TokenExport}): keyset order by id, after the given id.
     */
    static final String EXPORT_PAGE = "select id, payment_token, reference, keystore_id, pan_ciphertext, "
            + "expiration_month, expiration_year, cardholder_name, first_name, last_name, email, phone, address_line1, "
            + "address_line2, city, state, zip, country from payment_tokens "
            + "where project_id = ? and status = 'Active' and id > ? order by id limit ?";

    /** How many active tokens a project has (an export's total). */
    static final String EXPORT_COUNT = "select count(*) from payment_tokens where project_id = ? and status = 'Active'";

    /** How many tokens are stored, deleted ones included (the business figures). */
    static final String COUNT = "SELECT COUNT(*) FROM payment_tokens";

    /** Active tokens of {@code :projects} the card updater has not asked about since {@code :since}. */
    private static final String UPDATER_DUE = " from PaymentToken t where t.projectId in :projects and t.status = :active "
            + "and (t.updaterCheckedAt is null or t.updaterCheckedAt < :since)";

    /** JPQL: how many tokens are {@link #UPDATER_DUE} (a card updater run's total). */
    static final String UPDATER_DUE_COUNT = "select count(t)" + UPDATER_DUE;

    /** JPQL: the ids of the tokens {@link #UPDATER_DUE} after {@code :after}, in id order (a batch's keyset). */
    static final String UPDATER_DUE_AFTER = "select t.id" + UPDATER_DUE + " and t.id > :after order by t.id";

    /** The tokens whose card number is sealed under another keystore than {@code :target}. */
    private static final String NOT_ON_TARGET = " from PaymentToken t where t.panCiphertext is not null "
            + "and t.keystoreId <> :target";

    /** JPQL: how many tokens a keystore rotation moves ({@link #NOT_ON_TARGET}). */
    static final String NOT_ON_KEYSTORE_COUNT = "select count(t)" + NOT_ON_TARGET;

    /** JPQL: the ids of the tokens {@link #NOT_ON_TARGET}, in id order. */
    static final String NOT_ON_KEYSTORE = "select t.id" + NOT_ON_TARGET + " order by t.id";
}
