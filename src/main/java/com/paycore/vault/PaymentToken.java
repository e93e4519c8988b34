package com.paycore.vault;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.NullableUuid;
import com.paycore.platform.data.Timestamped;

/**
 * A tokenized card. The card number exists only sealed under a keystore (and is destroyed on delete); brand,
 * last four digits, expiry and the CVV check's result are kept in clear; the CVV itself never is.
 */
@Entity
@Table(name = "payment_tokens")
class PaymentToken extends Timestamped {

    enum Status { Active, Disabled, Deleted }

    @Id
    private UUID id;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "payment_token")
    private String token;
    @Column(name = "keystore_id")
    @Convert(converter = NullableUuid.class)
    private UUID keystoreId;
    @Column(name = "pan_ciphertext")
    private String panCiphertext;
    private String fingerprint;
    @Column(name = "cc_type")
    private String ccType;
    private String last4;
    @Column(name = "pan_length")
    private int panLength;
    @Column(name = "expiration_month")
    private int expirationMonth;
    @Column(name = "expiration_year")
    private int expirationYear;
    @Column(name = "cardholder_name")
    private String cardholderName;
    @Column(name = "valid_cvv")
    private Boolean validCvv; // null: unknown (gateway 2's verification was not answered)
    @Column(name = "first_name")
    private String firstName;
    @Column(name = "last_name")
    private String lastName;
    private String email;
    private String phone;
    @Column(name = "address_line1")
    private String addressLine1;
    @Column(name = "address_line2")
    private String addressLine2;
    private String city;
    private String state;
    private String zip;
    private String country;
    @Enumerated(EnumType.STRING)
    private Status status;
    @Column(name = "deleted_at")
    private OffsetDateTime deletedAt;
    @Column(name = "updater_checked_at")
    private OffsetDateTime updaterCheckedAt;
    private String reference; // the merchant's reference of the card file row it came from; null from E10
    @Column(name = "card_file_id")
    @Convert(converter = NullableUuid.class)
    private UUID cardFileId;

    protected PaymentToken() {
    }

    PaymentToken(UUID id, UUID projectId, String token, String fingerprint, Card card, String cardholderName,
                 Boolean validCvv, Address address) {
        this.id = id;
        this.projectId = projectId;
        this.token = token;
        this.fingerprint = fingerprint;
        this.ccType = card.brand().name();
        this.last4 = card.last4();
        this.panLength = card.pan().length();
        this.expirationMonth = card.month();
        this.expirationYear = card.year();
        this.cardholderName = cardholderName;
        this.validCvv = validCvv;
        this.firstName = address.firstName();
        this.lastName = address.lastName();
        this.email = address.email();
        this.phone = address.phone();
        this.addressLine1 = address.addressLine1();
        this.addressLine2 = address.addressLine2();
        this.city = address.city();
        this.state = address.state();
        this.zip = address.zip();
        this.country = address.country();
        this.status = Status.Active;
    }

    /** Marks a token made from a card file's row: the file and the row's reference (DESIGN.md section 13). */
    void fromFile(UUID cardFileId, String reference) {
        this.cardFileId = cardFileId;
        this.reference = reference;
    }

    /** Seals (or re-seals, on rotation) the card number under a keystore, in one row update. */
    void seal(UUID keystoreId, String panCiphertext) {
        this.keystoreId = keystoreId;
        this.panCiphertext = panCiphertext;
    }

    /**
     * Erasure: the sealed number is destroyed (crypto-erase), and with it the number's fingerprint, the cardholder's
     * name, e-mail, phone and street lines; brand, last four digits, expiry and city, state, zip and country stay for
     * history. Answers the personal values as they were, for the copies elsewhere.
     */
    PaymentTokenErased erase(OffsetDateTime now) {
        PaymentTokenErased erased = new PaymentTokenErased(projectId, id, cardholderName, firstName, lastName, email,
                phone, addressLine1, addressLine2);
        this.panCiphertext = null;
        this.keystoreId = null;
        this.fingerprint = null;
        this.cardholderName = null;
        this.firstName = null;
        this.lastName = null;
        this.email = null;
        this.phone = null;
        this.addressLine1 = null;
        this.addressLine2 = null;
        this.status = Status.Deleted;
        this.deletedAt = now;
        return erased;
    }

    /** The account updater reported a new expiry (CardExpired). */
    void renew(int month, int year) {
        this.expirationMonth = month;
        this.expirationYear = year;
    }

    /**
     * The account updater reported a new card number (CardReplaced): the caller has sealed it under the newest
     * keystore; brand, last four digits, length (the masked number) and fingerprint follow it.
     */
    void replaceCard(UUID keystoreId, String panCiphertext, String fingerprint, CardBrand brand, String pan,
                     int month, int year) {
        seal(keystoreId, panCiphertext);
        this.fingerprint = fingerprint;
        this.ccType = brand.name();
        this.last4 = pan.substring(pan.length() - 4);
        this.panLength = pan.length();
        renew(month, year);
    }

    /** The card's account is closed: the token can no longer pay. It stays readable and deletable. */
    void disable() {
        this.status = Status.Disabled;
    }

    /** The account updater asked the card's issuer about this token at that time. */
    void updaterChecked(OffsetDateTime at) {
        this.updaterCheckedAt = at;
    }

    OffsetDateTime updaterCheckedAt() {
        return updaterCheckedAt;
    }

    boolean active() {
        return status == Status.Active;
    }

    boolean deleted() {
        return status == Status.Deleted;
    }

    /** Associated data binding a sealed number to its row. */
    String aad() {
        return aad(id);
    }

    /** What the sealed card number is bound to: its token's id. */
    static String aad(UUID tokenId) {
        return "pan:" + tokenId;
    }

    /**
     * A token as a payment reads it ({@link PaymentTokenRows#FOR_PAYMENT_BY_ID}): its owner and state, its sealed
     * number, and what the transaction records.
     */
    record ForPayment(UUID projectId, boolean active, UUID keystoreId, String panCiphertext, StoredCard card) {

        static ForPayment read(ResultSet row) throws SQLException {
            UUID id = Jdbc.uuid(row, 1);
            int length = row.getInt(7);
            String last4 = row.getString(8);
            int month = row.getInt(9);
            int year = row.getInt(10);
            Address address = new Address(row.getString(12), row.getString(13), row.getString(14), row.getString(15),
                    row.getString(16), row.getString(17), row.getString(18), row.getString(19), row.getString(20),
                    row.getString(21));
            return new ForPayment(Jdbc.uuid(row, 2), Status.Active.name().equals(row.getString(3)), Jdbc.uuid(row, 4),
                    row.getString(5), new StoredCard(id, row.getString(6), masked(length, last4), last4, month, year,
                    (Boolean) row.getObject(11), address, null));
        }
    }

    String reference() {
        return reference;
    }

    UUID cardFileId() {
        return cardFileId;
    }

    UUID id() {
        return id;
    }

    UUID projectId() {
        return projectId;
    }

    String token() {
        return token;
    }

    UUID keystoreId() {
        return keystoreId;
    }

    String panCiphertext() {
        return panCiphertext;
    }

    String ccType() {
        return ccType;
    }

    String last4() {
        return last4;
    }

    String masked() {
        return masked(panLength, last4);
    }

    private static String masked(int panLength, String last4) {
        return "*".repeat(panLength - 4) + last4;
    }

    int expirationMonth() {
        return expirationMonth;
    }

    int expirationYear() {
        return expirationYear;
    }

    String cardholderName() {
        return cardholderName;
    }

    Boolean validCvv() {
        return validCvv;
    }

    Address address() {
        return new Address(firstName, lastName, email, phone, addressLine1, addressLine2, city, state, zip, country);
    }

    Status status() {
        return status;
    }
}
