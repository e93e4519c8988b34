package com.paycore.vault;

import com.paycore.access.ProjectCaller;
import com.paycore.platform.data.EntityInsert;

/** The statements on {@code payment_tokens} that go by plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
final class PaymentTokenRows {

    private PaymentTokenRows() {
    }

    /** A new token (tokenization): one auto-committed insert. */
    static final EntityInsert<PaymentToken> INSERT = EntityInsert.of(PaymentToken.class);

    /** The columns {@link PaymentToken.ForPayment#read} reads, of the token {@code t}. */
    private static final String FOR_PAYMENT = "t.id, t.project_id, t.status, t.keystore_id, t.pan_ciphertext, "
            + "t.cc_type, t.pan_length, t.last4, t.expiration_month, t.expiration_year, t.valid_cvv, t.first_name, "
            + "t.last_name, t.email, t.phone, t.address_line1, t.address_line2, t.city, t.state, t.zip, t.country";

    static final String FOR_PAYMENT_BY_ID = "select " + FOR_PAYMENT + " from payment_tokens t where t.id = ?";

    /**
     * Authorize's token by its {@code paymentToken} value, read with the API key's check in one statement
     * ({@link ProjectCaller#readWithKey}): only a token of the key's project; null when there is none.
     */
    static final ProjectCaller.KeyedRead<PaymentToken.ForPayment> FOR_PAYMENT_BY_TOKEN_WITH_KEY = withKey("payment_token");

    /** The same by the token's id. */
    static final ProjectCaller.KeyedRead<PaymentToken.ForPayment> FOR_PAYMENT_BY_ID_WITH_KEY = withKey("id");

    private static ProjectCaller.KeyedRead<PaymentToken.ForPayment> withKey(String column) {
        return ProjectCaller.KeyedRead.ofWrite(FOR_PAYMENT,
                "left join payment_tokens t on t." + column + " = ? and t.project_id = k.project_id", "",
                row -> PaymentToken.ForPayment.read(row, ProjectCaller.WRITE_KEY_COLUMNS));
    }
}
