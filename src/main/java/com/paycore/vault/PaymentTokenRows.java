package com.paycore.vault;

import com.paycore.platform.data.EntityInsert;

/** The statements on {@code payment_tokens} that go by plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
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
}
